import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { BANK_LABELS, BANKS } from "../../../../shared/contracts/bulk-orders.ts";
import { PAYMENT_MESSAGES } from "../../../../shared/contracts/payments.ts";
import {
  TEST_CHECKOUT_LIMITS,
  type TestCheckoutForm,
} from "../../../../shared/rules/test-checkout-form.ts";
import { Field, Input, Select } from "../../../components/ui/field.tsx";
import { COMMON_TEXTS } from "../../../lib/common-texts.ts";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";

type Props = { register: UseFormRegister<TestCheckoutForm>; errors: FieldErrors<TestCheckoutForm> };

const UPI_EXAMPLES = { gpay: "yourname@okaxis", phonepe: "yourname@ybl" } as const;

const MISSING_ID = "test-card-missing";

/**
 * Number, name, expiry and the masked 3-digit CVV, with what autofill and phone keyboards need.
 * Missing details get the spec's one message, said once and pointed to by each empty field.
 */
export function CardFields({ register, errors }: Props) {
  const { i18n } = useLingui();
  const card = errors.card;
  const missing = (field: "number" | "name" | "expiry" | "cvv") =>
    card?.[field]?.message === PAYMENT_MESSAGES.cardMissing;
  const anyMissing = (["number", "name", "expiry", "cvv"] as const).some(missing);
  // A missing field points to the one message; a wrong one has its own beside it. The checks'
  // messages are the English (the key), translated as shown.
  const problem = (field: "number" | "name" | "expiry" | "cvv") => {
    const message = card?.[field]?.message;
    return missing(field)
      ? { error: undefined, control: { "aria-invalid": true, "aria-describedby": MISSING_ID } }
      : { error: message && i18n._(message), control: {} };
  };
  const number = problem("number");
  const name = problem("name");
  const expiry = problem("expiry");
  const cvv = problem("cvv");
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {anyMissing && (
        <p
          id={MISSING_ID}
          role="alert"
          className="text-sm font-semibold text-red-700 sm:col-span-2"
        >
          {i18n._(PAYMENT_MESSAGES.cardMissing)}
        </p>
      )}
      <div className="sm:col-span-2">
        <Field id="test-card-number" label={i18n._("Card number")} required error={number.error}>
          <Input
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 5678 9012 3456"
            maxLength={TEST_CHECKOUT_LIMITS.cardNumber}
            required
            {...number.control}
            {...register("card.number")}
          />
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Field id="test-card-name" label={i18n._("Name on card")} required error={name.error}>
          <Input
            autoComplete="cc-name"
            maxLength={TEST_CHECKOUT_LIMITS.cardName}
            required
            {...name.control}
            {...register("card.name")}
          />
        </Field>
      </div>
      <Field id="test-card-expiry" label={i18n._("Expiry (MM/YY)")} required error={expiry.error}>
        <Input
          autoComplete="cc-exp"
          placeholder={i18n._("MM/YY")}
          maxLength={5}
          required
          {...expiry.control}
          {...register("card.expiry")}
        />
      </Field>
      <Field id="test-card-cvv" label="CVV" required error={cvv.error}>
        <Input
          type="password"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={3}
          required
          {...cvv.control}
          {...register("card.cvv")}
        />
      </Field>
    </div>
  );
}

export function UpiFields({
  register,
  errors,
  upiApp,
}: Props & { upiApp?: keyof typeof UPI_EXAMPLES | undefined }) {
  const { i18n } = useLingui();
  const error = errors.upiId?.message;
  return (
    <Field id="test-upi-id" label={i18n._("UPI ID")} required error={error && i18n._(error)}>
      <Input
        autoComplete="off"
        placeholder={upiApp ? UPI_EXAMPLES[upiApp] : "yourname@bank"}
        maxLength={TEST_CHECKOUT_LIMITS.upiId}
        required
        {...register("upiId")}
      />
    </Field>
  );
}

export function BankField({ register, errors }: Props) {
  const { i18n } = useLingui();
  const error = errors.bank?.message;
  return (
    <Field id="test-bank" label={i18n._(COMMON_TEXTS.bank)} required error={error && i18n._(error)}>
      <Select required {...register("bank")}>
        <option value="">{i18n._(COMMON_TEXTS.selectBank)}</option>
        {BANKS.map((bank) => (
          <option key={bank} value={bank}>
            {i18n._(BANK_LABELS[bank])}
          </option>
        ))}
      </Select>
    </Field>
  );
}
