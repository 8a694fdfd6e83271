import { ShieldCheck } from "lucide-react";
import {
  TOTP_CODE_LENGTH,
  totpCodeInput,
  totpCodeSchema,
} from "../../../../shared/rules/staff-sign-in.ts";
import { toast } from "../../../components/toasts.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Field, Input } from "../../../components/ui/field.tsx";
import { useCheckedForm } from "../../../lib/checked-form.ts";
import { schemaChecks } from "../../../lib/schema-checks.ts";
import { useVerifyTotp } from "../api/staff-session.ts";
import { codeRefusal, isRateLimited } from "../refusals.ts";

const checks = schemaChecks(totpCodeSchema);

/** The six digits from the authenticator app, checked by the server; then `onVerified`. */
export function TotpCodeForm({
  submitLabel,
  onVerified,
}: {
  submitLabel: string;
  onVerified: () => Promise<void>;
}) {
  const verify = useVerifyTotp();
  const form = useCheckedForm(checks, { defaultValues: { code: "" } });
  const { errors, isSubmitting } = form.formState;
  const codeField = form.register("code");

  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      await verify.mutateAsync(code);
      await onVerified();
    } catch (error) {
      const message = codeRefusal(error);
      if (isRateLimited(error)) toast.error(message);
      else form.setError("code", { message });
      form.setFocus("code");
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Authenticator code" className="space-y-5">
      <Field id="staff-totp" label="6-digit code" required error={errors.code?.message}>
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={TOTP_CODE_LENGTH}
          required
          className="text-center font-mono text-xl tracking-[0.5em]"
          {...codeField}
          onChange={(event) => {
            event.target.value = totpCodeInput(event.target.value);
            return codeField.onChange(event);
          }}
        />
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        <ShieldCheck aria-hidden="true" className="h-4 w-4" />
        {isSubmitting ? "Verifying..." : submitLabel}
      </Button>
    </form>
  );
}
