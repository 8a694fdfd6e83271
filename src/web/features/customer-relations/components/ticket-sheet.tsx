import { CheckCircle2, RotateCcw } from "lucide-react";
import { useRef, useState } from "react";
import { PAYMENT_METHOD_LABELS } from "../../../../shared/contracts/checkout.ts";
import { QUERY_TYPE_LABELS } from "../../../../shared/contracts/support.ts";
import {
  type StaffTicket,
  TICKET_STATUS_LABELS,
} from "../../../../shared/contracts/support-inbox.ts";
import { formatRupees } from "../../../../shared/money.ts";
import { ORDER_STATUS_LABELS } from "../../../../shared/rules/order-status.ts";
import { formatShopDateTime } from "../../../../shared/rules/shop-time.ts";
import { Conversation, conversationOf } from "../../../components/conversation.tsx";
import { DateTime } from "../../../components/date-time.tsx";
import { ThreadForm } from "../../../components/thread-form.tsx";
import { toast } from "../../../components/toasts.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { LoadError } from "../../../components/ui/query-state.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { Segmented } from "../../staff/ui/segmented.tsx";
import { ShopperLanguage } from "../../staff/ui/shopper-language.tsx";
import { SideSheet } from "../../staff/ui/side-sheet.tsx";
import { useServerClock } from "../../staff/use-server-clock.ts";
import { useChangeTicket, useStaffTicket } from "../api/inbox.ts";
import { PresenceLine } from "../presence/presence-line.tsx";
import { useTicketPresence } from "../presence/use-ticket-presence.ts";
import { RELATIONS_TEXT } from "../texts.ts";
import { ReplyClock } from "./reply-clock.tsx";
import { ReplyComposer } from "./reply-composer.tsx";
import { TicketCustomer } from "./ticket-customer.tsx";
import { TicketOrderLinks } from "./ticket-orders.tsx";

const text = RELATIONS_TEXT.ticket;

function Facts({ ticket, now }: { ticket: StaffTicket; now: Date }) {
  const rows: [string, React.ReactNode][] = [
    [
      text.email,
      <a
        key="email"
        className="text-brand-700 underline"
        href={`mailto:${encodeURIComponent(ticket.email)}`}
      >
        {ticket.email}
      </a>,
    ],
    [text.phone, ticket.phone || text.noPhone],
    [text.language, <ShopperLanguage key="language" locale={ticket.locale} />],
    [text.topic, QUERY_TYPE_LABELS[ticket.queryType]],
    ...(ticket.orderNumber
      ? [
          [
            text.order,
            ticket.order
              ? text.orderFacts(
                  ticket.orderNumber,
                  ORDER_STATUS_LABELS[ticket.order.status],
                  formatRupees(ticket.order.totalPaise),
                  PAYMENT_METHOD_LABELS[ticket.order.paymentMethod],
                  formatShopDateTime(ticket.order.placedAt),
                )
              : `${ticket.orderNumber} (${RELATIONS_TEXT.inbox.orderMissing})`,
          ] as [string, React.ReactNode],
        ]
      : []),
    [text.received, <DateTime key="received" iso={ticket.createdAt} />],
  ];
  return (
    <section aria-label={text.details} className="rounded-2xl bg-white p-4 shadow-sm">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <span className="font-semibold text-ink-900">
          <bdi>{ticket.name}</bdi>
        </span>
        {ticket.status === "open" && <ReplyClock dueAt={ticket.replyDueAt} now={now} />}
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-ink-500">{term}</dt>
            <dd className="break-words text-ink-900">{value}</dd>
          </div>
        ))}
      </dl>
      <TicketOrderLinks ticket={ticket} />
      <p className="mt-3 text-xs text-ink-500">
        {text.changedBy(ticket.updatedBy === "customer" ? text.customer : ticket.updatedBy)}
      </p>
    </section>
  );
}

