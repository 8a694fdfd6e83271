import { Download, Phone } from "lucide-react";
import type { OrderTracking } from "../../shared/contracts/order-tracking.ts";
import { SAVED_ADDRESS_MESSAGES } from "../../shared/contracts/saved-addresses.ts";
import { ORDER_NUMBER_PATTERN } from "../../shared/rules/order-number.ts";
import { Badge } from "../components/ui/badge.tsx";
import { ButtonLink, buttonClass } from "../components/ui/button.tsx";
import { RecordNotReady } from "../components/ui/query-state.tsx";
import { BORROWED_TEXT } from "../features/checkout/borrowed-texts.ts";
import { useOrderStream, useOrderTracking } from "../features/orders/api/order-tracking.ts";
import { invoicePdfUrl, invoiceUrl } from "../features/orders/api/orders.ts";
import { BuyAgainButton } from "../features/orders/components/buy-again-button.tsx";
import { CreditNoteLinks } from "../features/orders/components/credit-note-links.tsx";
import { DeliveryCountdown } from "../features/orders/components/delivery-countdown.tsx";
import { LiveUpdates } from "../features/orders/components/live-updates.tsx";
import { OrderLines, OrderTotals } from "../features/orders/components/order-lines.tsx";
import { OrderProgress } from "../features/orders/components/order-progress.tsx";
import { orderStatusLabel } from "../features/orders/components/order-status-since.tsx";
import { RatingDialog } from "../features/orders/components/rating-dialog.tsx";
import { ORDER_TEXT, TRACKING_TEXT } from "../features/orders/texts.ts";
import { COMMON_TEXTS } from "../lib/common-texts.ts";
import { useLingui } from "../lib/i18n/react-binding.tsx";
import { useParams } from "../lib/router/index.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

/** An order still on its way: the page listens for its changes until it is settled. */
const isOpen = (status: OrderTracking["order"]["status"]) =>
  status !== "delivered" && status !== "cancelled";

const card = "rounded-3xl bg-white p-6 shadow-card";

export default function OrderTrackingPage() {
  const { orderNumber = "" } = useParams();
  if (!ORDER_NUMBER_PATTERN.test(orderNumber)) {
    return (
      <div className="mx-auto max-w-xl px-4 py-20 text-center">
        <NotHere orderNumber={orderNumber} />
      </div>
    );
  }
  return <Tracking orderNumber={orderNumber} />;
}

/** Another browser's order, or none: the same answer, so order numbers cannot be probed. */
function NotHere({ orderNumber }: { orderNumber: string }) {
  const { i18n } = useLingui();
  return (
    <>
      <h1 className="font-display text-3xl font-bold text-ink-900">
        {i18n._(TRACKING_TEXT.notFoundTitle)}
      </h1>
      <p className="mt-3 text-ink-500">{i18n._(TRACKING_TEXT.notFoundHint, { orderNumber })}</p>
      <ButtonLink to="/shop" className="mt-8">
        {i18n._(BORROWED_TEXT.continueShopping)}
      </ButtonLink>
    </>
  );
}

