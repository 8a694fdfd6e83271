import { type SignupValues, signupProblem } from "../../shared/rules/password-forms.ts";
import { toast } from "../components/toasts.tsx";
import { Button } from "../components/ui/button.tsx";
import { LabeledInput } from "../components/ui/field.tsx";
import { useSignUp } from "../features/account/api/session.ts";
import { AuthCard, VisitorsOnly } from "../features/account/components/auth-card.tsx";
import { OtherSignIn } from "../features/account/components/other-sign-in.tsx";
import { ApiError } from "../lib/api-client.ts";
import { ruleChecks } from "../lib/form-checks.ts";
import { textOf, usePlainForm } from "../lib/plain-form.ts";
import { Link, useNavigate } from "../lib/router/index.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

const FIELDS: { field: keyof SignupValues; label: string; type: string; autoComplete: string }[] = [
  { field: "name", label: "Full name", type: "text", autoComplete: "name" },
  { field: "email", label: "Email", type: "email", autoComplete: "email" },
  { field: "password", label: "Password", type: "password", autoComplete: "new-password" },
  {
    field: "confirm",
    label: "Confirm password",
    type: "password",
    autoComplete: "new-password",
  },
];

const signupChecks = ruleChecks(signupProblem);

function SignupForm() {
  const signUp = useSignUp();
  const navigate = useNavigate();
  const form = usePlainForm({
    fields: FIELDS.map(({ field }) => field),
    read: (data) => ({
      name: textOf(data, "name"),
      email: textOf(data, "email"),
      password: textOf(data, "password"),
      confirm: textOf(data, "confirm"),
    }),
    checks: signupChecks,
    send: async (values) => {
      try {
        await signUp.mutateAsync({
          name: values.name.trim(),
          email: values.email.trim(),
          password: values.password,
        });
        toast.success("Account created successfully", {
          description: "We emailed you a 6-digit code to verify your address.",
        });
        navigate("/", { replace: true });
      } catch (error) {
        toast.error(error instanceof ApiError ? error.message : "Signup failed");
      }
    },
  });

  return (
    <form onSubmit={form.onSubmit} noValidate aria-label="Sign up" className="space-y-5">
      {FIELDS.map(({ field, label, type, autoComplete }) => (
        <LabeledInput
          key={field}
          id={`signup-${field}`}
          name={field}
          label={label}
          type={type}
          autoComplete={autoComplete}
          error={form.problems[field]}
        />
      ))}
      <Button type="submit" size="lg" className="w-full" disabled={signUp.isPending}>
        {signUp.isPending ? "Creating account..." : "Sign up"}
      </Button>
    </form>
  );
}

export default function SignupPage() {
  usePageTitle("Sign up");
  return (
    <VisitorsOnly>
      <AuthCard
        title="Create your account"
        intro="Save your details for faster checkout and follow every order."
      >
        <SignupForm />
        <div className="mt-6">
          <OtherSignIn action="signup" />
        </div>
        <p className="mt-6 text-center text-sm text-ink-500">
          Already have an account?{" "}
          <Link to="/login" className="font-semibold text-brand-700 hover:underline">
            Login
          </Link>
        </p>
      </AuthCard>
    </VisitorsOnly>
  );
}
