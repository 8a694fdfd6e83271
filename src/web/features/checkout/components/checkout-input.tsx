import type { InputHTMLAttributes } from "react";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { Field, Input } from "../../../components/ui/field.tsx";
import { fieldErrorOf } from "../../../lib/checked-form.ts";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";
import { type CheckoutField, type CheckoutValues, checkoutInputId } from "../checkout-values.ts";

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "name"> & {
  name: CheckoutField;
  label: string;
  register: UseFormRegister<CheckoutValues>;
  errors: FieldErrors<CheckoutValues>;
};

/**
 * One labelled checkout input, its error announced beside it and linked to it. The label comes
 * translated; the error is the shared checks' English, translated here.
 */
export function CheckoutInput({ name, label, register, errors, required, ...input }: Props) {
  const { i18n } = useLingui();
  const error = fieldErrorOf(errors, name);
  return (
    <Field
      id={checkoutInputId(name)}
      label={label}
      required={required}
      error={error && i18n._(error)}
    >
      <Input required={required} {...input} {...register(name)} />
    </Field>
  );
}
