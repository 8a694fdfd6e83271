import type { StaffBulkOrder } from "../../../../shared/contracts/bulk-pipeline.ts";
import { formatRupees } from "../../../../shared/money.ts";
import { BULK_STATUS_LABELS, eventTypeText } from "../../../../shared/rules/bulk-order-status.ts";
import { paymentRecordLabel } from "../../../../shared/rules/order-status.ts";
import { formatCalendarDate } from "../../../../shared/rules/shop-time.ts";
import { DateTime } from "../../../components/date-time.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { LoadError } from "../../../components/ui/query-state.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { QuoteTable } from "../../bulk-orders/ui/quote-table.tsx";
import { ShopperLanguage } from "../../staff/ui/shopper-language.tsx";
import { SideSheet } from "../../staff/ui/side-sheet.tsx";
import { useStaffBulkOrder } from "../api/bulk-pipeline.ts";
import { RELATIONS_TEXT } from "../texts.ts";
import { BulkActions } from "./bulk-actions.tsx";

const text = RELATIONS_TEXT.bulk;

function Facts({ rows }: { rows: [string, React.ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-ink-500">{term}</dt>
          <dd className="whitespace-pre-line break-words text-ink-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function BulkDetail({ order }: { order: StaffBulkOrder }) {
  const cod = order.codApproved
    ? text.codApproved
    : order.codRequested
      ? text.codRequested
      : text.codNo;
  return (
    <div className="space-y-4">
      <section aria-label={text.request} className="rounded-2xl bg-white p-4 shadow-sm">
        <div className="mb-3 flex flex-wrap items-center gap-2">
          <span className="font-semibold text-ink-900">
            <bdi>{order.name}</bdi>
          </span>
          {order.urgent && <Badge tone="red">{RELATIONS_TEXT.pipeline.urgent}</Badge>}
        </div>
        <Facts
          rows={[
            [text.contact, `${order.email} · ${order.phone}`],
            [
              RELATIONS_TEXT.ticket.language,
              <ShopperLanguage key="language" locale={order.locale} />,
            ],
            [text.event, eventTypeText(order.eventType)],
            [
              text.date,
              `${formatCalendarDate(order.deliveryDate)} (${RELATIONS_TEXT.pipeline.days(order.daysLeft)})`,
            ],
            [text.location, <bdi key="location">{order.location}</bdi>],
            [text.products, <bdi key="products">{order.products}</bdi>],
            [text.cod, cod],
          ]}
        />
      </section>
      <section aria-label={text.money} className="rounded-2xl bg-white p-4 shadow-sm">
        <Facts
          rows={[
            [
              text.quote,
              order.quotePaise === null
                ? RELATIONS_TEXT.pipeline.notQuoted
                : formatRupees(order.quotePaise),
            ],
            ...(order.advancePaise === null
              ? []
              : order.status === "awaiting_payment"
                ? [[text.advance, formatRupees(order.advancePaise)] as [string, React.ReactNode]]
                : [
                    [text.paidSoFar, formatRupees(order.money.paidPaise)] as [
                      string,
                      React.ReactNode,
                    ],
                  ]),
            [
              text.payments,
              order.payments.length === 0
                ? text.noPayments
                : order.payments
                    .map(
                      (payment) =>
                        `${formatRupees(payment.amountPaise)} · ${payment.summary} · ${paymentRecordLabel(payment.status)}`,
                    )
                    .join("\n"),
            ],
            ...(order.money.balancePaise === null || order.status === "awaiting_payment"
              ? []
              : [
                  [
                    text.balanceLeft,
                    `${formatRupees(order.money.balancePaise)}${
                      order.money.dueNowPaise > 0
                        ? ` (${text.differenceDue(formatRupees(order.money.dueNowPaise))})`
                        : ""
                    }`,
                  ] as [string, React.ReactNode],
                ]),
            ...(order.refunds.length === 0
              ? []
              : [
                  [
                    text.refunds,
                    order.refunds
                      .map(
                        (refund) =>
                          `${formatRupees(refund.amountPaise)} · ${text.refundState[refund.state]}`,
                      )
                      .join("\n"),
                  ] as [string, React.ReactNode],
                ]),
            ...(order.cancelReason
              ? [
                  [text.cancelHeading, text.cancelReason(order.cancelReason)] as [
                    string,
                    React.ReactNode,
                  ],
                  [text.fee, formatRupees(order.feePaise ?? 0)] as [string, React.ReactNode],
                ]
              : []),
          ]}
        />
        {order.quote && (
          <div className="mt-3">
            <QuoteTable
              quote={order.quote}
              caption={text.quoteLines}
              withPayments={order.status === "awaiting_payment"}
            />
          </div>
        )}
        {order.quoteNotes && (
          <p className="mt-3 whitespace-pre-line rounded-xl bg-cream-100 p-3 text-sm text-ink-900">
            <bdi>{order.quoteNotes}</bdi>
          </p>
        )}
        <p className="mt-3 text-xs text-ink-500">
          <DateTime iso={order.submittedAt} />
        </p>
      </section>
      <BulkActions order={order} />
    </div>
  );
}

function SheetBody({ ticketId }: { ticketId: string }) {
  const order = useStaffBulkOrder(ticketId);
  if (order.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label={text.loading} />
      </div>
    );
  }
  if (!order.data) return <LoadError error={order.error} onRetry={() => void order.refetch()} />;
  return <BulkDetail order={order.data} />;
}

/** A bulk order in full, with what can be done with it, over the dashboard. */
export function BulkSheet({
  ticketId,
  onClose,
}: {
  ticketId: string | undefined;
  onClose(): void;
}) {
  const order = useStaffBulkOrder(ticketId);
  return (
    <SideSheet
      open={Boolean(ticketId)}
      title={ticketId ? text.title(ticketId) : ""}
      description={order.data ? BULK_STATUS_LABELS[order.data.status] : text.loading}
      closeLabel={text.close}
      onClose={onClose}
      testId="bulk-sheet"
    >
      {ticketId && <SheetBody ticketId={ticketId} />}
    </SideSheet>
  );
}
