import { newPasswordProblem } from "../../../shared/rules/password-forms.ts";
import { ruleChecks } from "../../lib/form-checks.ts";

/**
 * A new password and its confirmation, in fields named "password" and "confirm". Apart from the
 * code's check: the common-password list comes with it, which only these forms need.
 */
export const newPasswordChecks = ruleChecks(
  ({ password, confirm }: { password: string; confirm: string }) =>
    newPasswordProblem(password, confirm),
);
