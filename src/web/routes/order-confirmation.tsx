import { CheckCircle2, Clock, Download, Mail, MapPin, Phone, Truck, XCircle } from "lucide-react";
import { orderTrackingPath } from "../../shared/contracts/order-tracking.ts";
import type { OrderView } from "../../shared/contracts/orders.ts";
import { PAYMENT_MESSAGES } from "../../shared/contracts/payments.ts";
import { SAVED_ADDRESS_MESSAGES } from "../../shared/contracts/saved-addresses.ts";
import { ORDER_NUMBER_PATTERN } from "../../shared/rules/order-number.ts";
import { NAME_FALLBACK } from "../../shared/rules/person-name.ts";
import { STORE } from "../../shared/store-info.ts";
import { PageLoading } from "../app/layout/page-loading.tsx";
import { ButtonLink, buttonClass } from "../components/ui/button.tsx";
import { RecordNotReady } from "../components/ui/query-state.tsx";
import { BORROWED_TEXT } from "../features/checkout/borrowed-texts.ts";
import { PAYMENT_HEADING } from "../features/checkout/checkout-page.ts";
import { invoiceUrl, useOrder } from "../features/orders/api/orders.ts";
import { AwaitingPayment } from "../features/orders/components/awaiting-payment.tsx";
import { BuyAgainButton } from "../features/orders/components/buy-again-button.tsx";
import { CreditNoteLinks } from "../features/orders/components/credit-note-links.tsx";
import { OrderLines, OrderTotals } from "../features/orders/components/order-lines.tsx";
import { OrderStatusSince } from "../features/orders/components/order-status-since.tsx";
import { RatingDialog } from "../features/orders/components/rating-dialog.tsx";
import { ORDER_TEXT, TRACKING_TEXT } from "../features/orders/texts.ts";
import { useSiteSettings } from "../features/site/api/site-settings.ts";
import { COMMON_TEXTS } from "../lib/common-texts.ts";
import { Trans, useLingui } from "../lib/i18n/react-binding.tsx";
import { typedValue } from "../lib/i18n/typed-value.tsx";
import { Navigate, useSearchParams } from "../lib/router/index.ts";
import { useLocationState } from "../lib/use-location-state.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

/**
 * The order comes from checkout's navigation state, or from ?order= in the emailed link; null
 * while the page hydrates without the link's number (the state is not read yet).
 */
function useOrderNumber(): string | undefined | null {
  const state = useLocationState<{ orderNumber: unknown }>();
  const [params] = useSearchParams();
  const fromState = state?.orderNumber;
  const candidate = typeof fromState === "string" ? fromState : params.get("order");
  if (candidate && ORDER_NUMBER_PATTERN.test(candidate)) return candidate;
  return state === undefined ? null : undefined;
}

export default function OrderConfirmationPage() {
  const orderNumber = useOrderNumber();
  if (orderNumber === null) return <PageLoading />;
  if (!orderNumber) return <Navigate to="/shop" replace />;
  return <Confirmation orderNumber={orderNumber} />;
}

