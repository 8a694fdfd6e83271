import type { FieldErrors, UseFormRegister } from "react-hook-form";
import {
  BANK_LABELS,
  BANKS,
  BULK_PAYMENT_METHOD_LABELS,
  BULK_PAYMENT_METHODS,
  type BulkPaymentMethod,
  UPI_APP_LABELS,
} from "../../../../shared/contracts/bulk-orders.ts";
import { PAYMENT_LABELS, PAYMENT_MESSAGES } from "../../../../shared/contracts/payments.ts";
import { Field, Select } from "../../../components/ui/field.tsx";
import { COMMON_TEXTS } from "../../../lib/common-texts.ts";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";
import { PaymentMethodChoice } from "../../payments/payment-method-choice.tsx";
import type { AdvanceValues, UpiApp } from "../advance-values.ts";
import { UpiAppTabs } from "./upi-app-tabs.tsx";

type Props = {
  values: AdvanceValues;
  onMethod(method: BulkPaymentMethod): void;
  onUpiApp(app: UpiApp): void;
  register: UseFormRegister<AdvanceValues>;
  errors: FieldErrors<AdvanceValues>;
  /** Staff allowed this request to be paid in cash on delivery. */
  codApproved: boolean;
  /** Before a quote the methods are shown, but nothing can be chosen yet. */
  showFields: boolean;
  /** The methods the store offers (the site settings'); all of them until those have loaded. */
  methods?: readonly BulkPaymentMethod[];
};

export const BANK_INPUT_ID = "bulk-pay-bank";

/**
 * The advance's method tiles, the UPI app and the bank. Card and UPI details are typed in the
 * payment provider's window, which opens on Pay.
 */
export function BulkPaymentFields({
  values,
  onMethod,
  onUpiApp,
  register,
  errors,
  codApproved,
  showFields,
  methods = BULK_PAYMENT_METHODS,
}: Props) {
  const { i18n } = useLingui();
  const options = methods.map((method) => ({
    value: method,
    label: i18n._(BULK_PAYMENT_METHOD_LABELS[method]),
    disabled: !showFields || (method === "cash_on_delivery" && !codApproved),
    ...(method === "cash_on_delivery"
      ? {
          note: codApproved ? i18n._("Approved for your order") : i18n._("Subject to approval"),
        }
      : {}),
  }));
  const online = values.method !== "cash_on_delivery";
  return (
    <div className="space-y-5">
      <PaymentMethodChoice
        name="bulkPaymentMethod"
        options={options}
        value={showFields ? values.method : undefined}
        onChange={onMethod}
        legend={i18n._(PAYMENT_LABELS.method)}
        columns="sm:grid-cols-2"
      />
      {showFields && values.method === "upi" && (
        <UpiAppTabs app={values.upiApp} onApp={onUpiApp}>
          <p className="text-sm text-ink-700">
            {i18n._(PAYMENT_MESSAGES.upiAppChosen, {
              app:
                values.upiApp === "other"
                  ? i18n._("your UPI app")
                  : i18n._(UPI_APP_LABELS[values.upiApp]),
            })}
          </p>
        </UpiAppTabs>
      )}
      {showFields && values.method === "net_banking" && (
        <Field
          id={BANK_INPUT_ID}
          label={i18n._(COMMON_TEXTS.bank)}
          required
          error={errors.bank?.message}
        >
          <Select required {...register("bank")}>
            <option value="">{i18n._(COMMON_TEXTS.selectBank)}</option>
            {BANKS.map((bank) => (
              <option key={bank} value={bank}>
                {i18n._(BANK_LABELS[bank])}
              </option>
            ))}
          </Select>
        </Field>
      )}
      {showFields && online && (
        <p className="rounded-2xl bg-brand-50 p-4 text-sm text-brand-800">
          {i18n._(PAYMENT_MESSAGES.advanceSecureWindow)}
        </p>
      )}
      {showFields && !online && (
        <p className="rounded-2xl bg-brand-50 p-4 text-sm text-brand-800">
          {i18n._(
            "Our team approved cash on delivery for this order: confirm it here, and pay in cash when your order arrives.",
          )}
        </p>
      )}
    </div>
  );
}
