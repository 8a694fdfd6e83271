import { type FormEvent, useState } from "react";
import { type LoginValues, loginProblem } from "../../shared/rules/account-forms.ts";
import { toast } from "../components/toasts.tsx";
import { Button } from "../components/ui/button.tsx";
import { LabeledInput } from "../components/ui/field.tsx";
import { useLogIn } from "../features/account/api/session.ts";
import { AuthCard, VisitorsOnly } from "../features/account/components/auth-card.tsx";
import { OtherSignIn } from "../features/account/components/other-sign-in.tsx";
import { ApiError } from "../lib/api-client.ts";
import { Link, useNavigate } from "../lib/router/index.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

function LoginForm() {
  const [values, setValues] = useState<LoginValues>({ email: "", password: "" });
  const [problem, setProblem] = useState<ReturnType<typeof loginProblem>>(null);
  const logIn = useLogIn();
  const navigate = useNavigate();
  const set = (field: keyof LoginValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = loginProblem(values);
    setProblem(found);
    if (found) {
      document.getElementById(`login-${found.field}`)?.focus();
      return;
    }
    try {
      await logIn.mutateAsync({ email: values.email.trim(), password: values.password });
      toast.success("Logged in successfully");
      navigate("/", { replace: true });
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : "An error occurred during login");
    }
  };

  const errorFor = (field: keyof LoginValues) =>
    problem?.field === field ? problem.message : undefined;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Login" className="space-y-5">
      <LabeledInput
        id="login-email"
        label="Email"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={set("email")}
        error={errorFor("email")}
      />
      <LabeledInput
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        onChange={set("password")}
        error={errorFor("password")}
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
