import { Banknote, CreditCard, Landmark, Smartphone } from "lucide-react";
import type { InputHTMLAttributes } from "react";
import {
  BANK_LABELS,
  BANKS,
  BULK_PAYMENT_METHOD_LABELS,
  BULK_PAYMENT_METHODS,
  type BulkPaymentMethod,
} from "../../../../shared/contracts/bulk-orders.ts";
import { PAYMENT_INPUTS } from "../../../components/payment-inputs.ts";
import { Field, Input, Select } from "../../../components/ui/field.tsx";
import { cn } from "../../../lib/cn.ts";
import type { PaymentField, PaymentForm } from "../payment-form.ts";
import { UpiAppTabs } from "./upi-app-tabs.tsx";

const ICONS: Record<BulkPaymentMethod, typeof CreditCard> = {
  credit_card: CreditCard,
  upi: Smartphone,
  net_banking: Landmark,
  cash_on_delivery: Banknote,
};

const UPI_EXAMPLES = { gpay: "yourname@okaxis", phonepe: "yourname@ybl", other: "yourname@bank" };

export type PaymentErrors = Partial<Record<PaymentField, string>>;

type Props = {
  form: PaymentForm;
  errors: PaymentErrors;
  onChange(patch: Partial<PaymentForm>): void;
  /** Staff allowed this request to be paid in cash on delivery. */
  codApproved: boolean;
  /** Before a quote the methods are shown, but nothing can be chosen or typed yet. */
  showFields: boolean;
  /** The methods the store offers (the site settings'); all of them until those have loaded. */
  methods?: readonly BulkPaymentMethod[];
};

export const paymentInputId = (field: PaymentField) => `bulk-pay-${field}`;

function PayInput({
  field,
  label,
  values,
  errors,
  onChange,
  ...input
}: { field: PaymentField; label: string; values: PaymentForm } & Pick<
  Props,
  "errors" | "onChange"
> &
  Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "form">) {
  const id = paymentInputId(field);
  const error = errors[field];
  return (
    <Field id={id} label={label} required error={error}>
      <Input
        id={id}
        value={values[field]}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange({ [field]: event.target.value })}
        {...input}
      />
    </Field>
  );
}

export function BulkPaymentFields({
  form,
  errors,
  onChange,
  codApproved,
  showFields,
  methods = BULK_PAYMENT_METHODS,
}: Props) {
  const shared = { values: form, errors, onChange };
  return (
    <div className="space-y-5">
      <fieldset>
        <legend className="mb-3 text-sm font-semibold text-ink-700">Payment method</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {methods.map((method) => {
            const Icon = ICONS[method];
            const checked = showFields && form.method === method;
            const unavailable = method === "cash_on_delivery" && !codApproved;
            return (
              <label
                key={method}
                className={cn(
                  "flex items-center gap-3 rounded-2xl border-2 px-4 py-3 text-sm font-semibold transition-colors",
                  "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600",
                  checked
                    ? "border-brand-600 bg-brand-50 text-brand-800"
                    : "border-cream-200 bg-white text-ink-700",
                  unavailable || !showFields
                    ? "cursor-not-allowed bg-cream-100"
                    : "cursor-pointer hover:border-brand-200",
                )}
              >
                <input
                  type="radio"
                  name="bulkPaymentMethod"
                  value={method}
                  checked={checked}
                  disabled={unavailable || !showFields}
                  onChange={() => onChange({ method })}
                  className="sr-only"
                />
                <Icon aria-hidden="true" className="h-5 w-5 shrink-0" />
                <span className="flex flex-col">
                  {BULK_PAYMENT_METHOD_LABELS[method]}
                  {method === "cash_on_delivery" && (
                    <span className="text-xs font-normal text-ink-500">
                      {codApproved ? "Approved for your order" : "Subject to approval"}
                    </span>
                  )}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>

      {showFields && form.method === "credit_card" && (
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <PayInput
              {...shared}
              field="cardNumber"
              {...PAYMENT_INPUTS.cardNumber}
              label="Card number"
            />
          </div>
          <div className="sm:col-span-2">
            <PayInput
              {...shared}
              field="cardName"
              {...PAYMENT_INPUTS.cardName}
              label="Cardholder name"
            />
          </div>
          <PayInput
            {...shared}
            field="cardExpiry"
            {...PAYMENT_INPUTS.cardExpiry}
            label="Expiry (MM/YY)"
          />
          <PayInput {...shared} field="cardCvv" {...PAYMENT_INPUTS.cardCvv} label="CVV" />
        </div>
      )}
      {showFields && form.method === "upi" && (
        <UpiAppTabs app={form.upiApp} onApp={(upiApp) => onChange({ upiApp })}>
          <PayInput
            {...shared}
            field="upiId"
            {...PAYMENT_INPUTS.upiId}
            label="UPI ID"
            placeholder={UPI_EXAMPLES[form.upiApp]}
          />
        </UpiAppTabs>
      )}
      {showFields && form.method === "net_banking" && (
        <Field id={paymentInputId("bank")} label="Bank" required error={errors.bank}>
          <Select
            id={paymentInputId("bank")}
            value={form.bank}
            required
            aria-invalid={errors.bank ? true : undefined}
            aria-describedby={errors.bank ? `${paymentInputId("bank")}-error` : undefined}
            onChange={(event) => onChange({ bank: event.target.value as PaymentForm["bank"] })}
          >
            <option value="">Select your bank</option>
            {BANKS.map((bank) => (
              <option key={bank} value={bank}>
                {BANK_LABELS[bank]}
              </option>
            ))}
          </Select>
        </Field>
      )}
      {showFields && form.method === "cash_on_delivery" && (
        <p className="rounded-2xl bg-brand-50 p-4 text-sm text-brand-800">
          Our team approved cash on delivery for this order: confirm it here, and pay in cash when
          your order arrives.
        </p>
      )}
    </div>
  );
}
