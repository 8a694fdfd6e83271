// The form recipe's other path (decisions 3 and 44), for a form that is the reason for its page
// and in its first screen: drawn with the page, its inputs uncontrolled, read with FormData when
// sent, and checked with the shared checks (a rule without zod, or a schema's checks loaded as the
// person starts on the form), so neither react-hook-form nor zod is on the page's first load.
import { type FormEvent, useRef, useState } from "react";
import { toast } from "../components/toasts.tsx";
import { errorMessage } from "./api-client.ts";
import type { Checked, FieldProblems } from "./form-checks.ts";
import { firstMessage, showRefusal } from "./form-problems.ts";

/** A text field's value as the form sends it; "" for a field it does not hold. */
export function textOf(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === "string" ? value : "";
}

export type PlainFormOptions<Values, Request> = {
  /** The inputs' names in the order they appear: the first with a problem takes the focus. */
  fields: readonly string[];
  /** What the fields hold, from the form's data. */
  read(data: FormData): Values;
  checks(values: Values): Checked<Request> | Promise<Checked<Request>>;
  /**
   * With the spec's message for anything missing, a form that cannot be sent yet says so in a
   * toast (that message when anything is missing, otherwise the first problem); without it the
   * fields alone say.
   */
  missingMessage?: string;
  /** After the first attempt each change is checked again, so a corrected field clears at once. */
  recheck?: boolean;
  /** Whether the first field with a problem takes the focus (it does, unless told not to). */
  focusProblem?: boolean;
  /** Sends what the checks let through; its own refusals are its to show (see `refuse`). */
  send(request: Request, form: HTMLFormElement): Promise<void>;
};

export function usePlainForm<Values, Request>(options: PlainFormOptions<Values, Request>) {
  const { fields, read, checks, missingMessage, send } = options;
  const { recheck = false, focusProblem = true } = options;
  const [problems, setProblems] = useState<FieldProblems>({});
  const tried = useRef(false);
  // Checked, then sent: a second press meanwhile must not send it twice.
  const busy = useRef(false);

  const check = async (form: HTMLFormElement) => checks(read(new FormData(form)));

  const show = (form: HTMLFormElement, found: FieldProblems) => {
    setProblems(found);
    const first = fields.find((field) => found[field]);
    if (!first) return;
    if (missingMessage) {
      const message = firstMessage(
        fields.map((field) => found[field]),
        missingMessage,
      );
      if (message) toast.error(message);
    }
    const control = form.elements.namedItem(first);
    if (focusProblem && control instanceof HTMLElement) control.focus();
  };

  const recheckField = async (form: HTMLFormElement, field: string) => {
    if (!recheck || !tried.current) return;
    // Unreachable checks say so when the form is sent; a change has nothing to add.
    const checked = await check(form).catch(() => undefined);
    if (!checked) return;
    setProblems((shown) => ({
      ...shown,
      [field]: checked.ok ? undefined : checked.problems[field],
    }));
  };

  const checkAndSend = async (form: HTMLFormElement) => {
    tried.current = true;
    let checked: Checked<Request>;
    try {
      checked = await check(form);
    } catch (error) {
      toast.error(errorMessage(error));
      return;
    }
    if (!checked.ok) return show(form, checked.problems);
    setProblems({});
    await send(checked.request, form);
  };

  return {
    problems,
    onSubmit: async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      if (busy.current) return;
      busy.current = true;
      try {
        await checkAndSend(form);
      } finally {
        busy.current = false;
      }
    },
    onChange: async (event: FormEvent<HTMLFormElement>) => {
      if (!(event.target instanceof Element)) return;
      const field = event.target.getAttribute("name");
      if (field) await recheckField(event.currentTarget, field);
    },
    /** A field the form's own change events miss (a date picked in a calendar) checked again. */
    recheckField,
    /** One problem, the server's, shown on its field in place of any other. */
    showProblem: (field: string, message: string) => setProblems({ [field]: message }),
    /** The server's refusal: on the field it names, when the form has it, and as a toast. */
    refuse: (error: unknown) =>
      showRefusal(error, fields, (field, message) => setProblems({ [field]: message })),
    /** Empties the fields and forgets their problems, as after the form was sent. */
    clear: (form: HTMLFormElement) => {
      form.reset();
      tried.current = false;
      setProblems({});
    },
  };
}

/**
 * A plain form the browser sends itself (a GET whose answer is a file to download): the event is
 * held back, and the problems shown, only when the checks find any. They must answer at once, as
 * an event can be held back only before its handler returns.
 */
export function useNativeForm<Values>({
  read,
  checks,
}: {
  read(data: FormData): Values;
  checks(values: Values): Checked<unknown>;
}) {
  const [problems, setProblems] = useState<FieldProblems>({});
  return {
    problems,
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      const checked = checks(read(new FormData(event.currentTarget)));
      setProblems(checked.ok ? {} : checked.problems);
      if (!checked.ok) event.preventDefault();
    },
  };
}
