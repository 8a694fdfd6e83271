import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { BANK_LABELS, BANKS } from "../../../../shared/contracts/bulk-orders.ts";
import {
  TEST_CHECKOUT_LIMITS,
  type TestCheckoutForm,
} from "../../../../shared/rules/test-checkout-form.ts";
import { Field, Input, Select } from "../../../components/ui/field.tsx";

type Props = { register: UseFormRegister<TestCheckoutForm>; errors: FieldErrors<TestCheckoutForm> };

const UPI_EXAMPLES = { gpay: "yourname@okaxis", phonepe: "yourname@ybl" } as const;

/** Number, name, expiry and the masked 3-digit CVV, with what autofill and phone keyboards need. */
export function CardFields({ register, errors }: Props) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <Field id="test-card-number" label="Card number" required error={errors.card?.number?.message}>
          <Input
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 5678 9012 3456"
            maxLength={TEST_CHECKOUT_LIMITS.cardNumber}
            required
            {...register("card.number")}
          />
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Field id="test-card-name" label="Name on card" required error={errors.card?.name?.message}>
          <Input
            autoComplete="cc-name"
            maxLength={TEST_CHECKOUT_LIMITS.cardName}
            required
            {...register("card.name")}
          />
        </Field>
      </div>
      <Field id="test-card-expiry" label="Expiry (MM/YY)" required error={errors.card?.expiry?.message}>
        <Input
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={5}
          required
          {...register("card.expiry")}
        />
      </Field>
      <Field id="test-card-cvv" label="CVV" required error={errors.card?.cvv?.message}>
        <Input
          type="password"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={3}
          required
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
