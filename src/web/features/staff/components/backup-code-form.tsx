import { LifeBuoy } from "lucide-react";
import { backupCodeSchema } from "../../../../shared/rules/staff-sign-in.ts";
import { toast } from "../../../components/toasts.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Field, Input } from "../../../components/ui/field.tsx";
import { useCheckedForm } from "../../../lib/checked-form.ts";
import { schemaChecks } from "../../../lib/schema-checks.ts";
import { useVerifyBackupCode } from "../api/staff-session.ts";
import { codeRefusal, isRateLimited } from "../refusals.ts";

const checks = schemaChecks(backupCodeSchema);

/** The second step with a backup code instead, for a member without their phone. */
export function BackupCodeForm({ onVerified }: { onVerified: () => Promise<void> }) {
  const verify = useVerifyBackupCode();
  const form = useCheckedForm(checks, { defaultValues: { code: "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      await verify.mutateAsync(code);
      await onVerified();
    } catch (error) {
      const message = codeRefusal(error, "backup");
      if (isRateLimited(error)) toast.error(message);
      else form.setError("code", { message });
      form.setFocus("code");
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Sign in with a backup code"
      className="space-y-5"
    >
      <Field id="staff-backup-code" label="Backup code" required error={errors.code?.message}>
        <Input
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          className="font-mono"
          {...form.register("code")}
        />
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        <LifeBuoy aria-hidden="true" className="h-4 w-4" />
        {isSubmitting ? "Verifying..." : "Verify backup code"}
      </Button>
    </form>
  );
}
