import { ShieldCheck, TriangleAlert } from "lucide-react";
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
} from "../../../../shared/contracts/checkout.ts";
import { PAYMENT_LABELS, PAYMENT_MESSAGES } from "../../../../shared/contracts/payments.ts";
import { CASH_ONLY_NOTE } from "../../../../shared/rules/payment-options.ts";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";
import { PaymentMethodChoice } from "../../payments/payment-method-choice.tsx";

type Props = {
  method: PaymentMethod;
  onMethod(method: PaymentMethod): void;
  demoMode: boolean;
  /** The methods the store offers (the site settings'); all of them until those have loaded. */
  methods?: readonly PaymentMethod[];
  /**
   * Why cash on delivery cannot take this cart (shared/rules/cash-order-caps.ts), if it cannot,
   * already in the page's words.
   */
  cashRefusal?: string | null;
};

/**
 * How the shopper will pay: only the choice. Card and UPI details are typed in the payment
 * provider's window, which opens when the order is placed.
 */
export function PaymentSection({
  method,
  onMethod,
  demoMode,
  methods = PAYMENT_METHODS,
  cashRefusal,
}: Props) {
  const { i18n } = useLingui();
  const cashOnly = methods.length === 1 && methods[0] === "cash";
  return (
    <div className="space-y-5">
      <PaymentMethodChoice
        name="paymentMethod"
        legend={i18n._(PAYMENT_LABELS.method)}
        options={methods.map((value) => ({
          value,
          label: i18n._(PAYMENT_METHOD_LABELS[value]),
        }))}
        value={method}
        onChange={onMethod}
      />
      {method === "cash" && cashRefusal ? (
        <p
          role="alert"
          className="flex gap-3 rounded-2xl border border-saffron-500/50 bg-saffron-400/15 p-4 text-sm font-semibold text-ink-900"
          data-testid="cash-cap-note"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-saffron-600" />
          {cashRefusal}
        </p>
      ) : method === "cash" ? (
        <p className="rounded-2xl bg-brand-50 p-4 text-sm text-brand-800">
          {i18n._(PAYMENT_MESSAGES.cashOnDelivery)}
        </p>
      ) : (
        <p className="flex gap-3 rounded-2xl bg-brand-50 p-4 text-sm text-brand-800">
          <ShieldCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
          {i18n._(PAYMENT_MESSAGES.secureWindow)}
        </p>
      )}
      {cashOnly && (
        <p
          className="rounded-2xl bg-saffron-400/15 p-4 text-sm text-ink-700"
          data-testid="cash-only-note"
        >
          {i18n._(CASH_ONLY_NOTE)}
        </p>
      )}
      {demoMode && method !== "cash" && (
        <p
          className="rounded-2xl bg-saffron-400/15 p-4 text-xs leading-relaxed text-ink-700"
          data-testid="test-payment-hint"
        >
          {i18n._(PAYMENT_MESSAGES.demoPayments)}
        </p>
      )}
    </div>
  );
}
