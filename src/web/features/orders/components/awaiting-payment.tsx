import { Banknote, CreditCard, Hourglass } from "lucide-react";
import { useState } from "react";
import type { OrderView } from "../../../../shared/contracts/orders.ts";
import { PAYMENT_LABELS, PAYMENT_MESSAGES } from "../../../../shared/contracts/payments.ts";
import { cashCapsOver, cashOrderSize } from "../../../../shared/rules/cash-order-caps.ts";
import { toast } from "../../../components/toasts.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";
import { PaymentOutcome } from "../../payments/payment-outcome.tsx";
import { PaymentTimeLeft } from "../../payments/payment-time-left.tsx";
import { useOnlinePayment } from "../../payments/use-online-payment.ts";
import { useTimeLeft } from "../../payments/use-time-left.ts";
import { useOrderPayment } from "../api/order-payment.ts";
import { useClearPaidCart } from "../use-clear-paid-cart.ts";

/**
 * An order that waits for its online payment (after a reload, or a payment given up): Pay now
 * opens the provider's checkout again, or it can be paid in cash on delivery, until its hold ends.
 * The paid order comes back from the server and the page shows it confirmed.
 */
export function AwaitingPayment({ order }: { order: OrderView }) {
  const { i18n } = useLingui();
  const payment = useOnlinePayment();
  const orders = useOrderPayment();
  const clearPaidCart = useClearPaidCart();
  const [switching, setSwitching] = useState(false);
  const ended = useTimeLeft(order.paymentDueAt) === 0;
  const { orderNumber } = order;
  // An order over the cash caps (decision 41) is paid online or not at all: no cash button.
  const cashFits = cashCapsOver(cashOrderSize(order.lines, order.totalPaise)).length === 0;

  const payNow = async () => {
    const result = await payment.pay({
      session: () => orders.session(orderNumber),
      report: (proof) => orders.report(orderNumber, proof),
    });
    if (result?.outcome === "paid") clearPaidCart(result.answer);
    // No longer waiting (paid by the provider's own notice, or its time ran out): show how it is.
    if (result?.outcome === "failed" && result.error instanceof ApiError) {
      if (result.error.status === 409) {
        toast.error(i18n._(result.reason));
        await orders.refresh(orderNumber);
      }
    }
  };

  const payCash = async () => {
    setSwitching(true);
    try {
      clearPaidCart(await orders.payOnDelivery(orderNumber));
      toast.success(i18n._(PAYMENT_MESSAGES.switchedToCash));
    } catch (error) {
      toast.error(i18n._(errorMessage(error)));
      await orders.refresh(orderNumber);
    } finally {
      setSwitching(false);
    }
  };

  const outcome = payment.state.status === "failed" || payment.state.status === "cancelled";
  return (
    <header className="text-center" data-testid="awaiting-payment">
      <Hourglass aria-hidden="true" className="mx-auto h-16 w-16 text-saffron-600" />
      <h1 className="mt-4 font-display text-4xl font-bold text-ink-900">
        {i18n._(PAYMENT_MESSAGES.awaiting)}
      </h1>
      <p className="mx-auto mt-3 max-w-xl text-ink-700">
        {i18n._(PAYMENT_MESSAGES.awaitingNote, { orderNumber })}
      </p>
      {order.paymentDueAt && !ended && (
        <p className="mt-3 text-lg text-saffron-800">
          <PaymentTimeLeft dueAt={order.paymentDueAt} />
        </p>
      )}
      {ended ? (
        <p role="status" className="mx-auto mt-6 max-w-xl rounded-2xl bg-red-50 p-4 text-red-800">
          {i18n._(PAYMENT_MESSAGES.holdEnded)}
        </p>
      ) : outcome ? (
        <div className="mx-auto mt-6 max-w-xl text-left">
          <PaymentOutcome
            state={payment.state}
            onRetry={() => void payNow()}
            onCash={cashFits ? () => void payCash() : undefined}
            busy={switching}
          />
        </div>
      ) : (
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button
            size="lg"
            onClick={() => void payNow()}
            disabled={payment.processing || switching}
          >
            <CreditCard aria-hidden="true" className="h-4 w-4" />
            {i18n._(payment.processing ? PAYMENT_MESSAGES.processing : PAYMENT_LABELS.payNow)}
          </Button>
          {cashFits && (
            <Button
              size="lg"
              variant="outline"
              onClick={() => void payCash()}
              disabled={payment.processing || switching}
            >
              <Banknote aria-hidden="true" className="h-4 w-4" />
              {i18n._(PAYMENT_LABELS.payCashInstead)}
            </Button>
          )}
        </div>
      )}
    </header>
  );
}
