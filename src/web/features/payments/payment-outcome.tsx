import { Banknote, RefreshCw, XCircle } from "lucide-react";
import { useEffect, useRef } from "react";
import { PAYMENT_LABELS, PAYMENT_MESSAGES } from "../../../shared/contracts/payments.ts";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../lib/cn.ts";
import { useLingui } from "../../lib/i18n/react-binding.tsx";
import type { PaymentState } from "./use-online-payment.ts";

type Props = {
  state: PaymentState;
  /**
   * What a closed payment window means here (an order is held; a bulk advance is not): the
   * English, translated here.
   */
  cancelledMessage?: string;
  onRetry(): void;
  /** Offered only where cash on delivery is allowed (an order's checkout and its page). */
  onCash?: (() => void) | undefined;
  /** A retry or the switch to cash is under way. */
  busy?: boolean;
};

/**
 * What the shopper reads after a payment window closed without a payment: why, and what they can
 * do next. It takes the focus when it appears, so a keyboard or screen-reader user lands on it.
 */
export function PaymentOutcome({
  state,
  cancelledMessage = PAYMENT_MESSAGES.cancelled,
  onRetry,
  onCash,
  busy = false,
}: Props) {
  const { i18n } = useLingui();
  const panel = useRef<HTMLDivElement>(null);
  const shown = state.status === "failed" || state.status === "cancelled";
  useEffect(() => {
    if (shown) panel.current?.focus();
  }, [shown]);
  if (!shown) return null;
  const failed = state.status === "failed";
  return (
    <div
      ref={panel}
      tabIndex={-1}
      role="alert"
      data-testid="payment-outcome"
      className={cn(
        "rounded-2xl border p-4 text-sm focus:outline-none focus-visible:outline-2",
        failed
          ? "border-red-200 bg-red-50 text-red-800"
          : "border-saffron-400/60 bg-saffron-400/15 text-ink-900",
      )}
    >
      <p className="flex gap-3">
        <XCircle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
        <span>
          {failed ? (
            <>
              <strong>{i18n._(PAYMENT_MESSAGES.failed)}</strong> {i18n._(state.reason)}
            </>
          ) : (
            i18n._(cancelledMessage)
          )}
        </span>
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button onClick={onRetry} disabled={busy}>
          <RefreshCw aria-hidden="true" className="h-4 w-4" />
          {i18n._(PAYMENT_LABELS.tryAgain)}
        </Button>
        {onCash && (
          <Button variant="outline" onClick={onCash} disabled={busy}>
            <Banknote aria-hidden="true" className="h-4 w-4" />
            {i18n._(PAYMENT_LABELS.payCashInstead)}
          </Button>
        )}
      </div>
    </div>
  );
}
