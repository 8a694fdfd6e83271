import { LogIn } from "lucide-react";
import { STAFF_MESSAGES } from "../../../../shared/rules/staff.ts";
import {
  type StaffSignInValues,
  staffSignInSchema,
} from "../../../../shared/rules/staff-sign-in.ts";
import { toast } from "../../../components/toasts.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Field, Input } from "../../../components/ui/field.tsx";
import { useCheckedForm } from "../../../lib/checked-form.ts";
import { schemaChecks } from "../../../lib/schema-checks.ts";
import { type SignInOutcome, useStaffSignIn } from "../api/staff-session.ts";
import { signInRefusal } from "../refusals.ts";
import { CredentialsHint } from "./credentials-hint.tsx";

const EMPTY: StaffSignInValues = { username: "", password: "" };
const checks = schemaChecks(staffSignInSchema);

/**
 * Username and password. A missing field gets the spec's one message (in the form and as a toast)
 * before any request; a refused pair gets "Invalid admin credentials" the same way.
 */
export function SignInForm({
  onSignedIn,
}: {
  onSignedIn: (outcome: SignInOutcome, password: string) => Promise<void>;
}) {
  const signIn = useStaffSignIn();
  const form = useCheckedForm(checks, { defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const problem =
    errors.root?.message ??
    (errors.username || errors.password ? STAFF_MESSAGES.missingFields : undefined);
  const pending = signIn.isPending || isSubmitting;

  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        const outcome = await signIn.mutateAsync(values);
        await onSignedIn(outcome, values.password);
      } catch (error) {
        const message = signInRefusal(error);
        form.setError("root", { message });
        form.setValue("password", "");
        form.setFocus("password");
        toast.error(message);
      }
    },
    () => toast.error(STAFF_MESSAGES.missingFields),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Staff sign in" className="space-y-5">
      <Field id="staff-username" label="Username" required>
        <Input
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          aria-invalid={errors.username ? true : undefined}
          aria-describedby={problem ? "staff-sign-in-problem" : undefined}
          {...form.register("username")}
        />
      </Field>
      <Field id="staff-password" label="Password" required>
        <Input
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={problem ? "staff-sign-in-problem" : undefined}
          {...form.register("password")}
        />
      </Field>
      {problem && (
        <p
          id="staff-sign-in-problem"
          role="alert"
          data-testid="staff-sign-in-problem"
          className="rounded-xl bg-red-50 px-4 py-2.5 text-sm font-semibold text-red-800"
        >
          {problem}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        <LogIn aria-hidden="true" className="h-4 w-4" />
        {pending ? "Signing in..." : "Sign in"}
      </Button>
      <div className="flex justify-end">
        <CredentialsHint
          onUse={(hint) => {
            form.clearErrors();
            form.setValue("username", hint.username);
            form.setValue("password", hint.password);
            form.setFocus("password");
          }}
        />
      </div>
    </form>
  );
}
