import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { BANK_LABELS, BANKS } from "../../../../shared/contracts/bulk-orders.ts";
import { PAYMENT_MESSAGES } from "../../../../shared/contracts/payments.ts";
import {
  TEST_CHECKOUT_LIMITS,
  type TestCheckoutForm,
} from "../../../../shared/rules/test-checkout-form.ts";
import { Field, Input, Select } from "../../../components/ui/field.tsx";

type Props = { register: UseFormRegister<TestCheckoutForm>; errors: FieldErrors<TestCheckoutForm> };

const UPI_EXAMPLES = { gpay: "yourname@okaxis", phonepe: "yourname@ybl" } as const;

const MISSING_ID = "test-card-missing";

/**
 * Number, name, expiry and the masked 3-digit CVV, with what autofill and phone keyboards need.
 * Missing details get the spec's one message, said once and pointed to by each empty field.
 */
export function CardFields({ register, errors }: Props) {
  const card = errors.card;
  const missing = (field: "number" | "name" | "expiry" | "cvv") =>
    card?.[field]?.message === PAYMENT_MESSAGES.cardMissing;
  const anyMissing = (["number", "name", "expiry", "cvv"] as const).some(missing);
  // A missing field points to the one message; a wrong one has its own beside it.
  const problem = (field: "number" | "name" | "expiry" | "cvv") =>
    missing(field)
      ? { error: undefined, control: { "aria-invalid": true, "aria-describedby": MISSING_ID } }
      : { error: card?.[field]?.message, control: {} };
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
          {PAYMENT_MESSAGES.cardMissing}
        </p>
      )}
      <div className="sm:col-span-2">
        <Field id="test-card-number" label="Card number" required error={number.error}>
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
        <Field id="test-card-name" label="Name on card" required error={name.error}>
          <Input
            autoComplete="cc-name"
            maxLength={TEST_CHECKOUT_LIMITS.cardName}
            required
            {...name.control}
            {...register("card.name")}
          />
        </Field>
      </div>
      <Field id="test-card-expiry" label="Expiry (MM/YY)" required error={expiry.error}>
        <Input
          autoComplete="cc-exp"
          placeholder="MM/YY"
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
  return (
    <Field id="test-upi-id" label="UPI ID" required error={errors.upiId?.message}>
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
  return (
    <Field id="test-bank" label="Bank" required error={errors.bank?.message}>
      <Select required {...register("bank")}>
        <option value="">Select your bank</option>
        {BANKS.map((bank) => (
          <option key={bank} value={bank}>
            {BANK_LABELS[bank]}
          </option>
        ))}
      </Select>
    </Field>
  );
}
