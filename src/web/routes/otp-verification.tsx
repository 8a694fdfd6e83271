import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { RESEND_SECONDS } from "../../shared/rules/account-forms.ts";
import { PageLoading } from "../app/layout/page-loading.tsx";
import { toast } from "../components/toasts.tsx";
import { Button } from "../components/ui/button.tsx";
import { useSendVerificationCode, useVerifyEmail } from "../features/account/api/codes.ts";
import { sessionQuery } from "../features/account/api/session.ts";
import { plainCodeForm } from "../features/account/code-checks.ts";
import { showCodeRefusal } from "../features/account/code-errors.ts";
import { AuthCard, BackToLogin } from "../features/account/components/auth-card.tsx";
import { CodeField } from "../features/account/components/code-field.tsx";
import { useCountdown } from "../features/account/use-countdown.ts";
import { errorMessage } from "../lib/api-client.ts";
import { usePlainForm } from "../lib/plain-form.ts";
import { Navigate, useNavigate } from "../lib/router/index.ts";
import { useLocationState } from "../lib/use-location-state.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

function VerifyForm({ email }: { email: string }) {
  const verify = useVerifyEmail();
  const resend = useSendVerificationCode();
  const countdown = useCountdown(RESEND_SECONDS);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = usePlainForm({
    ...plainCodeForm,
    send: async ({ code }) => {
      try {
        await verify.mutateAsync({ email, otp: code });
        await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
        toast.success("Email verified", { description: "Thank you! Your account is all set." });
        navigate("/", { replace: true });
      } catch (error) {
        showCodeRefusal(error, (message) => form.showProblem("code", message));
      }
    },
  });

  const onResend = async (element: HTMLFormElement | null) => {
    try {
      await resend.mutateAsync(email);
      countdown.restart();
      if (element) form.clear(element);
      toast.success("A new code is on its way", { description: `We sent it to ${email}.` });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <form onSubmit={form.onSubmit} noValidate aria-label="Verify your email" className="space-y-5">
      <CodeField id="otp-code" name="code" error={form.problems.code} />
      <Button type="submit" size="lg" className="w-full" disabled={verify.isPending}>
        {verify.isPending ? "Verifying..." : "Verify OTP"}
      </Button>
      <Button
        type="button"
        variant="outline"
        className="w-full"
        onClick={(event) => void onResend(event.currentTarget.form)}
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