function Confirmation({ orderNumber }: { orderNumber: string }) {
  const { data: order, error, isPending, refetch } = useOrder(orderNumber);
  const settings = useSiteSettings();
  const { i18n } = useLingui();
  usePageTitle(
    order?.status === "awaiting_payment"
      ? i18n._(PAYMENT_MESSAGES.awaiting)
      : order?.status === "cancelled" && order.paymentStatus === "failed"
        ? i18n._(ORDER_TEXT.cancelled)
        : i18n._("Order Confirmed"),
  );

  if (!order) {
    return (
      <RecordNotReady
        isPending={isPending}
        error={error}
        onRetry={() => refetch()}
        loadingLabel={i18n._(TRACKING_TEXT.loading)}
        notFound={
          <>
            <h1 className="font-display text-3xl font-bold text-ink-900">
              {i18n._(TRACKING_TEXT.notFoundTitle)}
            </h1>
            <p className="mt-3 text-ink-500">
              {i18n._(
                "Order {orderNumber} can be viewed from the browser it was placed in. Your confirmation email has all its details and the invoice.",
                { orderNumber },
              )}
            </p>
            <ButtonLink to="/shop" className="mt-8">
              {i18n._(BORROWED_TEXT.continueShopping)}
            </ButtonLink>
          </>
        }
      />
    );
  }

  const awaiting = order.status === "awaiting_payment";
  // An online order whose time to pay ran out: the sweep cancels it and marks its payment failed.
  const unpaid = order.status === "cancelled" && order.paymentStatus === "failed";
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      {!awaiting && !unpaid && (
        <RatingDialog orderNumber={order.orderNumber} alreadyRated={order.rating !== null} />
      )}
      {awaiting ? (
        <AwaitingPayment order={order} />
      ) : unpaid ? (
        <header className="text-center">
          <XCircle aria-hidden="true" className="mx-auto h-16 w-16 text-red-600" />
          <h1 className="mt-4 font-display text-4xl font-bold text-ink-900">
            {i18n._(ORDER_TEXT.cancelled)}
          </h1>
          <p className="mx-auto mt-3 max-w-xl text-ink-700">
            <strong className="text-ink-900">{order.orderNumber}</strong>:{" "}
            {i18n._(PAYMENT_MESSAGES.holdEnded)}
          </p>
        </header>
      ) : (
        <Placed order={order} demoMode={settings.data?.demoMode ?? false} />
      )}

      <section
        aria-labelledby="order-details-title"
        className="mt-8 grid gap-6 md:grid-cols-[1fr_320px]"
      >
        <div className="rounded-3xl bg-white p-6 shadow-card">
          <h2 id="order-details-title" className="text-lg font-bold text-ink-900">
            {i18n._(TRACKING_TEXT.details)}
          </h2>
          <OrderLines lines={order.lines} locale={order.locale} className="mt-4" />
          <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-ink-500">{i18n._(SAVED_ADDRESS_MESSAGES.deliverTo)}</dt>
              <dd className="font-semibold">{order.shippingAddress}</dd>
            </div>
            <div>
              <dt className="text-ink-500">{i18n._(PAYMENT_HEADING)}</dt>
              <dd className="font-semibold">{i18n._(order.paymentSummary)}</dd>
            </div>
            <div>
              <dt className="text-ink-500">{i18n._(COMMON_TEXTS.status)}</dt>
              <dd className="font-semibold" data-testid="order-status">
                <OrderStatusSince status={order.status} statusAt={order.statusAt} />
              </dd>
            </div>
          </dl>
          <CreditNoteLinks orderNumber={order.orderNumber} notes={order.creditNotes} />
          {!awaiting && (
            <div className="mt-5">
              <BuyAgainButton orderNumber={order.orderNumber} />
            </div>
          )}
        </div>
        <div className="h-fit rounded-3xl bg-white p-6 shadow-card">
          <OrderTotals order={order} />
        </div>
      </section>

      <div className="mt-10 flex flex-wrap justify-center gap-4">
        <ButtonLink to="/" size="lg" variant="outline">
          {i18n._(BORROWED_TEXT.continueShopping)}
        </ButtonLink>
        {!awaiting && !unpaid && (
          <ButtonLink to={orderTrackingPath(order.orderNumber)} size="lg" variant="outline">
            <MapPin aria-hidden="true" className="h-4 w-4" /> {i18n._(TRACKING_TEXT.trackLink)}
          </ButtonLink>
        )}
        {!awaiting && !unpaid && (
          <a href={invoiceUrl(order.orderNumber)} download className={buttonClass({ size: "lg" })}>
            <Download aria-hidden="true" className="h-4 w-4" /> {i18n._(TRACKING_TEXT.invoice)}
          </a>
        )}
      </div>
    </div>
  );
}

/** The spec's confirmation: the order number, the promise, the delivery agent and the email. */
function Placed({ order, demoMode }: { order: OrderView; demoMode: boolean }) {
  const { i18n } = useLingui();
  return (
    <>
      <header className="text-center">
        <CheckCircle2 aria-hidden="true" className="mx-auto h-16 w-16 text-brand-600" />
        <h1 className="mt-4 font-display text-4xl font-bold text-ink-900">
          {i18n._(ORDER_TEXT.confirmed)}
        </h1>
        <p className="mt-3 text-ink-700">
          <Trans
            id={/*i18n*/ "Thank you, {name}. Your order number is <0>{orderNumber}</0>."}
            values={{
              name: typedValue(order.customerName || i18n._(NAME_FALLBACK)),
              orderNumber: order.orderNumber,
            }}
            components={{
              0: <strong data-testid="order-number" className="text-brand-700" />,
            }}
          />
        </p>
      </header>

      <ul className="mt-10 grid gap-4 sm:grid-cols-3">
        <li className="rounded-2xl bg-white p-5 shadow-card">
          <Clock aria-hidden="true" className="h-6 w-6 text-brand-600" />
          <p className="mt-2 text-sm text-ink-500">{i18n._("Processing time")}</p>
          <p className="font-bold text-ink-900">{i18n._(STORE.processingTime)}</p>
        </li>
        <li className="rounded-2xl bg-white p-5 shadow-card">
          <Truck aria-hidden="true" className="h-6 w-6 text-brand-600" />
          <p className="mt-2 text-sm text-ink-500">{i18n._("Estimated delivery")}</p>
          <p className="font-bold text-ink-900">{i18n._(STORE.deliveryPromise)}</p>
        </li>
        <li className="rounded-2xl bg-white p-5 shadow-card">
          <Phone aria-hidden="true" className="h-6 w-6 text-brand-600" />
          <p className="mt-2 text-sm text-ink-500">{i18n._(TRACKING_TEXT.deliveryAgent)}</p>
          <a
            className="font-bold text-brand-700 underline"
            href={`tel:${order.deliveryAgentPhone.replaceAll(" ", "")}`}
          >
            {order.deliveryAgentPhone}
          </a>
        </li>
      </ul>

      <p className="mt-6 flex items-center justify-center gap-2 rounded-2xl bg-brand-50 p-4 text-sm text-brand-800">
        <Mail aria-hidden="true" className="h-4 w-4" />
        {i18n._("Order details have been sent to your email, {email}.", { email: order.email })}
        {demoMode && (
          <a href="/dev/mailbox" className="font-semibold underline">
            {i18n._(COMMON_TEXTS.openDemoMailbox)}
          </a>
        )}
      </p>
    </>
  );
}
