import { KeyRound } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import {
  confirmPasswordSchema,
  groupedSecret,
  totpSecretOf,
} from "../../../../shared/rules/staff-sign-in.ts";
import { toast } from "../../../components/toasts.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Field, Input } from "../../../components/ui/field.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useCheckedForm } from "../../../lib/checked-form.ts";
import { schemaChecks } from "../../../lib/schema-checks.ts";
import { type TwoFactorEnrolment as Enrolment, useEnableTwoFactor } from "../api/staff-session.ts";
import { signInRefusal } from "../refusals.ts";
import { TotpCodeForm } from "./totp-code-form.tsx";

const passwordChecks = schemaChecks(confirmPasswordSchema);

function PasswordStep({ onEnabled }: { onEnabled: (enrolment: Enrolment) => void }) {
  const enable = useEnableTwoFactor();
  const form = useCheckedForm(passwordChecks, { defaultValues: { password: "" } });
  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      onEnabled(await enable.mutateAsync(password));
    } catch (error) {
      const message = signInRefusal(error);
      form.setError("password", { message });
      toast.error(message);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Confirm your password" className="space-y-5">
      <Field
        id="staff-enrol-password"
        label="Password"
        required
        error={form.formState.errors.password?.message}
      >
        <Input
          type="password"
          autoComplete="current-password"
          required
          {...form.register("password")}
        />
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={form.formState.isSubmitting}>
        <KeyRound aria-hidden="true" className="h-4 w-4" />
        {form.formState.isSubmitting ? "Preparing..." : "Set up authenticator"}
      </Button>
    </form>
  );
}

/** The secret to type into an authenticator app, the full address, and the backup codes once. */
function EnrolmentDetails({ enrolment }: { enrolment: Enrolment }) {
  const secret = totpSecretOf(enrolment.totpURI);
  return (
    <div className="space-y-4 text-sm">
      <ol className="list-decimal space-y-1 pl-5 text-ink-700">
        <li>Open your authenticator app and add an account with a setup key.</li>
        <li>Type the key below (time-based, 6 digits), or paste the full address.</li>
        <li>Enter the code the app shows to finish.</li>
      </ol>
      {secret && (
        <div className="rounded-xl bg-cream-100 p-4">
          <p className="text-xs font-semibold uppercase tracking-wide text-ink-500">Setup key</p>
          <p
            data-testid="totp-secret"
            className="mt-1 break-all font-mono text-lg font-bold text-ink-900"
          >
            {groupedSecret(secret)}
          </p>
        </div>
      )}
      <details className="rounded-xl border border-cream-200 p-3">
        <summary className="cursor-pointer font-semibold text-brand-700">
          Full setup address
        </summary>
        <p data-testid="totp-uri" className="mt-2 break-all font-mono text-xs text-ink-700">
          {enrolment.totpURI}
        </p>
      </details>
      {enrolment.backupCodes.length > 0 && (
        <div className="rounded-xl border border-saffron-400 bg-saffron-400/10 p-4">
          <p className="font-semibold text-ink-900">Backup codes</p>
          <p className="mt-1 text-ink-700">
            Each works once if you lose your phone. Write them down now: they are not shown again.
          </p>
          <ul
            data-testid="backup-codes"
            className="mt-3 grid grid-cols-2 gap-2 font-mono text-ink-900"
          >
            {enrolment.backupCodes.map((code) => (
              <li key={code} className="rounded-lg bg-white px-2 py-1 text-center">
                {code}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/**
 * The first sign-in of a member whose store asks for a second factor: set up the authenticator,
 * then prove it works with a code. With the password just typed at sign-in, the setup starts at
 * once; on a later visit (a reload mid-way) the member confirms the password first.
 */
export function TwoFactorEnrolment({
  password,
  onEnrolled,
}: {
  password?: string;
  onEnrolled: () => Promise<void>;
}) {
  const enable = useEnableTwoFactor();
  const [enrolment, setEnrolment] = useState<Enrolment>();
  const started = useRef(false);
  const { mutate } = enable;

  useEffect(() => {
    if (!password || started.current) return;
    started.current = true;
    mutate(password, { onSuccess: setEnrolment });
  }, [password, mutate]);

  if (!enrolment) {
    if (password && enable.isPending) {
      return (
        <div className="flex justify-center py-8">
          <Spinner label="Preparing your authenticator setup" />
        </div>
      );
    }
    return (
      <div className="space-y-4">
        {enable.isError && (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-2.5 text-sm text-red-800">
            {errorMessage(enable.error)}
          </p>
        )}
        <PasswordStep onEnabled={setEnrolment} />
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <EnrolmentDetails enrolment={enrolment} />
      <TotpCodeForm submitLabel="Verify and continue" onVerified={onEnrolled} />
    </div>
  );
}
