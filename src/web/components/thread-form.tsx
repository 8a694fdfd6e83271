import { Send } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { SUPPORT_THREAD_MESSAGES, THREAD_ENTRY_MAX } from "../../shared/contracts/support-inbox.ts";
import { errorMessage } from "../lib/api-client.ts";
import { serverFieldError } from "../lib/form-problems.ts";
import { Button } from "./ui/button.tsx";
import { Field, Textarea } from "./ui/field.tsx";

/** What a thread form checks before sending; the server checks the same again. */
export function entryProblem(text: string): string | undefined {
  if (!text.trim()) return SUPPORT_THREAD_MESSAGES.empty;
  if (text.trim().length > THREAD_ENTRY_MAX) return SUPPORT_THREAD_MESSAGES.tooLong;
  return undefined;
}

/**
 * A message box for a thread: a counter, a send button, and the reason when it cannot go. The
 * text stays in the box until the server has it, so a refusal loses nothing.
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
  const [text, setText] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = entryProblem(text);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await submit(text.trim());
      setText("");
    } catch (refusal) {
      setError(serverFieldError(refusal)?.message ?? errorMessage(refusal));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <Field id={id} label={label} error={error}>
        <Textarea
          value={text}
          rows={rows}
          onChange={(event) => setText(event.target.value)}
          aria-describedby={`${id}-count${error ? ` ${id}-error` : ""}`}
        />
      </Field>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p id={`${id}-count`} className="text-xs text-ink-500">
          {hint && <span className="mr-2">{hint}</span>}
          {text.length.toLocaleString("en-IN")} / {THREAD_ENTRY_MAX.toLocaleString("en-IN")}
        </p>
        <Button type="submit" disabled={busy}>
          <Send aria-hidden="true" className="h-4 w-4" /> {busy ? sending : send}
        </Button>
      </div>
    </form>
  );
}