function TicketBody({
  reference,
  onOpenTicket,
}: {
  reference: string;
  onOpenTicket(reference: string): void;
}) {
  const ticket = useStaffTicket(reference);
  const change = useChangeTicket(reference);
  const now = useServerClock(ticket.data?.now, ticket.dataUpdatedAt);
  const [mode, setMode] = useState<"reply" | "note">("reply");
  const presence = useTicketPresence(reference);
  const conversation = useRef<HTMLHeadingElement>(null);
  const data = ticket.data;
  const review = () => {
    conversation.current?.scrollIntoView({ block: "start" });
    conversation.current?.focus();
  };

  if (ticket.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label={text.loading} />
      </div>
    );
  }
  if (!data) return <LoadError error={ticket.error} onRetry={() => void ticket.refetch()} />;

  const move = async (kind: "resolve" | "reopen") => {
    try {
      await change.mutateAsync({ kind, version: data.version });
      toast.success(kind === "resolve" ? text.resolved(reference) : text.reopened(reference));
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <div className="space-y-6">
      <Facts ticket={data} now={now} />
      <section aria-labelledby="ticket-conversation">
        <h3
          ref={conversation}
          id="ticket-conversation"
          tabIndex={-1}
          className="mb-3 font-semibold text-ink-900 outline-none"
        >
          {text.conversation}
        </h3>
        <Conversation
          entries={conversationOf(data, { noteTag: text.note })}
          label={text.conversation}
        />
      </section>
      <section aria-labelledby="ticket-compose" className="rounded-2xl bg-white p-4 shadow-sm">
        <h3 id="ticket-compose" className="sr-only">
          {text.compose}
        </h3>
        <PresenceLine desks={presence.desks} />
        <Segmented
          label={text.compose}
          value={mode}
          onChange={setMode}
          options={[
            { value: "reply", label: text.replyTab },
            { value: "note", label: text.noteTab },
          ]}
        />
        <div className="mt-4">
          {mode === "reply" ? (
            <ReplyComposer ticket={data} onReview={review} onTyping={presence.typing} />
          ) : (
            <ThreadForm
              key="note"
              label={text.noteLabel}
              hint={text.noteHint}
              send={text.addNote}
              sending={text.sending}
              rows={3}
              submit={async (body) => {
                await change.mutateAsync({ kind: "notes", body });
                toast.success(text.noted);
              }}
            />
          )}
        </div>
      </section>
      <div className="flex flex-wrap gap-3">
        {data.status === "resolved" ? (
          <Button variant="outline" disabled={change.isPending} onClick={() => void move("reopen")}>
            <RotateCcw aria-hidden="true" className="h-4 w-4" /> {text.reopen}
          </Button>
        ) : (
          <Button
            variant="outline"
            disabled={change.isPending}
            onClick={() => void move("resolve")}
          >
            <CheckCircle2 aria-hidden="true" className="h-4 w-4" /> {text.resolve}
          </Button>
        )}
      </div>
      <TicketCustomer ticket={data} onOpenTicket={onOpenTicket} />
    </div>
  );
}

/** A ticket with its conversation and the member's answer, over the dashboard. */
export function TicketSheet({
  reference,
  onClose,
  onOpenTicket,
}: {
  reference: string | undefined;
  onClose(): void;
  /** Another of the customer's tickets, opened in this sheet's place. */
  onOpenTicket(reference: string): void;
}) {
  const ticket = useStaffTicket(reference);
  return (
    <SideSheet
      open={Boolean(reference)}
      title={reference ? text.title(reference) : ""}
      description={ticket.data ? TICKET_STATUS_LABELS[ticket.data.status] : text.loading}
      closeLabel={text.close}
      onClose={onClose}
      testId="ticket-sheet"
    >
      {reference && (
        <TicketBody key={reference} reference={reference} onOpenTicket={onOpenTicket} />
      )}
    </SideSheet>
  );
}