function Tracking({ orderNumber }: { orderNumber: string }) {
  const { i18n } = useLingui();
  usePageTitle(i18n._(TRACKING_TEXT.title, { orderNumber }));
  const { data, error, isPending, refetch, dataUpdatedAt } = useOrderTracking(orderNumber);
  const live = useOrderStream(orderNumber, data !== undefined && isOpen(data.order.status));

  if (!data) {
    return (
      <RecordNotReady
        isPending={isPending}
        error={error}
        onRetry={() => refetch()}
        loadingLabel={i18n._(TRACKING_TEXT.loading)}
        notFound={<NotHere orderNumber={orderNumber} />}
      />
    );
  }

  const { order } = data;
  const unpaid = order.status === "cancelled" && order.paymentStatus === "failed";
  const tone =
    order.status === "delivered" ? "green" : order.status === "cancelled" ? "red" : "saffron";
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-12">
      {order.status === "delivered" && (
        <RatingDialog orderNumber={order.orderNumber} alreadyRated={order.rating !== null} />
      )}
      <header className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <h1 className="font-display text-3xl font-bold text-ink-900 sm:text-4xl">
          {i18n._(TRACKING_TEXT.title, { orderNumber: order.orderNumber })}
        </h1>
        <Badge tone={tone} className="text-sm">
          <span data-testid="tracking-status">{i18n._(orderStatusLabel(order.status))}</span>
        </Badge>
        <LiveUpdates state={live} />
      </header>

      <div className="mt-8 grid gap-6 lg:grid-cols-[1fr_340px]">
        <div className="space-y-6">
          <DeliveryCountdown tracking={data} receivedAt={dataUpdatedAt} />
          <section aria-labelledby="progress-title" className={card}>
            <h2 id="progress-title" className="mb-5 text-lg font-bold text-ink-900">
              {i18n._(TRACKING_TEXT.progress)}
            </h2>
            <OrderProgress tracking={data} />
          </section>
        </div>

        <div className="space-y-6">
          <section aria-labelledby="documents-title" className={card}>
            <h2 id="documents-title" className="text-lg font-bold text-ink-900">
              {i18n._(TRACKING_TEXT.documents)}
            </h2>
            {order.status === "awaiting_payment" || unpaid ? (
              <p className="mt-2 text-sm text-ink-500">{i18n._(TRACKING_TEXT.noInvoice)}</p>
            ) : (
              <>
                <p className="mt-2 text-sm text-ink-500" data-testid="invoice-kind">
                  {order.invoiceNumber
                    ? i18n._(TRACKING_TEXT.gstInvoice, { number: order.invoiceNumber })
                    : i18n._(
                        order.status === "cancelled"
                          ? TRACKING_TEXT.cancelledBeforeInvoice
                          : TRACKING_TEXT.proforma,
                      )}
                </p>
                <div className="mt-3 flex flex-wrap gap-2">
                  <a
                    href={invoiceUrl(order.orderNumber)}
                    download
                    className={buttonClass({ size: "sm", variant: "outline" })}
                  >
                    <Download aria-hidden="true" className="h-4 w-4" />{" "}
                    {i18n._(TRACKING_TEXT.invoice)}
                  </a>
                  <a
                    href={invoicePdfUrl(order.orderNumber)}
                    download
                    className={buttonClass({ size: "sm", variant: "outline" })}
                  >
                    <Download aria-hidden="true" className="h-4 w-4" />{" "}
                    {i18n._(ORDER_TEXT.downloadPdf)}
                    <span className="sr-only">
                      {" "}
                      {i18n._(ORDER_TEXT.pdfOfInvoice, { orderNumber: order.orderNumber })}
                    </span>
                  </a>
                </div>
              </>
            )}
            <CreditNoteLinks orderNumber={order.orderNumber} notes={order.creditNotes} />
          </section>

          <section aria-labelledby="details-title" className={card}>
            <h2 id="details-title" className="text-lg font-bold text-ink-900">
              {i18n._(TRACKING_TEXT.details)}
            </h2>
            <OrderLines lines={order.lines} locale={order.locale} className="mt-3" />
            <div className="mt-3 border-t border-cream-200 pt-3">
              <OrderTotals order={order} />
            </div>
            <dl className="mt-4 space-y-3 text-sm">
              <div>
                <dt className="text-ink-500">{i18n._(SAVED_ADDRESS_MESSAGES.deliverTo)}</dt>
                <dd className="font-semibold">{order.shippingAddress}</dd>
              </div>
              <div>
                <dt className="text-ink-500">{i18n._(COMMON_TEXTS.payment)}</dt>
                <dd className="font-semibold">{i18n._(order.paymentSummary)}</dd>
              </div>
              <div>
                <dt className="text-ink-500">{i18n._(TRACKING_TEXT.deliveryAgent)}</dt>
                <dd>
                  <a
                    className="inline-flex items-center gap-1.5 font-semibold text-brand-700 underline"
                    href={`tel:${order.deliveryAgentPhone.replaceAll(" ", "")}`}
                  >
                    <Phone aria-hidden="true" className="h-4 w-4" />
                    {order.deliveryAgentPhone}
                  </a>
                </dd>
              </div>
            </dl>
            {order.status !== "awaiting_payment" && (
              <div className="mt-5">
                <BuyAgainButton orderNumber={order.orderNumber} />
              </div>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}
