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
import { COMMON_TEXTS } from "../lib/common-texts.ts";
import { useLingui } from "../lib/i18n/react-binding.tsx";
import { usePlainForm } from "../lib/plain-form.ts";
import { Navigate, useNavigate } from "../lib/router/index.ts";
import { useLocationState } from "../lib/use-location-state.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

function VerifyForm({ email }: { email: string }) {
  const { i18n } = useLingui();
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
        toast.success(i18n._("Email verified"), {
          description: i18n._("Thank you! Your account is all set."),
        });
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
      toast.success(i18n._("A new code is on its way"), {
        description: i18n._("We sent it to {email}.", { email }),
      });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <form
      onSubmit={form.onSubmit}
      noValidate
      aria-label={i18n._("Verify your email")}
      className="space-y-5"
    >
      <CodeField id="otp-code" name="code" error={form.problems.code} />
      <Button type="submit" size="lg" className="w-full" disabled={verify.isPending}>
        {verify.isPending ? i18n._("Verifying...") : i18n._("Verify OTP")}
      </Button>
      <Button
        type="button"
        variant="outline"
        className="w-full"
        onClick={(event) => void onResend(event.currentTarget.form)}
        disabled={countdown.left > 0 || resend.isPending}
      >
        {resend.isPending
          ? i18n._(COMMON_TEXTS.sending)
          : countdown.left > 0
            ? i18n._("Resend OTP in {seconds}s", { seconds: countdown.left })
            : i18n._("Resend OTP")}
      </Button>
    </form>
  );
}

export default function OtpVerificationPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._("Verify your email"));
  const state = useLocationState<{ email: unknown }>();
  const email = typeof state?.email === "string" ? state.email : "";
  const known = state !== undefined;
  useEffect(() => {
    if (known && !email) toast.error(i18n._("Please enter your email first"));
  }, [known, email, i18n]);
  if (!known) return <PageLoading />;
  if (!email) return <Navigate to="/login" replace />;
  return (
    <AuthCard
      title={i18n._("Verify your email")}
      intro={i18n._("We sent a 6-digit code to {email}.", { email })}
    >
      <VerifyForm email={email} />
      <BackToLogin />
    </AuthCard>
  );
}
