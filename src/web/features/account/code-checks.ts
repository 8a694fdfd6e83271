import { codeProblem } from "../../../shared/rules/account-forms.ts";
import { ruleChecks } from "../../lib/form-checks.ts";

/** The emailed code's check, for a form of either kind whose code field is named "code". */
export const codeChecks = ruleChecks(({ code }: { code: string }) => {
  const message = codeProblem(code);
  return message ? { field: "code", message } : null;
});
