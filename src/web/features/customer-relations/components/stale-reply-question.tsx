import { AlertTriangle, Send } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import {
  type StaffTicket,
  TICKET_STATUS_LABELS,
  type TicketStatus,
} from "../../../../shared/contracts/support-inbox.ts";
import {
  TICKET_CHANGE_TEXT,
  type TicketChange,
} from "../../../../shared/contracts/ticket-changes.ts";
import { Button } from "../../../components/ui/button.tsx";
import { RELATIONS_TEXT } from "../texts.ts";

const text = RELATIONS_TEXT.replies;
/** How much of each new message the question shows; the conversation above has the rest. */
const EXCERPT = 140;

const excerpt = (body: string) =>
  body.length > EXCERPT ? `${body.slice(0, EXCERPT - 1).trimEnd()}…` : body;

/**
 * The question a refused reply asks: what changed (the server's words: who and when), the
 * messages that came in since the desk started writing, and whether to send anyway or read first.
 * It takes the focus when it appears, so a keyboard or screen reader user is asked too.
 */
export function StaleReplyQuestion({
  change,
  ticket,
  seen,
  sending,
  onSendAnyway,
  onReview,
}: {
  change: TicketChange;
  ticket: StaffTicket;
  /** The ticket as the desk saw it when they started the reply. */
  seen: { lastEntryId: number; status: TicketStatus };
  sending: boolean;
  onSendAnyway(): void;
  onReview(): void;
}) {
  const heading = useId();
  const box = useRef<HTMLElement>(null);
  useEffect(() => box.current?.focus(), []);
  const fresh = ticket.thread.filter((entry) => entry.id > seen.lastEntryId);
  return (
    <section
      ref={box}
      tabIndex={-1}
      aria-labelledby={heading}
      data-testid="stale-reply"
      className="space-y-3 rounded-2xl border border-saffron-400 bg-saffron-400/10 p-4 outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      <h4 id={heading} className="flex items-center gap-2 font-semibold text-ink-900">
        <AlertTriangle aria-hidden="true" className="h-4 w-4 shrink-0 text-saffron-800" />
        {text.staleHeading}
      </h4>
      <p className="text-sm text-ink-900">
        {TICKET_CHANGE_TEXT.sentence(change)}. {text.kept}
      </p>
      {fresh.length > 0 && (
        <div className="text-sm">
          <p className="font-semibold text-ink-700">{text.newEntries}</p>
          <ul className="mt-1 space-y-1">
            {fresh.map((entry) => (
              <li key={entry.id} className="break-words text-ink-900">
                <span className="font-semibold">
                  <bdi>
                    {entry.kind === "answer"
                      ? text.answer(entry.author)
                      : entry.kind === "note"
                        ? text.internalNote(entry.author)
                        : entry.author}
                  </bdi>
                  :
                </span>{" "}
                <bdi>{excerpt(entry.body)}</bdi>
              </li>
            ))}
          </ul>
        </div>
      )}
      {ticket.status !== seen.status && (
        <p className="text-sm text-ink-900">
          {text.statusNow(TICKET_STATUS_LABELS[ticket.status])}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button onClick={onSendAnyway} disabled={sending}>
          <Send aria-hidden="true" className="h-4 w-4" /> {text.sendAnyway}
        </Button>
        <Button variant="outline" onClick={onReview} disabled={sending}>
          {text.reviewFirst}
        </Button>
      </div>
    </section>
  );
}
