import { ACCOUNT_MESSAGES } from "../../../../shared/contracts/account.ts";
import { readFilled } from "../../../../shared/i18n/fill.ts";
import { newPasswordProblem } from "../../../../shared/rules/password-forms.ts";
import { toast } from "../../../components/toasts.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { LabeledInput } from "../../../components/ui/field.tsx";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { useCheckedForm } from "../../../lib/checked-form.ts";
import { ruleChecks } from "../../../lib/form-checks.ts";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";
import { useChangePassword, useSetPassword } from "../api/account.ts";
import { refusalCode } from "../code-errors.ts";
import { newPasswordChecks } from "../new-password-checks.ts";

type Values = { current: string; password: string; confirm: string };
const EMPTY: Values = { current: "", password: "", confirm: "" };

/** The current password first, then the new one's rules. */
const changeChecks = ruleChecks((values: Values) =>
  values.current
    ? newPasswordProblem(values.password, values.confirm)
    : { field: "current", message: ACCOUNT_MESSAGES.currentPasswordRequired },
);

export function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const { i18n } = useLingui();
  const form = useCheckedForm(changeChecks, { defaultValues: EMPTY, reValidateMode: "onSubmit" });
  const change = useChangePassword();

  if (!hasPassword) return <SetPasswordForm />;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync({ currentPassword: values.current, newPassword: values.password });
      form.reset(EMPTY);
      toast.success(i18n._(ACCOUNT_MESSAGES.passwordChanged));
    } catch (error) {
      if (refusalCode(error) === "INVALID_PASSWORD") {
        form.setError(
          "current",
          { message: ACCOUNT_MESSAGES.wrongPassword },
          { shouldFocus: true },
        );
      } else if (error instanceof ApiError && error.status === 400) {
        form.setError("password", { message: error.message }, { shouldFocus: true });
      } else {
        toast.error(errorMessage(error));
      }
    }
  });
  const field = (name: keyof Values, label: string, autoComplete: string) => (
    <LabeledInput
      id={`password-${name}`}
      label={i18n._(label)}
      type="password"
      autoComplete={autoComplete}
      error={form.formState.errors[name]?.message}
      {...form.register(name)}
    />
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={i18n._("Change password")}
      className="space-y-4"
    >
      {field("current", /*i18n*/ "Current password", "current-password")}
      {field("password", /*i18n*/ "New password", "new-password")}
      {field("confirm", /*i18n*/ "Confirm new password", "new-password")}
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? i18n._("Changing...") : i18n._("Change password")}
      </Button>
    </form>
  );
}

/** For an account made with Google or OIDC: a first password, with no current one to give. */
function SetPasswordForm() {
  const { i18n } = useLingui();
  const form = useCheckedForm(newPasswordChecks, {
    defaultValues: { password: "", confirm: "" },
    reValidateMode: "onSubmit",
  });
  const set = useSetPassword();

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await set.mutateAsync(values.password);
      toast.success(i18n._(ACCOUNT_MESSAGES.passwordSet));
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        form.setError("password", { message: error.message }, { shouldFocus: true });
      } else {
        // No recent sign-in is said with its minutes in the page's words.
        const message = errorMessage(error);
        const signInAgain = readFilled(ACCOUNT_MESSAGES.signInAgain, message);
        toast.error(
          signInAgain ? i18n._(ACCOUNT_MESSAGES.signInAgain, signInAgain) : i18n._(message),
        );
      }
    }
  });
  const field = (name: "password" | "confirm", label: string) => (
    <LabeledInput
      id={`first-password-${name}`}
      label={i18n._(label)}
      type="password"
      autoComplete="new-password"
      error={form.formState.errors[name]?.message}
      {...form.register(name)}
    />
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={i18n._("Set a password")}
      className="space-y-4"
    >
      <p className="text-sm text-ink-700">{i18n._(ACCOUNT_MESSAGES.noPassword)}</p>
      {field("password", /*i18n*/ "New password")}
      {field("confirm", /*i18n*/ "Confirm new password")}
      <Button type="submit" disabled={set.isPending}>
        {set.isPending ? i18n._("Setting...") : i18n._("Set password")}
      </Button>
    </form>
  );
}
