import { useId, useState } from "react";
import { PAYMENT_METHOD_LABELS } from "../../../../shared/contracts/checkout.ts";
import {
  type CustomerHistory,
  REFUND_REQUEST_NOTE_MAX,
  refundRequestInputSchema,
} from "../../../../shared/contracts/refund-requests.ts";
import { QUERY_TYPE_LABELS } from "../../../../shared/contracts/support.ts";
import {
  type StaffTicket,
  TICKET_STATUS_LABELS,
} from "../../../../shared/contracts/support-inbox.ts";
import { formatRupees } from "../../../../shared/money.ts";
import { DELIVERED_REFUND_REASON_LABELS } from "../../../../shared/rules/delivered-refund.ts";
import {
  ORDER_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
} from "../../../../shared/rules/order-status.ts";
import { REFUND_STATE_LABELS } from "../../../../shared/rules/refund-state.ts";
import { formatShopDateTime } from "../../../../shared/rules/shop-time.ts";
import { toast } from "../../../components/toasts.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Field, Select, Textarea } from "../../../components/ui/field.tsx";
import { LoadError } from "../../../components/ui/query-state.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useAskForRefund, useTicketCustomer } from "../api/ticket-customer.ts";
import { RELATIONS_TEXT } from "../texts.ts";
import { orderEntryId } from "./ticket-orders.tsx";

const text = RELATIONS_TEXT.history;
const ask = RELATIONS_TEXT.refundRequest;
const card = "rounded-2xl bg-white p-4 shadow-sm";

function Orders({ orders }: { orders: CustomerHistory["orders"] }) {
  if (orders.length === 0) return <p className="text-sm text-ink-500">{text.noOrders}</p>;
  return (
    <ul className="space-y-3">
      {orders.map((order) => (
        <li
          key={order.orderNumber}
          id={orderEntryId(order.orderNumber)}
          className="scroll-mt-4 text-sm"
          data-testid="customer-order"
        >
          <p className="font-semibold text-ink-900">
            {order.orderNumber} · {ORDER_STATUS_LABELS[order.status]} ·{" "}
            {formatRupees(order.totalPaise)}
          </p>
          <p className="text-xs text-ink-500">
            {PAYMENT_METHOD_LABELS[order.paymentMethod]},{" "}
            {PAYMENT_STATUS_LABELS[order.paymentStatus]} ·{" "}
            {text.placed(formatShopDateTime(order.placedAt))}
            {order.deliveredAt && ` · ${text.delivered(formatShopDateTime(order.deliveredAt))}`}
          </p>
          <details className="mt-1">
            <summary className="cursor-pointer font-semibold text-brand-700">
              {text.linesAndRefunds(order.orderNumber)}
            </summary>
            <ul className="mt-1 list-disc pl-5 text-ink-700">
              {order.lines.map((line) => (
                <li key={line.productId}>
                  {text.line(line.name, line.unit, line.ordered, line.supplied)}
                </li>
              ))}
            </ul>
            <ul className="mt-1 pl-5 text-ink-700">
              {order.providerRefunds.map((refund) => (
                <li key={refund.reference}>
                  {text.providerRefund(
                    formatRupees(refund.amountPaise),
                    refund.reason,
                    REFUND_STATE_LABELS[refund.state],
                  )}
                </li>
              ))}
              {order.refundsAfterDelivery.map((refund) => (
                <li key={refund.creditNoteNumber}>
                  {text.afterDelivery(
                    formatRupees(refund.totalPaise),
                    DELIVERED_REFUND_REASON_LABELS[refund.reason],
                    refund.creditNoteNumber,
                    formatShopDateTime(refund.at),
                  )}
                </li>
              ))}
              {order.providerRefunds.length + order.refundsAfterDelivery.length === 0 && (
                <li className="text-ink-500">{text.noRefunds}</li>
              )}
            </ul>
          </details>
        </li>
      ))}
    </ul>
  );
}

