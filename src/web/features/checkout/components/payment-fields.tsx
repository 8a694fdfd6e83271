import { CreditCard, Smartphone, Wallet } from "lucide-react";
import { useEffect } from "react";
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
} from "../../../../shared/contracts/checkout.ts";
import type { CheckoutForm } from "../../../../shared/contracts/checkout-form.ts";
import { CASH_ONLY_NOTE } from "../../../../shared/rules/payment-options.ts";
import { PAYMENT_INPUTS } from "../../../components/payment-inputs.ts";
import { cn } from "../../../lib/cn.ts";
import { type FieldErrors, FormInput } from "./form-input.tsx";

const ICONS: Record<PaymentMethod, typeof CreditCard> = {
  card: CreditCard,
  cash: Wallet,
  upi: Smartphone,
  gpay: Smartphone,
  phonepe: Smartphone,
};

type Props = {
  values: CheckoutForm;
  errors: FieldErrors;
  onValue(name: keyof CheckoutForm, value: string): void;
  demoMode: boolean;
  /** The methods the store offers (the site settings'); all of them until those have loaded. */
  methods?: readonly PaymentMethod[];
};

type Shared = Pick<Props, "errors" | "onValue" | "values">;

/** A UPI app's two fields: the phone number registered with it and its UPI ID. */
function WalletFields({
  wallet,
  number,
  upi,
  example,
  ...shared
}: Shared & {
  wallet: string;
  number: keyof CheckoutForm;
  upi: keyof CheckoutForm;
  example: string;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormInput
        {...shared}
        name={number}
        label={`${wallet} mobile number`}
        required
        type="tel"
        inputMode="tel"
        placeholder="10-digit mobile number"
        maxLength={16}
      />
      <FormInput
        {...shared}
        name={upi}
        label={`${wallet} UPI ID`}
        required
        placeholder={example}
        maxLength={100}
      />
    </div>
  );
}

export function PaymentFields({
  values: form,
  errors,
  onValue,
  demoMode,
  methods = PAYMENT_METHODS,
}: Props) {
  const shared = { values: form, errors, onValue };
  const offered = methods.includes(form.paymentMethod);
  const cashOnly = methods.length === 1 && methods[0] === "cash";
  // A method the store does not offer cannot stay chosen (the form starts on card).
  useEffect(() => {
    if (!offered && methods[0]) onValue("paymentMethod", methods[0]);
  }, [offered, methods, onValue]);
  return (
    <div className="space-y-5">
      <fieldset>
        <legend className="mb-3 text-sm font-semibold text-ink-700">Payment method</legend>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {methods.map((method) => {
            const Icon = ICONS[method];
            const checked = form.paymentMethod === method;
            return (
              <label
                key={method}
                className={cn(
                  "flex cursor-pointer items-center gap-3 rounded-2xl border-2 px-4 py-3 text-sm font-semibold transition-colors",
                  "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600",
                  checked
                    ? "border-brand-600 bg-brand-50 text-brand-800"
                    : "border-cream-200 bg-white text-ink-700 hover:border-brand-200",
                )}
              >
                <input
                  type="radio"
                  name="paymentMethod"
                  value={method}
                  checked={checked}
                  onChange={() => onValue("paymentMethod", method)}
                  className="sr-only"
                />
                <Icon aria-hidden="true" className="h-5 w-5" />
                {PAYMENT_METHOD_LABELS[method]}
              </label>
            );
          })}
        </div>
      </fieldset>

      {form.paymentMethod === "card" && (
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <FormInput
              {...shared}
              name="cardNumber"
              {...PAYMENT_INPUTS.cardNumber}
              label="Card number"
              required
            />
          </div>
          <div className="sm:col-span-2">
            <FormInput
              {...shared}
              name="cardName"
              {...PAYMENT_INPUTS.cardName}
              label="Name on card"
              required
            />
          </div>
          <FormInput
            {...shared}
            name="cardExpiry"
            {...PAYMENT_INPUTS.cardExpiry}
            label="Expiry (MM/YY)"
            required
          />
          <FormInput {...shared} name="cardCvv" {...PAYMENT_INPUTS.cardCvv} label="CVV" required />
        </div>
      )}
      {form.paymentMethod === "upi" && (
        <FormInput
          {...shared}
          name="upiId"
          {...PAYMENT_INPUTS.upiId}
          label="UPI ID"
          required
          placeholder="yourname@bank"
        />
      )}
      {form.paymentMethod === "gpay" && (
        <WalletFields
          {...shared}
          wallet="Google Pay"
          number="googlePayNumber"
          upi="googlePayUpi"
          example="yourname@okaxis"
        />
      )}
      {form.paymentMethod === "phonepe" && (
        <WalletFields
          {...shared}
          wallet="PhonePe"
          number="phonePeNumber"
          upi="phonePeUpi"
          example="yourname@ybl"
        />
      )}
      {cashOnly && (
        <p
          className="rounded-2xl bg-saffron-400/15 p-4 text-sm text-ink-700"
          data-testid="cash-only-note"
        >
          {CASH_ONLY_NOTE}
        </p>
      )}
      {form.paymentMethod === "cash" && (
        <p className="rounded-2xl bg-brand-50 p-4 text-sm text-brand-800">
          Pay in cash or by UPI to the delivery partner when your order arrives.
        </p>
      )}
      {demoMode && form.paymentMethod !== "cash" && (
        <p
          className="rounded-2xl bg-saffron-400/15 p-4 text-xs leading-relaxed text-ink-700"
          data-testid="test-payment-hint"
        >
          <strong>Demo payments:</strong> no money moves. Card 4111 1111 1111 1111 (any future
          expiry, any CVV) or UPI ID success@upi is approved; card 4000 0000 0000 0002 or UPI ID
          failure@upi is declined.
        </p>
      )}
    </div>
  );
}
