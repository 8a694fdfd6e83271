import { CreditCard, Download, PackageOpen } from "lucide-react";
import { orderTrackingPath } from "../../shared/contracts/order-tracking.ts";
import type { OrderSummary } from "../../shared/contracts/orders.ts";
import { PAYMENT_LABELS } from "../../shared/contracts/payments.ts";
import { formatRupees } from "../../shared/money.ts";
import { SHELL_TEXTS } from "../app/layout/shell-texts.ts";
import { DateTime } from "../components/date-time.tsx";
import { Badge } from "../components/ui/badge.tsx";
import { ButtonLink } from "../components/ui/button.tsx";
import { LoadError } from "../components/ui/query-state.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { CustomersOnly } from "../features/account/components/auth-card.tsx";
import { BORROWED_TEXT } from "../features/checkout/borrowed-texts.ts";
import { creditNoteUrl, invoiceUrl, useMyOrders } from "../features/orders/api/orders.ts";
import { BuyAgainButton } from "../features/orders/components/buy-again-button.tsx";
import {
  orderStatusLabel,
  StatusSince,
} from "../features/orders/components/order-status-since.tsx";
import { ORDER_TEXT } from "../features/orders/texts.ts";
import { useLingui } from "../lib/i18n/react-binding.tsx";
import { Link } from "../lib/router/index.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

function statusTone(status: string) {
  if (status === "delivered") return "green";
  if (status === "cancelled") return "red";
  return "saffron";
}

function OrderRow({ order }: { order: OrderSummary }) {
  const { i18n } = useLingui();
  // Paying happens on the confirmation page; following the order, on its own page.
  const payPage = `/order-confirmation?order=${encodeURIComponent(order.orderNumber)}`;
  const awaiting = order.status === "awaiting_payment";
  // Cancelled because its time to pay ran out: there is no invoice to download.
  const unpaid = order.status === "cancelled" && order.paymentStatus === "failed";
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl bg-white p-5 shadow-card sm:flex-row sm:items-center"
      data-testid="my-order"
    >
      <div className="flex-1">
        <p className="font-display text-lg font-bold text-ink-900">
          <Link to={orderTrackingPath(order.orderNumber)} className="hover:underline">
            {order.orderNumber}
          </Link>
        </p>
        <p className="text-sm text-ink-500">
          <DateTime iso={order.placedAt} /> ·{" "}
          {i18n._("{count, plural, one {# item} other {# items}}", { count: order.itemCount })} ·{" "}
          {formatRupees(order.totalPaise)}
        </p>
      </div>
      <p data-testid="my-order-status" className="flex flex-wrap items-center gap-1.5 text-sm">
        <Badge tone={statusTone(order.status)}>{i18n._(orderStatusLabel(order.status))}</Badge>{" "}
        <StatusSince statusAt={order.statusAt} />
      </p>
      <div className="flex flex-col gap-1" data-testid="my-order-documents">
        {awaiting ? (
          <ButtonLink to={payPage} size="sm">
            <CreditCard aria-hidden="true" className="h-4 w-4" />
            {i18n._(PAYMENT_LABELS.payNow)}
            <span className="sr-only">
              {" "}
              {i18n._("for {orderNumber}", { orderNumber: order.orderNumber })}
            </span>
          </ButtonLink>
        ) : (
          !unpaid && (
            <a
              href={invoiceUrl(order.orderNumber)}
              download
              className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:underline"
            >
              <Download aria-hidden="true" className="h-4 w-4" />
              {i18n._("Invoice")}
              <span className="sr-only">
                {" "}
                {i18n._("for {orderNumber}", { orderNumber: order.orderNumber })}
              </span>
            </a>
          )
        )}
        {order.itemCount > 0 && <BuyAgainButton orderNumber={order.orderNumber} />}
        {order.creditNotes.map((number) => (
          <a
            key={number}
            href={creditNoteUrl(order.orderNumber, number)}
            download
            className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:underline"
          >
            <Download aria-hidden="true" className="h-4 w-4" />
            {i18n._(ORDER_TEXT.creditNote, { number })}
          </a>
        ))}
      </div>
    </li>
  );
}

function OrderList() {
  const { i18n } = useLingui();
  const orders = useMyOrders();
  if (orders.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label={i18n._("Loading your orders")} />
      </div>
    );
  }
  if (orders.isError) return <LoadError error={orders.error} onRetry={() => orders.refetch()} />;
  if (orders.data.orders.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-3xl bg-white p-10 text-center shadow-card">
        <PackageOpen aria-hidden="true" className="h-12 w-12 text-brand-600" />
        <p className="mt-4 text-xl font-bold text-ink-900">{i18n._("No orders yet")}</p>
        <p className="mt-1 text-ink-500">
          {i18n._("Your orders will appear here once you place one.")}
        </p>
        <ButtonLink to="/shop" className="mt-6">
          {i18n._(SHELL_TEXTS.shopNow)}
        </ButtonLink>
      </div>
    );
  }
  return (
    <ul className="space-y-4">
      {orders.data.orders.map((order) => (
        <OrderRow key={order.orderNumber} order={order} />
      ))}
    </ul>
  );
}

export default function MyOrdersPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._(BORROWED_TEXT.myOrders));
  return (
    <CustomersOnly>
      {(customer) => (
        <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
          <h1 className="font-display text-3xl font-bold text-ink-900 sm:text-4xl">
            {i18n._(BORROWED_TEXT.myOrders)}
          </h1>
          <p className="mt-2 mb-8 text-ink-500">
            {i18n._("Every order placed while signed in as {email}.", { email: customer.email })}
          </p>
          <OrderList />
        </div>
      )}
    </CustomersOnly>
  );
}
