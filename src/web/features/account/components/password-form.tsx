import { type FormEvent, useState } from "react";
import { ACCOUNT_MESSAGES } from "../../../../shared/contracts/account.ts";
import { newPasswordProblem } from "../../../../shared/rules/password-forms.ts";
import { toast } from "../../../components/toasts.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { LabeledInput } from "../../../components/ui/field.tsx";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { useChangePassword, useSetPassword } from "../api/account.ts";

type Values = { current: string; password: string; confirm: string };
const EMPTY: Values = { current: "", password: "", confirm: "" };
type Problem = { field: keyof Values; message: string } | null;

export function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const [values, setValues] = useState(EMPTY);
  const [problem, setProblem] = useState<Problem>(null);
  const change = useChangePassword();

  if (!hasPassword) return <SetPasswordForm />;

  const show = (found: Problem) => {
    setProblem(found);
    if (found) document.getElementById(`password-${found.field}`)?.focus();
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Problem = values.current
      ? newPasswordProblem(values.password, values.confirm)
      : { field: "current", message: ACCOUNT_MESSAGES.currentPasswordRequired };
    show(found);
    if (found) return;
    try {
      await change.mutateAsync({ currentPassword: values.current, newPassword: values.password });
      setValues(EMPTY);
      toast.success(ACCOUNT_MESSAGES.passwordChanged);
    } catch (error) {
      if (error instanceof ApiError && (error.code as string) === "INVALID_PASSWORD") {
        show({ field: "current", message: ACCOUNT_MESSAGES.wrongPassword });
      } else if (error instanceof ApiError && error.status === 400) {
        show({ field: "password", message: error.message });
      } else {
        toast.error(errorMessage(error));
      }
    }
  };
  const field = (name: keyof Values, label: string, autoComplete: string) => (
    <LabeledInput
      id={`password-${name}`}
      label={label}
      type="password"
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      error={problem?.field === name ? problem.message : undefined}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change password" className="space-y-4">
      {field("current", "Current password", "current-password")}
      {field("password", "New password", "new-password")}
      {field("confirm", "Confirm new password", "new-password")}
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? "Changing..." : "Change password"}
      </Button>
    </form>
  );
}

type FirstValues = { password: string; confirm: string };
type FirstProblem = { field: keyof FirstValues; message: string } | null;

/** For an account made with Google or OIDC: a first password, with no current one to give. */
function SetPasswordForm() {
  const [values, setValues] = useState<FirstValues>({ password: "", confirm: "" });
  const [problem, setProblem] = useState<FirstProblem>(null);
  const set = useSetPassword();

  const show = (found: FirstProblem) => {
    setProblem(found);
    if (found) document.getElementById(`first-password-${found.field}`)?.focus();
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = newPasswordProblem(values.password, values.confirm);
    show(found);
    if (found) return;
    try {
      await set.mutateAsync(values.password);
      toast.success(ACCOUNT_MESSAGES.passwordSet);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        show({ field: "password", message: error.message });
      } else toast.error(errorMessage(error));
    }
  };
  const field = (name: keyof FirstValues, label: string) => (
    <LabeledInput
      id={`first-password-${name}`}
      label={label}
      type="password"
      autoComplete="new-password"
      value={values[name]}
      onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      error={problem?.field === name ? problem.message : undefined}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Set a password" className="space-y-4">
      <p className="text-sm text-ink-700">{ACCOUNT_MESSAGES.noPassword}</p>
      {field("password", "New password")}
      {field("confirm", "Confirm new password")}
      <Button type="submit" disabled={set.isPending}>
        {set.isPending ? "Setting..." : "Set password"}
      </Button>
    </form>
  );
}
