import { forwardRef, type InputHTMLAttributes } from "react";
import { CODE_LENGTH, codeInput } from "../../../../shared/rules/account-forms.ts";
import { Field, Input } from "../../../components/ui/field.tsx";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";

type Props = Pick<InputHTMLAttributes<HTMLInputElement>, "name" | "onChange" | "onBlur"> & {
  id: string;
  error?: string | undefined;
};

/**
 * The 6-digit code input: digits only, at most six, offered by phones from the email. It keeps
 * its own value, as a form of either kind reads it (react-hook-form's, or FormData).
 */
export const CodeField = forwardRef<HTMLInputElement, Props>(function CodeField(
  { id, error, onChange, ...input },
  ref,
) {
  const { i18n } = useLingui();
  return (
    <Field id={id} label={i18n._("Verification code")} required error={error}>
      <Input
        ref={ref}
        id={id}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CODE_LENGTH}
        required
        {...input}
        onChange={(event) => {
          event.target.value = codeInput(event.target.value);
          onChange?.(event);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="text-center font-mono text-2xl tracking-[0.5em]"
      />
    </Field>
  );
});
