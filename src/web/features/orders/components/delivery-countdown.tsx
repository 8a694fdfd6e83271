import { CheckCircle2, Clock, CreditCard, Truck } from "lucide-react";
import type { OrderTracking } from "../../../../shared/contracts/order-tracking.ts";
import { deliveryCountdown } from "../../../../shared/rules/delivery-countdown.ts";
import { PROMISED_MINUTES } from "../../../../shared/rules/order-fulfilment.ts";
import { formatShopTime } from "../../../../shared/rules/shop-time.ts";
import { STORE } from "../../../../shared/store-info.ts";
import { ButtonLink } from "../../../components/ui/button.tsx";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";
import { useShopClock } from "../api/order-tracking.ts";
import { TRACKING_TEXT } from "../texts.ts";

const card = "rounded-3xl bg-white p-6 shadow-card";

/** The 30-60 minute promise counting down, or how it ended. Nothing for a cancelled order. */
export function DeliveryCountdown({
  tracking,
  receivedAt,
}: {
  tracking: OrderTracking;
  receivedAt: number;
}) {
  const { i18n } = useLingui();
  const now = useShopClock(tracking.now, receivedAt);
  const { order } = tracking;
  const countdown = deliveryCountdown(
    { status: order.status, placedAt: order.placedAt, deliveredAt: tracking.deliveredAt },
    now,
  );

  switch (countdown.kind) {
    case "cancelled":
      return null;
    case "awaiting_payment":
      return (
        <section className={card} data-testid="delivery-countdown">
          <CreditCard aria-hidden="true" className="h-7 w-7 text-saffron-600" />
          <h2 className="mt-2 text-xl font-bold text-ink-900">
            {i18n._(TRACKING_TEXT.awaitingPayment)}
          </h2>
          <p className="mt-1 text-sm text-ink-500">{i18n._(TRACKING_TEXT.awaitingPaymentHint)}</p>
          <ButtonLink
            to={`/order-confirmation?order=${encodeURIComponent(order.orderNumber)}`}
            size="sm"
            className="mt-4"
          >
            {i18n._(TRACKING_TEXT.payNowLink)}
          </ButtonLink>
        </section>
      );
    case "delivered":
      return (
        <section className={card} data-testid="delivery-countdown">
          <CheckCircle2 aria-hidden="true" className="h-7 w-7 text-brand-600" />
          <h2 className="mt-2 text-xl font-bold text-ink-900">
            {i18n._(TRACKING_TEXT.deliveredAt, { time: formatShopTime(countdown.at) })}
          </h2>
          <p className="mt-1 text-sm text-ink-500">
            {countdown.onTime
              ? i18n._(TRACKING_TEXT.deliveredOnTime, { promise: i18n._(STORE.deliveryPromise) })
              : i18n._(TRACKING_TEXT.deliveredLate, { minutes: PROMISED_MINUTES })}
          </p>
        </section>
      );
    case "late":
      return (
        <section className={card} data-testid="delivery-countdown">
          <Truck aria-hidden="true" className="h-7 w-7 text-saffron-600" />
          <h2 className="mt-2 text-xl font-bold text-ink-900">{i18n._(TRACKING_TEXT.late)}</h2>
          <p className="mt-1 text-sm text-ink-700">
            {countdown.minutesLate > 0
              ? i18n._(TRACKING_TEXT.lateBy, {
                  time: formatShopTime(countdown.latest),
                  minutes: countdown.minutesLate,
                })
              : i18n._(TRACKING_TEXT.lateJustNow, { time: formatShopTime(countdown.latest) })}
          </p>
        </section>
      );
    case "due": {
      const gone = Math.min(100, (1 - countdown.minutesLeft / PROMISED_MINUTES) * 100);
      return (
        <section className={card} data-testid="delivery-countdown">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <Clock aria-hidden="true" className="h-7 w-7 text-brand-600" />
              <h2 className="mt-2 text-xl font-bold text-ink-900">
                {i18n._(TRACKING_TEXT.arrivingBy, { time: formatShopTime(countdown.latest) })}
              </h2>
            </div>
            <p
              role="timer"
              className="rounded-full bg-brand-50 px-3 py-1 text-sm font-bold text-brand-800 tabular-nums"
            >
              {i18n._(TRACKING_TEXT.minutesLeft, { minutes: countdown.minutesLeft })}
            </p>
          </div>
          <div aria-hidden="true" className="mt-4 h-2 overflow-hidden rounded-full bg-cream-200">
            <div className="h-full rounded-full bg-brand-600" style={{ width: `${gone}%` }} />
          </div>
          <p className="mt-3 text-sm text-ink-500">
            {i18n._(TRACKING_TEXT.expectedBetween, {
              from: formatShopTime(countdown.earliest),
              to: formatShopTime(countdown.latest),
              promise: i18n._(STORE.deliveryPromise),
            })}
          </p>
        </section>
      );
    }
  }
}
