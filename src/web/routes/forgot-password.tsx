import { useState } from "react";
import { CODE_VALID_MINUTES } from "../../shared/rules/account-forms.ts";
import { FORMAT_MESSAGES, isEmail } from "../../shared/rules/formats.ts";
import { toast } from "../components/toasts.tsx";
import { Button } from "../components/ui/button.tsx";
import { LabeledInput } from "../components/ui/field.tsx";
import { useCheckResetCode, useRequestPasswordReset } from "../features/account/api/codes.ts";
import { plainCodeForm } from "../features/account/code-checks.ts";
import { showCodeRefusal } from "../features/account/code-errors.ts";
import { AuthCard, BackToLogin } from "../features/account/components/auth-card.tsx";
import { CodeField } from "../features/account/components/code-field.tsx";
import { useSiteSettings } from "../features/site/api/site-settings.ts";
import { errorMessage } from "../lib/api-client.ts";
import { COMMON_TEXTS } from "../lib/common-texts.ts";
import { ruleChecks } from "../lib/form-checks.ts";
import { Trans, useLingui } from "../lib/i18n/react-binding.tsx";
import { typedValue } from "../lib/i18n/typed-value.tsx";
import { textOf, usePlainForm } from "../lib/plain-form.ts";
import { Link, useNavigate } from "../lib/router/index.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

/** The email step's check: an address first, then one that looks like an address. */
function emailProblem({ email }: { email: string }) {
  const trimmed = email.trim();
  // Shown (and translated) by the field.
  if (!trimmed) return { field: "email", message: /*i18n*/ "Please enter your email address" };
  return isEmail(trimmed) ? null : { field: "email", message: FORMAT_MESSAGES.email };
}

const emailChecks = ruleChecks(emailProblem);

function EmailStep({ onSent }: { onSent: (email: string) => void }) {
  const { i18n } = useLingui();
  const request = useRequestPasswordReset();
  const form = usePlainForm({
    fields: ["email"],
    read: (data) => ({ email: textOf(data, "email") }),
    checks: emailChecks,
    send: async ({ email }) => {
      try {
        await request.mutateAsync(email.trim());
        onSent(email.trim());
      } catch (error) {
        toast.error(errorMessage(error));
      }
    },
  });
  return (
    <form
      onSubmit={form.onSubmit}
      noValidate
      aria-label={i18n._("Forgot password")}
      className="space-y-5"
    >
      <LabeledInput
        id="forgot-email"
        name="email"
        label={i18n._(COMMON_TEXTS.email)}
        type="email"
        autoComplete="email"
        error={form.problems.email}
      />
      <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
        {request.isPending ? i18n._(COMMON_TEXTS.sending) : i18n._("Send OTP")}
      </Button>
    </form>
  );
}

function CodeStep({ email, onBack }: { email: string; onBack: () => void }) {
  const { i18n } = useLingui();
  const check = useCheckResetCode();
  const navigate = useNavigate();
  const demoMode = useSiteSettings().data?.demoMode;
  const form = usePlainForm({
    ...plainCodeForm,
    send: async ({ code }) => {
      try {
        await check.mutateAsync({ email, otp: code });
        navigate("/reset-password", { state: { email, otp: code, verified: true } });
      } catch (error) {
        showCodeRefusal(error, (message) => form.showProblem("code", message));
      }
    },
  });
  return (
    <form
      onSubmit={form.onSubmit}
      noValidate
      aria-label={i18n._("Enter your code")}
      className="space-y-5"
    >
      <p className="text-ink-700">
        <Trans
          id={
            /*i18n*/ "If <0>{email}</0> has an account, we have sent it a 6-digit code. It expires in {minutes} minutes."
          }
          values={{ email: typedValue(email), minutes: CODE_VALID_MINUTES }}
          components={{ 0: <strong /> }}
        />
      </p>
      {demoMode && (
        <p className="rounded-xl bg-cream-200 px-4 py-3 text-sm text-ink-700">
          <Trans
            id={/*i18n*/ "This is a demo store: the email is in the <0>demo mailbox</0>."}
            components={{
              0: <Link to="/dev/mailbox" className="font-semibold text-brand-700 underline" />,
            }}
          />
        </p>
      )}
      <CodeField id="forgot-code" name="code" error={form.problems.code} />
      <Button type="submit" size="lg" className="w-full" disabled={check.isPending}>
        {check.isPending ? i18n._("Verifying...") : i18n._("Verify OTP")}
      </Button>
      <Button type="button" variant="ghost" className="w-full" onClick={onBack}>
        {i18n._("Try a different email")}
      </Button>
    </form>
  );
}

export default function ForgotPasswordPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._("Forgot password"));
  const [email, setEmail] = useState<string | null>(null);
  return (
    <AuthCard
      title={i18n._("Forgot your password?")}
      intro={
        email
          ? i18n._("Enter the code from the email to choose a new password.")
          : i18n._("Enter your email and we will send you a code to reset it.")
      }
    >
      {email ? (
        <CodeStep email={email} onBack={() => setEmail(null)} />
      ) : (
        <EmailStep onSent={setEmail} />
      )}
      <BackToLogin />
    </AuthCard>
  );
}
