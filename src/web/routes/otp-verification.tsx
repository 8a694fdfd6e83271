import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { codeProblem, RESEND_SECONDS } from "../../shared/rules/account-forms.ts";
import { PageLoading } from "../app/layout/page-loading.tsx";
import { toast } from "../components/toasts.tsx";
import { Button } from "../components/ui/button.tsx";
import { useSendVerificationCode, useVerifyEmail } from "../features/account/api/codes.ts";
import { sessionQuery } from "../features/account/api/session.ts";
import { showCodeRefusal } from "../features/account/code-errors.ts";
import { AuthCard, BackToLogin } from "../features/account/components/auth-card.tsx";
import { CodeField } from "../features/account/components/code-field.tsx";
import { useCountdown } from "../features/account/use-countdown.ts";
import { errorMessage } from "../lib/api-client.ts";
import { Navigate, useNavigate } from "../lib/router/index.ts";
import { useLocationState } from "../lib/use-location-state.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

function VerifyForm({ email }: { email: string }) {
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const verify = useVerifyEmail();
  const resend = useSendVerificationCode();
  const countdown = useCountdown(RESEND_SECONDS);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = codeProblem(code);
    setProblem(found);
    if (found) return;
    try {
      await verify.mutateAsync({ email, otp: code });
      await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
      toast.success("Email verified", { description: "Thank you! Your account is all set." });
      navigate("/", { replace: true });
    } catch (error) {
      showCodeRefusal(error, setProblem);
    }
  };

  const onResend = async () => {
    try {
      await resend.mutateAsync(email);
      countdown.restart();
      setCode("");
      setProblem(null);
      toast.success("A new code is on its way", { description: `We sent it to ${email}.` });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Verify your email" className="space-y-5">
      <CodeField id="otp-code" value={code} onChange={setCode} error={problem ?? undefined} />
      <Button type="submit" size="lg" className="w-full" disabled={verify.isPending}>
        {verify.isPending ? "Verifying..." : "Verify OTP"}
      </Button>
      <Button
        type="button"
        variant="outline"
        className="w-full"
        onClick={onResend}
        disabled={countdown.left > 0 || resend.isPending}
      >
        {resend.isPending
          ? "Sending..."
          : countdown.left > 0
            ? `Resend OTP in ${countdown.left}s`
            : "Resend OTP"}
      </Button>
    </form>
  );
}

export default function OtpVerificationPage() {
  usePageTitle("Verify your email");
  const state = useLocationState<{ email: unknown }>();
  const email = typeof state?.email === "string" ? state.email : "";
  const known = state !== undefined;
  useEffect(() => {
    if (known && !email) toast.error("Please enter your email first");
  }, [known, email]);
  if (!known) return <PageLoading />;
  if (!email) return <Navigate to="/login" replace />;
  return (
    <AuthCard title="Verify your email" intro={`We sent a 6-digit code to ${email}.`}>
      <VerifyForm email={email} />
      <BackToLogin />
    </AuthCard>
  );
}
