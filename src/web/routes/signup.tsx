import { type SignupValues, signupProblem } from "../../shared/rules/password-forms.ts";
import { toast } from "../components/toasts.tsx";
import { Button } from "../components/ui/button.tsx";
import { LabeledInput } from "../components/ui/field.tsx";
import { useSignUp } from "../features/account/api/session.ts";
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

const FIELDS: { field: keyof SignupValues; label: string; type: string; autoComplete: string }[] = [
  { field: "name", label: COMMON_TEXTS.fullName, type: "text", autoComplete: "name" },
  { field: "email", label: COMMON_TEXTS.email, type: "email", autoComplete: "email" },
  { field: "password", label: /*i18n*/ "Password", type: "password", autoComplete: "new-password" },
  {
    field: "confirm",
    label: /*i18n*/ "Confirm password",
    type: "password",
    autoComplete: "new-password",
  },
];

const signupChecks = ruleChecks(signupProblem);

function SignupForm() {
  const { i18n } = useLingui();
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
        toast.success(i18n._("Account created successfully"), {
          description: i18n._("We emailed you a 6-digit code to verify your address."),
        });
        navigate("/", { replace: true });
      } catch (error) {
        toast.error(error instanceof ApiError ? error.message : i18n._("Signup failed"));
      }
    },
  });

  return (
    <form
      onSubmit={form.onSubmit}
      noValidate
      aria-label={i18n._(BORROWED_TEXT.signUp)}
      className="space-y-5"
    >
      {FIELDS.map(({ field, label, type, autoComplete }) => (
        <LabeledInput
          key={field}
          id={`signup-${field}`}
          name={field}
          label={i18n._(label)}
          type={type}
          autoComplete={autoComplete}
          error={form.problems[field]}
        />
      ))}
      <Button type="submit" size="lg" className="w-full" disabled={signUp.isPending}>
        {signUp.isPending ? i18n._("Creating account...") : i18n._(BORROWED_TEXT.signUp)}
      </Button>
    </form>
  );
}

export default function SignupPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._(BORROWED_TEXT.signUp));
  return (
    <VisitorsOnly>
      <AuthCard
        title={i18n._("Create your account")}
        intro={i18n._("Save your details for faster checkout and follow every order.")}
      >
        <SignupForm />
        <div className="mt-6">
          <OtherSignIn action="signup" />
        </div>
        <p className="mt-6 text-center text-sm text-ink-500">
          <Trans
            id={/*i18n*/ "Already have an account? <0>Login</0>"}
            components={{
              0: <Link to="/login" className="font-semibold text-brand-700 hover:underline" />,
            }}
          />
        </p>
      </AuthCard>
    </VisitorsOnly>
  );
}
