import { useState } from "react";
import type { PlaceOrderInput } from "../../../shared/contracts/checkout.ts";
import type { OrderView } from "../../../shared/contracts/orders.ts";
import { type CheckoutSession, PAYMENT_MESSAGES } from "../../../shared/contracts/payments.ts";
import { toast } from "../../components/toasts.tsx";
import { ApiError, errorMessage } from "../../lib/api-client.ts";
import { useLingui } from "../../lib/i18n/react-binding.tsx";
import { useNavigate, useSearchParams } from "../../lib/router/index.ts";
import { useCart } from "../cart/cart-context.tsx";
import { useOrderPayment } from "../orders/api/order-payment.ts";
import { useOnlinePayment } from "../payments/use-online-payment.ts";
import { usePlaceOrder } from "./api/place-order.ts";
import { endsAttempt } from "./attempt-outcome.ts";
import { orderPagePath } from "./checkout-page.ts";
import { useAttemptKey } from "./use-attempt-key.ts";
import { useOrderAccessKey } from "./use-order-access-key.ts";

/** An order placed here that waits for its online payment. */
export type AwaitingOrder = { orderNumber: string; payBy: string };

/**
 * Checkout from Place Order to a confirmed order: cash orders are confirmed at once; online ones
 * are paid in the provider's checkout, retried or switched to cash on delivery. The cart is kept
 * until the order is paid or will be paid in cash.
 */
export function useCheckoutPayment() {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const [, setSearchParams] = useSearchParams();
  const { clearCart } = useCart();
  const placeOrder = usePlaceOrder();
  const attempt = useAttemptKey();
  const accessKey = useOrderAccessKey();
  const payment = useOnlinePayment();
  const orders = useOrderPayment();
  const [awaiting, setAwaiting] = useState<AwaitingOrder | null>(null);
  const [switching, setSwitching] = useState(false);

  const confirmed = (order: OrderView) => {
    toast.dismiss();
    clearCart();
    navigate("/order-confirmation", { state: { orderNumber: order.orderNumber }, replace: true });
  };

  const payOnline = async (
    orderNumber: string,
    session: CheckoutSession | (() => Promise<CheckoutSession>),
  ) => {
    const result = await payment.pay({
      session,
      report: (proof) => orders.report(orderNumber, proof),
    });
    if (result?.outcome === "paid") confirmed(result.answer);
    // The order no longer waits (its time ran out, or it was paid meanwhile): its page says how.
    if (result?.outcome === "failed" && result.error instanceof ApiError) {
      if (result.error.status === 409) {
        toast.error(i18n._(result.reason));
        await orders.refresh(orderNumber);
        navigate(orderPagePath(orderNumber), { replace: true });
      }
    }
  };

  /** Sends the order; resolves with the server's refusal when it refused, for the form to show. */
  const place = async (input: PlaceOrderInput): Promise<ApiError | undefined> => {
    let order: Awaited<ReturnType<typeof placeOrder.mutateAsync>>;
    try {
      await accessKey();
      order = await placeOrder.mutateAsync({ input, idempotencyKey: attempt.current() });
    } catch (error) {
      // No final answer yet: keep the key, so a retry cannot place a second order.
      if (!endsAttempt(error)) {
        toast.error(i18n._(errorMessage(error)), {
          description: i18n._("Your order was not placed twice; it is safe to try again."),
        });
        return undefined;
      }
      attempt.finish();
      return error;
    }
    attempt.finish();
    if (!order.checkout) {
      confirmed(order);
      return undefined;
    }
    setAwaiting({ orderNumber: order.orderNumber, payBy: order.checkout.payBy });
    // A reload from here on opens the order's own page, which can still take its payment.
    setSearchParams({ order: order.orderNumber }, { replace: true, preventScrollReset: true });
    await payOnline(order.orderNumber, order.checkout);
    return undefined;
  };

  const retry = () => {
    if (awaiting) void payOnline(awaiting.orderNumber, () => orders.session(awaiting.orderNumber));
  };

  const payCash = async () => {
    if (!awaiting || switching) return;
    setSwitching(true);
    try {
      const order = await orders.payOnDelivery(awaiting.orderNumber);
      confirmed(order);
      toast.success(i18n._(PAYMENT_MESSAGES.switchedToCash));
    } catch (error) {
      toast.error(i18n._(errorMessage(error)));
    } finally {
      setSwitching(false);
    }
  };

  return {
    place,
    retry,
    payCash,
    awaiting,
    payment: payment.state,
    switching,
    /** Placing the order or paying for it: the button reads "Processing..." throughout. */
    processing: placeOrder.isPending || payment.processing || payment.state.status === "paid",
  };
}
