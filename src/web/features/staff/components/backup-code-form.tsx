import { zodResolver } from "@hookform/resolvers/zod";
import { LifeBuoy } from "lucide-react";
import { type Resolver, useForm } from "react-hook-form";
import { type BackupCodeValues, backupCodeSchema } from "../../../../shared/rules/staff-sign-in.ts";
import { toast } from "../../../components/toasts.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Field, Input } from "../../../components/ui/field.tsx";
import { useVerifyBackupCode } from "../api/staff-session.ts";
import { codeRefusal, isRateLimited } from "../refusals.ts";

/** The second step with a backup code instead, for a member without their phone. */
export function BackupCodeForm({ onVerified }: { onVerified: () => Promise<void> }) {
  const verify = useVerifyBackupCode();
  const form = useForm<BackupCodeValues>({
    resolver: zodResolver(backupCodeSchema) as unknown as Resolver<BackupCodeValues>,
    defaultValues: { code: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await verify.mutateAsync(backupCodeSchema.parse(values).code);
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
