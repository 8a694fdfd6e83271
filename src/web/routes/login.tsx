import { loginProblem } from "../../shared/rules/account-forms.ts";
import { toast } from "../components/toasts.tsx";
import { Button } from "../components/ui/button.tsx";
import { LabeledInput } from "../components/ui/field.tsx";
import { useLogIn } from "../features/account/api/session.ts";
import { AuthCard, VisitorsOnly } from "../features/account/components/auth-card.tsx";
import { OtherSignIn } from "../features/account/components/other-sign-in.tsx";
import { ApiError } from "../lib/api-client.ts";
import { ruleChecks } from "../lib/form-checks.ts";
import { textOf, usePlainForm } from "../lib/plain-form.ts";
import { Link, useNavigate } from "../lib/router/index.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

const loginChecks = ruleChecks(loginProblem);

function LoginForm() {
  const logIn = useLogIn();
  const navigate = useNavigate();
  const form = usePlainForm({
    fields: ["email", "password"],
    read: (data) => ({ email: textOf(data, "email"), password: textOf(data, "password") }),
    checks: loginChecks,
    send: async (values) => {
      try {
        await logIn.mutateAsync({ email: values.email.trim(), password: values.password });
        toast.success("Logged in successfully");
        navigate("/", { replace: true });
      } catch (error) {
        toast.error(error instanceof ApiError ? error.message : "An error occurred during login");
      }
    },
  });

  return (
    <form onSubmit={form.onSubmit} noValidate aria-label="Login" className="space-y-5">
      <LabeledInput
        id="login-email"
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        error={form.problems.email}
      />
      <LabeledInput
        id="login-password"
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={form.problems.password}
      />
      <div className="text-right text-sm">
        <Link to="/forgot-password" className="font-semibold text-brand-700 hover:underline">
          Forgot password?
        </Link>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={logIn.isPending}>
        {logIn.isPending ? "Logging in..." : "Login"}
      </Button>
    </form>
  );
}

export default function LoginPage() {
  usePageTitle("Login");
  return (
    <VisitorsOnly>
      <AuthCard title="Welcome back" intro="Log in to order faster and follow your orders.">
        <LoginForm />
        <div className="mt-6">
          <OtherSignIn action="login" />
        </div>
        <p className="mt-6 text-center text-sm text-ink-500">
          New here?{" "}
          <Link to="/signup" className="font-semibold text-brand-700 hover:underline">
            Create an account
          </Link>
        </p>
      </AuthCard>
    </VisitorsOnly>
  );
}
