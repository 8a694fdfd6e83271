import { type FormEvent, useState } from "react";
import { CODE_VALID_MINUTES, codeProblem } from "../../shared/rules/account-forms.ts";
import { FORMAT_MESSAGES, isEmail } from "../../shared/rules/formats.ts";
import { toast } from "../components/toasts.tsx";
import { Button } from "../components/ui/button.tsx";
import { LabeledInput } from "../components/ui/field.tsx";
import { useCheckResetCode, useRequestPasswordReset } from "../features/account/api/codes.ts";
import { showCodeRefusal } from "../features/account/code-errors.ts";
import { AuthCard, BackToLogin } from "../features/account/components/auth-card.tsx";
import { CodeField } from "../features/account/components/code-field.tsx";
import { useSiteSettings } from "../features/site/api/site-settings.ts";
import { errorMessage } from "../lib/api-client.ts";
import { Link, useNavigate } from "../lib/router/index.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

function EmailStep({ onSent }: { onSent: (email: string) => void }) {
  const [email, setEmail] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const request = useRequestPasswordReset();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    const refusal = !trimmed
      ? "Please enter your email address"
      : isEmail(trimmed)
        ? null
        : FORMAT_MESSAGES.email;
    setProblem(refusal);
    if (refusal) return;
    try {
      await request.mutateAsync(trimmed);
      onSent(trimmed);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Forgot password" className="space-y-5">
      <LabeledInput
        id="forgot-email"
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={problem ?? undefined}
      />
      <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
        {request.isPending ? "Sending..." : "Send OTP"}
      </Button>
    </form>
  );
}

function CodeStep({ email, onBack }: { email: string; onBack: () => void }) {
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const check = useCheckResetCode();
  const navigate = useNavigate();
  const demoMode = useSiteSettings().data?.demoMode;
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = codeProblem(code);
    setProblem(found);
    if (found) return;
    try {
      await check.mutateAsync({ email, otp: code });
      navigate("/reset-password", { state: { email, otp: code, verified: true } });
    } catch (error) {
      showCodeRefusal(error, setProblem);
    }
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Enter your code" className="space-y-5">
      <p className="text-ink-700">
        If <strong>{email}</strong> has an account, we have sent it a 6-digit code. It expires in{" "}
        {CODE_VALID_MINUTES} minutes.
      </p>
      {demoMode && (
        <p className="rounded-xl bg-cream-200 px-4 py-3 text-sm text-ink-700">
          This is a demo store: the email is in the{" "}
          <Link to="/dev/mailbox" className="font-semibold text-brand-700 underline">
            demo mailbox
          </Link>
          .
        </p>
      )}
      <CodeField id="forgot-code" value={code} onChange={setCode} error={problem ?? undefined} />
      <Button type="submit" size="lg" className="w-full" disabled={check.isPending}>
        {check.isPending ? "Verifying..." : "Verify OTP"}
      </Button>
      <Button type="button" variant="ghost" className="w-full" onClick={onBack}>
        Try a different email
      </Button>
    </form>
  );
}

export default function ForgotPasswordPage() {
  usePageTitle("Forgot password");
  const [email, setEmail] = useState<string | null>(null);
  return (
    <AuthCard
      title="Forgot your password?"
      intro={
        email
          ? "Enter the code from the email to choose a new password."
          : "Enter your email and we will send you a code to reset it."
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
