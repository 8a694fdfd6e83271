import { Check, Circle, XCircle } from "lucide-react";
import type { OrderTracking } from "../../../../shared/contracts/order-tracking.ts";
import { formatRupees } from "../../../../shared/money.ts";
import { REFUND_TIME } from "../../../../shared/rules/order-fulfilment.ts";
import { DateTime } from "../../../components/date-time.tsx";
import { cn } from "../../../lib/cn.ts";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";
import { TRACKING_TEXT } from "../texts.ts";
import { orderStatusLabel } from "./order-status-since.tsx";

/**
 * The order's states as a timeline: each reached one with its time, the current one marked, the
 * ones still to come greyed; a cancellation ends it with its reason and any refund.
 */
export function OrderProgress({ tracking }: { tracking: OrderTracking }) {
  const { i18n } = useLingui();
  const { order, steps } = tracking;
  const current = steps.reduce((last, step, index) => (step.at !== null ? index : last), -1);
  return (
    <ol className="space-y-0" data-testid="order-progress">
      {steps.map((step, index) => {
        const reached = step.at !== null;
        const cancelled = step.status === "cancelled";
        const last = index === steps.length - 1;
        return (
          <li
            key={step.status}
            className="relative flex gap-4 pb-6 last:pb-0"
            aria-current={index === current ? "step" : undefined}
            data-testid={`step-${step.status}`}
          >
            {!last && (
              <span
                aria-hidden="true"
                className={cn(
                  "absolute top-8 left-4 -ml-px h-[calc(100%-2rem)] w-0.5",
                  index < current ? "bg-brand-600" : "bg-cream-200",
                )}
              />
            )}
            <span
              aria-hidden="true"
              className={cn(
                "relative flex h-8 w-8 shrink-0 items-center justify-center rounded-full",
                cancelled
                  ? "bg-red-100 text-red-700"
                  : reached
                    ? "bg-brand-600 text-white"
                    : "border-2 border-cream-200 bg-white text-ink-500",
                index === current && !cancelled && "ring-4 ring-brand-100",
              )}
            >
              {cancelled ? (
                <XCircle className="h-5 w-5" />
              ) : reached ? (
                <Check className="h-4 w-4" />
              ) : (
                <Circle className="h-2.5 w-2.5" />
              )}
            </span>
            <div className="min-w-0 pt-1">
              <p className={cn("font-semibold", reached ? "text-ink-900" : "text-ink-500")}>
                {i18n._(orderStatusLabel(step.status))}
              </p>
              <p className="text-sm text-ink-500">
                {step.at ? <DateTime iso={step.at} /> : i18n._(TRACKING_TEXT.notYet)}
              </p>
              {cancelled && tracking.cancelReason && (
                <p className="mt-1 text-sm text-ink-700">
                  {i18n._(TRACKING_TEXT.cancelledBecause, { reason: tracking.cancelReason })}
                </p>
              )}
              {cancelled && tracking.refunds.length === 0 && order.paymentStatus !== "paid" && (
                <p className="mt-1 text-sm text-ink-700">{i18n._(TRACKING_TEXT.nothingCharged)}</p>
              )}
              {cancelled && tracking.refunds.length > 0 && (
                <ul className="mt-2 space-y-1 text-sm" data-testid="refunds">
                  {tracking.refunds.map((refund) => (
                    <li key={refund.at} className="rounded-xl bg-brand-50 px-3 py-2 text-brand-800">
                      {refund.state === "refunded" && refund.refundedAt ? (
                        <>
                          {i18n._(TRACKING_TEXT.refunded, {
                            amount: formatRupees(refund.amountPaise),
                            to: i18n._(order.paymentSummary),
                          })}{" "}
                          · <DateTime iso={refund.refundedAt} />
                        </>
                      ) : (
                        i18n._(TRACKING_TEXT.refundOnItsWay, {
                          amount: formatRupees(refund.amountPaise),
                          to: i18n._(order.paymentSummary),
                          time: i18n._(REFUND_TIME),
                        })
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
