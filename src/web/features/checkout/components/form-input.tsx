import type { InputHTMLAttributes } from "react";
import type { CheckoutForm } from "../../../../shared/contracts/checkout-form.ts";
import { Field, Input } from "../../../components/ui/field.tsx";

export type FieldErrors = Partial<Record<keyof CheckoutForm, string>>;

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "value" | "onChange"> & {
  name: keyof CheckoutForm;
  label: string;
  values: CheckoutForm;
  errors: FieldErrors;
  onValue(name: keyof CheckoutForm, value: string): void;
};

/** One labelled checkout input wired to the form state, its error announced and linked. */
export function FormInput({ name, label, values, errors, onValue, required, ...input }: Props) {
  const id = `checkout-${name}`;
  const error = errors[name];
  return (
    <Field id={id} label={label} required={required} error={error}>
      <Input
        id={id}
        name={name}
        value={values[name]}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onValue(name, event.target.value)}
        {...input}
      />
    </Field>
  );
}
