import { MessageSquareReply } from "lucide-react";
import { useId, useState } from "react";
import { ThreadForm } from "../../../components/thread-form.tsx";
import { Button } from "../../../components/ui/button.tsx";

/**
 * "Reply by email" under a feedback message or a low rating: the button opens a message box in
 * place, and the first reply opens a conversation in the inbox.
 */
export function AnswerDisclosure({
  button,
  buttonLabel,
  label,
  hint,
  send,
  sending,
  cancel,
  submit,
}: {
  button: string;
  buttonLabel: string;
  label: string;
  hint: string;
  send: string;
  sending: string;
  cancel: string;
  submit(body: string): Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="mt-3">
      {/* The button keeps its name open or closed: its state is aria-expanded's to tell. */}
      <Button
        variant="outline"
        size="sm"
        aria-expanded={open}
        aria-controls={id}
        aria-label={buttonLabel}
        onClick={() => setOpen(!open)}
      >
        <MessageSquareReply aria-hidden="true" className="h-4 w-4" /> {button}
      </Button>
      {open && (
        <div id={id} className="mt-3">
          <ThreadForm
            label={label}
            hint={hint}
            send={send}
            sending={sending}
            rows={4}
            submit={async (body) => {
              await submit(body);
              setOpen(false);
            }}
          />
          <Button variant="ghost" size="sm" className="mt-2" onClick={() => setOpen(false)}>
            {cancel}
          </Button>
        </div>
      )}
    </div>
  );
}
