import { CheckCheck, MessageSquareHeart } from "lucide-react";
import type { FeedbackMessage } from "../../../../shared/contracts/customer-voice.ts";
import { DateTime } from "../../../components/date-time.tsx";
import { toast } from "../../../components/toasts.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { LoadError } from "../../../components/ui/query-state.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { EmptyState, Panel, PanelSkeleton } from "../../staff/ui/panel.tsx";
import { useFeedback, useMarkFeedbackRead, useReplyToFeedback } from "../api/customer-voice.ts";
import { RELATIONS_TEXT } from "../texts.ts";
import { AnswerDisclosure } from "./answer-disclosure.tsx";

const text = RELATIONS_TEXT.feedback;

function FeedbackItem({
  message,
  onOpenTicket,
}: {
  message: FeedbackMessage;
  onOpenTicket(reference: string): void;
}) {
  const markRead = useMarkFeedbackRead();
  const reply = useReplyToFeedback();
  const unread = message.readAt === null;
  return (
    <li
      data-testid="feedback-message"
      className={
        unread
          ? "rounded-xl border border-brand-200 bg-brand-50/40 p-4"
          : "rounded-xl border border-cream-200 p-4"
      }
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm">
          <span className="font-semibold text-ink-900">
            <bdi>{message.name}</bdi>
          </span>{" "}
          <a
            className="text-brand-700 underline"
            href={`mailto:${encodeURIComponent(message.email)}`}
          >
            {message.email}
          </a>
        </p>
        <span className="text-xs text-ink-500">
          <DateTime iso={message.createdAt} />
        </span>
      </div>
      <p className="mt-2 whitespace-pre-line break-words text-ink-900">
        <bdi>{message.message}</bdi>
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-2 text-xs">
        {unread ? (
          <Badge tone="saffron">{text.unreadBadge}</Badge>
        ) : (
          <span className="text-ink-500">{text.readBy(message.readBy ?? "")}</span>
        )}
        {message.ticketReference && (
          <button
            type="button"
            className="font-semibold text-brand-700 underline"
            onClick={() => onOpenTicket(message.ticketReference!)}
          >
            {text.openTicket(message.ticketReference)}
          </button>
        )}
      </div>
      {!message.ticketReference && (
        <div className="flex flex-wrap items-start gap-2">
          {unread && (
            <Button
              variant="ghost"
              size="sm"
              className="mt-3"
              disabled={markRead.isPending}
              aria-label={text.markReadOf(message.name)}
              onClick={() =>
                markRead.mutate(message.id, {
                  onError: (error) => toast.error(errorMessage(error)),
                })
              }
            >
              <CheckCheck aria-hidden="true" className="h-4 w-4" /> {text.markRead}
            </Button>
          )}
          <AnswerDisclosure
            button={text.reply}
            buttonLabel={text.replyOf(message.name)}
            label={text.replyLabel}
            hint={text.replyHint}
            send={text.send}
            sending={RELATIONS_TEXT.ticket.sending}
            cancel={text.cancel}
            submit={async (body) => {
              const { reference } = await reply.mutateAsync({ id: message.id, body });
              toast.success(text.opened(reference));
            }}
          />
        </div>
      )}
    </li>
  );
}

/** Home-page feedback, newest first, unread ones marked; answering opens a conversation. */
export function FeedbackPanel({ onOpenTicket }: { onOpenTicket(reference: string): void }) {
  const feedback = useFeedback();
  const pages = feedback.data?.pages ?? [];
  const messages = pages.flatMap((page) => page.messages);
  const unread = pages[0]?.unread ?? 0;
  return (
    <Panel
      title={text.heading}
      description={text.intro}
      actions={unread > 0 && <Badge tone="saffron">{text.unread(unread)}</Badge>}
      testId="feedback-panel"
    >
      {feedback.isPending ? (
        <PanelSkeleton label={text.loading} />
      ) : !feedback.data ? (
        <LoadError error={feedback.error} onRetry={() => void feedback.refetch()} />
      ) : messages.length === 0 ? (
        <EmptyState icon={MessageSquareHeart} title={text.empty}>
          {text.emptyHint}
        </EmptyState>
      ) : (
        <>
          <ul className="space-y-3">
            {messages.map((message) => (
              <FeedbackItem key={message.id} message={message} onOpenTicket={onOpenTicket} />
            ))}
          </ul>
          {feedback.hasNextPage && (
            <Button
              variant="outline"
              className="mt-4"
              disabled={feedback.isFetchingNextPage}
              onClick={() => void feedback.fetchNextPage()}
            >
              {text.more}
            </Button>
          )}
        </>
      )}
    </Panel>
  );
}
