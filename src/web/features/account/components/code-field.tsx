import { CODE_LENGTH, codeInput } from "../../../../shared/rules/account-forms.ts";
import { Field, Input } from "../../../components/ui/field.tsx";

/** The 6-digit code input: digits only, at most six, offered by phones from the email. */
export function CodeField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string;
  onChange: (code: string) => void;
  error?: string | undefined;
}) {
  return (
    <Field id={id} label="Verification code" required error={error}>
      <Input
        id={id}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CODE_LENGTH}
        required
        value={value}
        onChange={(event) => onChange(codeInput(event.target.value))}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="text-center font-mono text-2xl tracking-[0.5em]"
      />
    </Field>
  );
}
