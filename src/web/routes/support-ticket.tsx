import { MessageSquareText } from "lucide-react";
import { QUERY_TYPE_LABELS } from "../../shared/contracts/support.ts";
import {
  SUPPORT_THREAD_MESSAGES,
  TICKET_STATUS_LABELS,
} from "../../shared/contracts/support-inbox.ts";
import { STORE } from "../../shared/store-info.ts";
import { Conversation, conversationOf } from "../components/conversation.tsx";
import { DateTime } from "../components/date-time.tsx";
import { ThreadForm } from "../components/thread-form.tsx";
import { toast } from "../components/toasts.tsx";
import { Badge } from "../components/ui/badge.tsx";
import { ButtonLink } from "../components/ui/button.tsx";
import { RecordNotReady } from "../components/ui/query-state.tsx";
import {
  type TicketAccess,
  useAnswerTicket,
  useCustomerTicket,
} from "../features/support/api/ticket-thread.ts";
import { TICKET_TEXT as text } from "../features/support/texts.ts";
import { ApiError } from "../lib/api-client.ts";
import { useLingui } from "../lib/i18n/react-binding.tsx";
import { Navigate, useParams, useSearchParams } from "../lib/router/index.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

const REFERENCE = /^SUP-\d{6}$/;

/** `/support/ticket/{reference}?token=...`: the link in every email about a support message. */
export default function SupportTicketPage() {
  const { reference = "" } = useParams();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const { i18n } = useLingui();
  usePageTitle(
    REFERENCE.test(reference) ? i18n._(text.pageTitle, { reference }) : i18n._(text.contact),
  );
  if (!REFERENCE.test(reference)) return <Navigate to="/customer-support" replace />;
  return <TicketPage access={{ reference, token }} />;
}

function TicketPage({ access }: { access: TicketAccess }) {
  const ticket = useCustomerTicket(access);
  const answer = useAnswerTicket(access);
  const { i18n } = useLingui();
  const data = ticket.data;
  // A link that is wrong or old is not a failure of the store: it gets its own page.
  const refused = ticket.error instanceof ApiError && ticket.error.status === 403;

  if (!data) {
    return (
      <RecordNotReady
        isPending={ticket.isPending}
        error={refused ? new ApiError(404, "NOT_FOUND", "") : ticket.error}
        onRetry={() => void ticket.refetch()}
        loadingLabel={i18n._(text.loading)}
        notFound={
          <>
            <h1 className="font-display text-3xl font-bold text-ink-900">
              {i18n._(text.badLinkTitle)}
            </h1>
            <p className="mt-3 text-ink-500">{i18n._(SUPPORT_THREAD_MESSAGES.badLink)}</p>
            <ButtonLink to="/customer-support" className="mt-8">
              {i18n._(text.contact)}
            </ButtonLink>
          </>
        }
      />
    );
  }

  const replies = data.thread.filter((entry) => entry.kind === "reply").length;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <header>
        <p className="text-sm font-semibold uppercase tracking-widest text-brand-600">
          {i18n._(text.contact)}
        </p>
        <h1 className="mt-2 font-display text-3xl font-bold text-ink-900 sm:text-4xl">
          {i18n._(text.pageTitle, { reference: data.reference })}
        </h1>
        <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <div className="flex items-center gap-2">
            <dt className="text-ink-500">{i18n._(text.status)}</dt>
            <dd>
              <Badge tone={data.status === "resolved" ? "neutral" : "green"}>
                {i18n._(TICKET_STATUS_LABELS[data.status])}
              </Badge>
            </dd>
          </div>
          <div className="flex gap-2">
            <dt className="text-ink-500">{i18n._(text.topic)}</dt>
            <dd className="font-semibold text-ink-900">
              {i18n._(QUERY_TYPE_LABELS[data.queryType])}
            </dd>
          </div>
          {data.orderNumber && (
            <div className="flex gap-2">
              <dt className="text-ink-500">{i18n._(text.order)}</dt>
              <dd className="font-semibold text-ink-900">{data.orderNumber}</dd>
            </div>
          )}
          <div className="flex gap-2">
            <dt className="text-ink-500">{i18n._(text.sent)}</dt>
            <dd className="text-ink-900">
              <DateTime iso={data.createdAt} />
            </dd>
          </div>
        </dl>
        <p className="mt-4 text-sm text-ink-500">
          {i18n._(text.promise, { hours: STORE.replyWithinHours })}
        </p>
      </header>

      <section aria-labelledby="conversation-title" className="mt-8">
        <h2 id="conversation-title" className="sr-only">
          {i18n._(text.conversation)}
        </h2>
        <Conversation
          entries={conversationOf(data, {
            shopAuthor: (author) => i18n._(text.shopAuthor, { author, store: STORE.name }),
          })}
          label={i18n._(text.conversation)}
        />
        {replies === 0 && (
          <p className="mt-4 flex items-center gap-2 rounded-2xl bg-brand-50 px-4 py-3 text-sm text-brand-800">
            <MessageSquareText aria-hidden="true" className="h-4 w-4 shrink-0" />
            {i18n._(text.noReplyYet)}
          </p>
        )}
      </section>

      <section
        aria-labelledby="answer-title"
        className="mt-8 rounded-3xl bg-white p-6 shadow-card sm:p-8"
      >
        <h2 id="answer-title" className="text-xl font-bold text-ink-900">
          {i18n._(text.answerHeading)}
        </h2>
        {data.status === "resolved" && (
          <p className="mt-2 text-sm text-ink-500">{i18n._(text.resolvedNote)}</p>
        )}
        <div className="mt-4">
          <ThreadForm
            label={i18n._(text.answerLabel)}
            hint={i18n._(text.answerHint)}
            send={i18n._(text.send)}
            sending={i18n._(text.sending)}
            submit={async (body) => {
              await answer.mutateAsync(body);
              toast.success(i18n._(text.sent_));
            }}
          />
        </div>
      </section>
    </div>
  );
}
