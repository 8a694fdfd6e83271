import { type FormEvent, useState } from "react";
import { type SignupValues, signupProblem } from "../../shared/rules/password-forms.ts";
import { toast } from "../components/toasts.tsx";
import { Button } from "../components/ui/button.tsx";
import { LabeledInput } from "../components/ui/field.tsx";
import { useSignUp } from "../features/account/api/session.ts";
import { AuthCard, VisitorsOnly } from "../features/account/components/auth-card.tsx";
import { OtherSignIn } from "../features/account/components/other-sign-in.tsx";
import { ApiError } from "../lib/api-client.ts";
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

function SignupForm() {
  const [values, setValues] = useState<SignupValues>({
    name: "",
    email: "",
    password: "",
    confirm: "",
  });
  const [problem, setProblem] = useState<ReturnType<typeof signupProblem>>(null);
  const signUp = useSignUp();
  const navigate = useNavigate();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = signupProblem(values);
    setProblem(found);
    if (found) {
      document.getElementById(`signup-${found.field}`)?.focus();
      return;
    }
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
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Sign up" className="space-y-5">
      {FIELDS.map(({ field, label, type, autoComplete }) => {
        const id = `signup-${field}`;
        const error = problem?.field === field ? problem.message : undefined;
        return (
          <LabeledInput
            key={field}
            id={id}
            label={label}
            type={type}
            autoComplete={autoComplete}
            value={values[field]}
            onChange={(event) =>
              setValues((current) => ({ ...current, [field]: event.target.value }))
            }
            error={error}
          />
        );
      })}
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
