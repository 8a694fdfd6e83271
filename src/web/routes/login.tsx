import { loginProblem } from "../../shared/rules/account-forms.ts";
import { toast } from "../components/toasts.tsx";
import { Button } from "../components/ui/button.tsx";
import { LabeledInput } from "../components/ui/field.tsx";
import { useLogIn } from "../features/account/api/session.ts";
import { BORROWED_TEXT } from "../features/account/borrowed-texts.ts";
import { AuthCard, VisitorsOnly } from "../features/account/components/auth-card.tsx";
import { OtherSignIn } from "../features/account/components/other-sign-in.tsx";
import { ApiError } from "../lib/api-client.ts";
import { COMMON_TEXTS } from "../lib/common-texts.ts";
import { ruleChecks } from "../lib/form-checks.ts";
import { Trans, useLingui } from "../lib/i18n/react-binding.tsx";
import { textOf, usePlainForm } from "../lib/plain-form.ts";
import { Link, useNavigate } from "../lib/router/index.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

const loginChecks = ruleChecks(loginProblem);

function LoginForm() {
  const { i18n } = useLingui();
  const logIn = useLogIn();
  const navigate = useNavigate();
  const form = usePlainForm({
    fields: ["email", "password"],
    read: (data) => ({ email: textOf(data, "email"), password: textOf(data, "password") }),
    checks: loginChecks,
    send: async (values) => {
      try {
        await logIn.mutateAsync({ email: values.email.trim(), password: values.password });
        toast.success(i18n._("Logged in successfully"));
        navigate("/", { replace: true });
      } catch (error) {
        toast.error(
          error instanceof ApiError ? error.message : i18n._("An error occurred during login"),
        );
      }
    },
  });

  return (
    <form
      onSubmit={form.onSubmit}
      noValidate
      aria-label={i18n._(BORROWED_TEXT.login)}
      className="space-y-5"
    >
      <LabeledInput
        id="login-email"
        name="email"
        label={i18n._(COMMON_TEXTS.email)}
        type="email"
        autoComplete="email"
        error={form.problems.email}
      />
      <LabeledInput
        id="login-password"
        name="password"
        label={i18n._("Password")}
        type="password"
        autoComplete="current-password"
        error={form.problems.password}
      />
      <div className="text-right text-sm">
        <Link to="/forgot-password" className="font-semibold text-brand-700 hover:underline">
          {i18n._("Forgot password?")}
        </Link>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={logIn.isPending}>
        {logIn.isPending ? i18n._("Logging in...") : i18n._(BORROWED_TEXT.login)}
      </Button>
    </form>
  );
}

export default function LoginPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._(BORROWED_TEXT.login));
  return (
    <VisitorsOnly>
      <AuthCard
        title={i18n._("Welcome back")}
        intro={i18n._("Log in to order faster and follow your orders.")}
      >
        <LoginForm />
        <div className="mt-6">
          <OtherSignIn action="login" />
        </div>
        <p className="mt-6 text-center text-sm text-ink-500">
          <Trans
            id={/*i18n*/ "New here? <0>Create an account</0>"}
            components={{
              0: <Link to="/signup" className="font-semibold text-brand-700 hover:underline" />,
            }}
          />
        </p>
      </AuthCard>
    </VisitorsOnly>
  );
}
