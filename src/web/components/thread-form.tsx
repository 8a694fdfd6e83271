import { Send } from "lucide-react";
import { useId, useState } from "react";
import { THREAD_ENTRY_MAX, threadEntrySchema } from "../../shared/contracts/support-inbox.ts";
import { errorMessage } from "../lib/api-client.ts";
import { serverFieldError } from "../lib/form-problems.ts";
import { textOf, usePlainForm } from "../lib/plain-form.ts";
import { schemaChecks } from "../lib/schema-checks.ts";
import { Button } from "./ui/button.tsx";
import { Field, Textarea } from "./ui/field.tsx";

/** The message's checks: the schema the server parses an entry with again, the text trimmed. */
const checks = schemaChecks(threadEntrySchema.pick({ body: true }));

/**
 * A message box for a thread: a counter, a send button, and the reason when it cannot go. The
 * text stays in the box until the server has it, so a refusal loses nothing. A plain form
 * (decision 44): the customer's ticket page is drawn with it, and one box needs no form library.
 */
export function ThreadForm({
  label,
  hint,
  send,
  sending,
  submit,
  rows = 5,
}: {
  label: string;
  hint?: string;
  send: string;
  sending: string;
  submit(body: string): Promise<unknown>;
  rows?: number;
}) {
  const id = useId();
  const [length, setLength] = useState(0);
  const [busy, setBusy] = useState(false);
  const form = usePlainForm({
    fields: ["body"],
    read: (data) => ({ body: textOf(data, "body") }),
    checks,
    focusProblem: false,
    send: async ({ body }, element) => {
      setBusy(true);
      try {
        await submit(body);
        form.clear(element);
        setLength(0);
      } catch (refusal) {
        form.showProblem("body", serverFieldError(refusal)?.message ?? errorMessage(refusal));
      } finally {
        setBusy(false);
      }
    },
  });
  const error = form.problems.body;

  return (
    <form onSubmit={form.onSubmit} noValidate className="space-y-3">
      <Field id={id} label={label} error={error}>
        <Textarea
          name="body"
          rows={rows}
          onChange={(event) => setLength(event.target.value.length)}
          aria-describedby={`${id}-count${error ? ` ${id}-error` : ""}`}
        />
      </Field>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p id={`${id}-count`} className="text-xs text-ink-500">
          {hint && <span className="mr-2">{hint}</span>}
          {length.toLocaleString("en-IN")} / {THREAD_ENTRY_MAX.toLocaleString("en-IN")}
        </p>
        <Button type="submit" disabled={busy}>
          <Send aria-hidden="true" className="h-4 w-4" /> {busy ? sending : send}
        </Button>
      </div>
    </form>
  );
}
