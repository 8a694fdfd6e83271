import { CheckCircle2 } from "lucide-react";
import { useEffect, useState } from "react";
import { PageLoading } from "../app/layout/page-loading.tsx";
import { toast } from "../components/toasts.tsx";
import { Button } from "../components/ui/button.tsx";
import { LabeledInput } from "../components/ui/field.tsx";
import { useResetPassword } from "../features/account/api/codes.ts";
import { wrongCodeMessage } from "../features/account/code-errors.ts";
import { AuthCard } from "../features/account/components/auth-card.tsx";
import { newPasswordChecks } from "../features/account/new-password-checks.ts";
import { useLingui } from "../lib/i18n/react-binding.tsx";
import { textOf, usePlainForm } from "../lib/plain-form.ts";
import { Navigate, useNavigate } from "../lib/router/index.ts";
import { useLocationState } from "../lib/use-location-state.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

export const REDIRECT_AFTER_RESET_MS = 3000;
type Verified = { email: string; otp: string };

function Done() {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => navigate("/login"), REDIRECT_AFTER_RESET_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);
  return (
    <div role="status" className="flex flex-col items-center text-center">
      <CheckCircle2 aria-hidden="true" className="h-14 w-14 text-brand-600" />
      <p className="mt-4 text-2xl font-bold text-ink-900">{i18n._("Password reset successful")}</p>
      <p className="mt-2 text-ink-500">
        {i18n._("You can now log in with your new password. Taking you to the login page...")}
      </p>
      <Button className="mt-6" onClick={() => navigate("/login")}>
        {i18n._("Go to Login")}
      </Button>
    </div>
  );
}

function NewPasswordForm({ verified, onDone }: { verified: Verified; onDone: () => void }) {
  const { i18n } = useLingui();
  const reset = useResetPassword();
  const form = usePlainForm({
    fields: ["password", "confirm"],
    read: (data) => ({ password: textOf(data, "password"), confirm: textOf(data, "confirm") }),
    checks: newPasswordChecks,
    send: async ({ password }) => {
      try {
        await reset.mutateAsync({ ...verified, password });
        onDone();
      } catch (error) {
        toast.error(i18n._(wrongCodeMessage(error)));
      }
    },
  });
  const field = (name: "password" | "confirm", label: string) => (
    <LabeledInput
      id={`reset-${name}`}
      name={name}
      label={i18n._(label)}
      type="password"
      autoComplete="new-password"
      error={form.problems[name]}
    />
  );
  return (
    <form
      onSubmit={form.onSubmit}
      noValidate
      aria-label={i18n._("Choose a new password")}
      className="space-y-5"
    >
      {field("password", /*i18n*/ "New password")}
      {field("confirm", /*i18n*/ "Confirm new password")}
      <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
        {reset.isPending ? i18n._("Resetting...") : i18n._("Reset Password")}
      </Button>
    </form>
  );
}

export default function ResetPasswordPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._("Reset password"));
  const state = useLocationState<Verified & { verified: boolean }>();
  const [done, setDone] = useState(false);
  const verified =
    state?.verified === true && typeof state.email === "string" && typeof state.otp === "string"
      ? { email: state.email, otp: state.otp }
      : null;
  const known = state !== undefined;
  useEffect(() => {
    if (known && !verified && !done) toast.error(i18n._("Please verify your email first"));
  }, [known, verified, done, i18n]);
  if (!known) return <PageLoading />;
  if (!verified && !done) return <Navigate to="/forgot-password" replace />;
  return (
    <AuthCard
      title={i18n._("Choose a new password")}
      intro={i18n._("At least 8 characters; a phrase works well.")}
    >
      {done || !verified ? (
        <Done />
      ) : (
        <NewPasswordForm verified={verified} onDone={() => setDone(true)} />
      )}
    </AuthCard>
  );
}