/** Orders the ticket names that are not the customer's: their summary, where the link lands. */
function OtherOrders({ ticket, history }: { ticket: StaffTicket; history: CustomerHistory }) {
  const theirs = new Set(history.orders.map((order) => order.orderNumber));
  const others = ticket.orders.filter((order) => !theirs.has(order.orderNumber));
  if (others.length === 0) return null;
  return (
    <section aria-labelledby="ticket-other-orders" className={card}>
      <h3 id="ticket-other-orders" className="font-semibold text-ink-900">
        {text.otherOrders}
      </h3>
      <p className="mb-3 text-xs text-ink-500">{text.otherOrdersHint}</p>
      <ul className="space-y-2 text-sm">
        {others.map((order) => (
          <li
            key={order.orderNumber}
            id={orderEntryId(order.orderNumber)}
            tabIndex={-1}
            className="scroll-mt-4 font-semibold text-ink-900"
          >
            {RELATIONS_TEXT.ticket.orderFacts(
              order.orderNumber,
              ORDER_STATUS_LABELS[order.status],
              formatRupees(order.totalPaise),
              PAYMENT_METHOD_LABELS[order.paymentMethod],
              formatShopDateTime(order.placedAt),
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function EarlierTickets({
  tickets,
  onOpenTicket,
}: {
  tickets: CustomerHistory["tickets"];
  onOpenTicket(reference: string): void;
}) {
  if (tickets.length === 0) return <p className="text-sm text-ink-500">{text.noTickets}</p>;
  return (
    <ul className="space-y-2 text-sm">
      {tickets.map((ticket) => (
        <li key={ticket.reference}>
          <button
            type="button"
            className="font-semibold text-brand-700 underline"
            onClick={() => onOpenTicket(ticket.reference)}
          >
            {text.openTicket(ticket.reference)}
          </button>
          <span className="block text-xs text-ink-500">
            {text.ticketFacts(
              TICKET_STATUS_LABELS[ticket.status],
              QUERY_TYPE_LABELS[ticket.queryType],
              formatShopDateTime(ticket.createdAt),
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The requests this ticket sent Sales, and when each was done. */
function Requests({ ticket }: { ticket: StaffTicket }) {
  if (ticket.refundRequests.length === 0) return null;
  return (
    <div>
      <h4 className="text-xs font-bold uppercase tracking-wide text-ink-500">{ask.requests}</h4>
      <ul className="mt-1 space-y-1 text-sm text-ink-700" data-testid="ticket-refund-requests">
        {ticket.refundRequests.map((request) => (
          <li key={request.id}>
            {request.state === "declined" && request.doneAt
              ? ask.declined(
                  request.orderNumber,
                  request.doneBy ?? "",
                  formatShopDateTime(request.doneAt),
                )
              : request.state === "done" && request.doneAt
                ? ask.done(
                    request.orderNumber,
                    formatRupees(request.refundedPaise ?? 0),
                    request.doneBy ?? "",
                    formatShopDateTime(request.doneAt),
                    request.creditNoteNumber ?? "",
                  )
                : ask.waiting(
                    request.orderNumber,
                    request.requestedBy,
                    formatShopDateTime(request.requestedAt),
                  )}
            <span className="block whitespace-pre-line text-xs text-ink-500">{request.note}</span>
            {request.declineNote && (
              <span className="block whitespace-pre-line text-xs font-semibold text-ink-700">
                {request.declineNote}
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function AskForRefund({ ticket, history }: { ticket: StaffTicket; history: CustomerHistory }) {
  const id = useId();
  const send = useAskForRefund(ticket.reference);
  const delivered = history.orders.filter((order) => order.status === "delivered");
  const named = delivered.find((order) => order.orderNumber === ticket.orderNumber);
  const [orderNumber, setOrderNumber] = useState(named?.orderNumber ?? "");
  const [note, setNote] = useState("");
  const [problems, setProblems] = useState<{ orderNumber?: string; note?: string }>({});
  const [refusal, setRefusal] = useState<string>();

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal(undefined);
    const checked = refundRequestInputSchema.safeParse({ orderNumber, note });
    if (!checked.success) {
      const found: typeof problems = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as keyof typeof problems;
        found[field] ??= issue.message;
      }
      setProblems(found);
      return;
    }
    setProblems({});
    try {
      await send.mutateAsync(checked.data);
      toast.success(ask.sent(checked.data.orderNumber));
      setNote("");
    } catch (error) {
      setRefusal(errorMessage(error));
    }
  };

  return (
    <section aria-labelledby={`${id}-heading`} className={`${card} space-y-3`}>
      <h3 id={`${id}-heading`} className="font-semibold text-ink-900">
        {ask.heading}
      </h3>
      <Requests ticket={ticket} />
      {delivered.length === 0 ? (
        <p className="text-sm text-ink-500">{ask.noDelivered}</p>
      ) : (
        <form noValidate onSubmit={submit} className="space-y-3">
          <p className="text-xs text-ink-500">{ask.hint}</p>
          {refusal && (
            <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-800">
              {refusal}
            </p>
          )}
          <Field id={`${id}-order`} label={ask.order} required error={problems.orderNumber}>
            <Select value={orderNumber} onChange={(event) => setOrderNumber(event.target.value)}>
              <option value="">{ask.chooseOrder}</option>
              {delivered.map((order) => (
                <option key={order.orderNumber} value={order.orderNumber}>
                  {order.orderNumber} · {formatRupees(order.totalPaise)}
                </option>
              ))}
            </Select>
          </Field>
          <Field id={`${id}-note`} label={ask.note} required error={problems.note}>
            <Textarea
              rows={3}
              className="min-h-20"
              maxLength={REFUND_REQUEST_NOTE_MAX}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </Field>
          <Button type="submit" variant="outline" disabled={send.isPending}>
            {send.isPending ? ask.sending : ask.send}
          </Button>
        </form>
      )}
    </section>
  );
}

/**
 * Beside a ticket: the customer's orders and other tickets, read-only, and the request to Sales
 * for a refund of a delivered one.
 */
export function TicketCustomer({
  ticket,
  onOpenTicket,
}: {
  ticket: StaffTicket;
  onOpenTicket(reference: string): void;
}) {
  const history = useTicketCustomer(ticket.reference);
  if (history.isPending) return <Spinner label={text.loading} />;
  if (!history.data)
    return <LoadError error={history.error} onRetry={() => void history.refetch()} />;
  return (
    <>
      {!history.data.emailProven && history.data.orders.length > 0 && (
        <p
          className="rounded-2xl border-l-4 border-saffron-500 bg-white p-4 text-sm text-ink-700 shadow-sm"
          data-testid="ticket-email-unproven"
        >
          {text.unproven}
        </p>
      )}
      <AskForRefund ticket={ticket} history={history.data} />
      <section aria-labelledby="ticket-customer-orders" className={card}>
        <h3 id="ticket-customer-orders" className="font-semibold text-ink-900">
          {text.orders}
        </h3>
        <p className="mb-3 text-xs text-ink-500">{text.ordersHint}</p>
        <Orders orders={history.data.orders} />
      </section>
      <OtherOrders ticket={ticket} history={history.data} />
      <section aria-labelledby="ticket-customer-tickets" className={card}>
        <h3 id="ticket-customer-tickets" className="mb-3 font-semibold text-ink-900">
          {text.tickets}
        </h3>
        <EarlierTickets tickets={history.data.tickets} onOpenTicket={onOpenTicket} />
      </section>
    </>
  );
}
