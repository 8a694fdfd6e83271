import { Send } from "lucide-react";
import { useId, useRef, useState } from "react";
import type { SavedReply } from "../../../../shared/contracts/saved-replies.ts";
import {
  type StaffTicket,
  THREAD_ENTRY_MAX,
  type TicketStatus,
  threadEntrySchema,
} from "../../../../shared/contracts/support-inbox.ts";
import type { TicketChange } from "../../../../shared/contracts/ticket-changes.ts";
import { fillPlaceholders, leftPlaceholders } from "../../../../shared/rules/reply-placeholders.ts";
import { toast } from "../../../components/toasts.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Field, Textarea } from "../../../components/ui/field.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { newReplyKey, ticketChangeOf, useSendReply } from "../api/replies.ts";
import { RELATIONS_TEXT } from "../texts.ts";
import { SavedReplyPicker } from "./saved-reply-picker.tsx";
import { StaleReplyQuestion } from "./stale-reply-question.tsx";

const text = RELATIONS_TEXT.ticket;
const replies = RELATIONS_TEXT.replies;
const saved = RELATIONS_TEXT.savedReplies;
const bodySchema = threadEntrySchema.pick({ body: true });

/** The ticket as the desk saw it when they started writing. */
type Seen = { version: number; lastEntryId: number; status: TicketStatus };

const seenOf = (ticket: StaffTicket): Seen => ({
  version: ticket.version,
  lastEntryId: ticket.thread.at(-1)?.id ?? 0,
  status: ticket.status,
});

/**
 * The reply to the customer. The ticket on screen refreshes by itself as others change it, so the
 * version a reply is sent against is the one the desk saw when they started writing, not the
 * latest: a reply to a ticket that changed meanwhile is refused by the server and asked about
 * here ("Send anyway" or "Review first"), with the text kept. One Idempotency-Key per draft, so a
 * retry or a second press never mails the customer twice.
 */
export function ReplyComposer({
  ticket,
  onTyping,
  onReview,
}: {
  ticket: StaffTicket;
  /** Each change to the text, for the desk's presence ("is replying"). */
  onTyping?(draft: string): void;
  /** "Review first": show the desk the conversation. */
  onReview(): void;
}) {
  const id = useId();
  const send = useSendReply(ticket.reference);
  const [draft, setDraft] = useState("");
  const [seen, setSeen] = useState<Seen | null>(null);
  const [key, setKey] = useState(newReplyKey);
  const [conflict, setConflict] = useState<TicketChange | null>(null);
  const [problem, setProblem] = useState<string>();
  const box = useRef<HTMLTextAreaElement>(null);

  const write = (next: string) => {
    setDraft(next);
    setProblem(undefined);
    // Pinned on the first character: what the desk is answering is what they saw then.
    if (next.trim() === "") {
      setSeen(null);
      setConflict(null);
    } else if (!seen) setSeen(seenOf(ticket));
    onTyping?.(next);
  };

  /** A saved reply, its placeholders filled from this ticket, after what is written already. */
  const insert = (reply: SavedReply) => {
    const filled = fillPlaceholders(reply.body, {
      customerName: ticket.name,
      orderNumber: ticket.orderNumber,
      reference: ticket.reference,
    });
    write(draft.trim() === "" ? filled : `${draft.trimEnd()}\n\n${filled}`);
    toast.success(saved.inserted(reply.title));
    box.current?.focus();
  };

  const left = leftPlaceholders(draft);

  const submit = async (version?: number) => {
    const checked = bodySchema.safeParse({ body: draft });
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message);
      return;
    }
    // A placeholder would reach the customer in braces: it is named below the box until replaced.
    if (left.length > 0) {
      setProblem(saved.unfilled(left));
      box.current?.focus();
      return;
    }
    try {
      await send.mutateAsync({
        body: checked.data.body,
        version: version ?? seen?.version ?? ticket.version,
        key,
      });
      toast.success(text.replied(ticket.reference));
      setDraft("");
      setSeen(null);
      setConflict(null);
      setKey(newReplyKey());
      onTyping?.("");
    } catch (error) {
      const change = ticketChangeOf(error);
      if (change) setConflict(change);
      else setProblem(errorMessage(error));
    }
  };

  const review = () => {
    if (!conflict) return;
    // Read now: the next send goes against the ticket as it is, without asking again.
    setSeen({ ...seenOf(ticket), version: conflict.version });
    setConflict(null);
    onReview();
  };

  const changedMeanwhile = seen !== null && !conflict && ticket.version > seen.version;
  const describedBy = [
    `${id}-count`,
    left.length > 0 && !problem && `${id}-left`,
    changedMeanwhile && `${id}-changed`,
    problem && `${id}-error`,
  ]
    .filter(Boolean)
    .join(" ");

  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <SavedReplyPicker onInsert={insert} />
      <Field id={id} label={text.replyLabel} error={problem}>
        <Textarea
          ref={box}
          name="body"
          rows={5}
          value={draft}
          onChange={(event) => write(event.target.value)}
          aria-describedby={describedBy}
        />
      </Field>
      {left.length > 0 && !problem && (
        <p id={`${id}-left`} className="text-sm text-saffron-800">
          {saved.unfilled(left)}
        </p>
      )}
      {changedMeanwhile && (
        <p id={`${id}-changed`} className="text-sm text-saffron-800">
          {replies.changedMeanwhile}
        </p>
      )}
      {conflict && seen && (
        <StaleReplyQuestion
          change={conflict}
          ticket={ticket}
          seen={seen}
          sending={send.isPending}
          onSendAnyway={() => void submit(conflict.version)}
          onReview={review}
        />
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p id={`${id}-count`} className="text-xs text-ink-500">
          <span className="mr-2">{text.replyHint}</span>
          {draft.length.toLocaleString("en-IN")} / {THREAD_ENTRY_MAX.toLocaleString("en-IN")}
        </p>
        {!conflict && (
          <Button type="submit" disabled={send.isPending}>
            <Send aria-hidden="true" className="h-4 w-4" />{" "}
            {send.isPending ? text.sending : text.sendReply}
          </Button>
        )}
      </div>
    </form>
  );
}
