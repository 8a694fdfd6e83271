import { codeProblem } from "../../../shared/rules/account-forms.ts";
import { ruleChecks } from "../../lib/form-checks.ts";
import { textOf } from "../../lib/plain-form.ts";

/** The emailed code's check, for a form of either kind whose code field is named "code". */
export const codeChecks = ruleChecks(({ code }: { code: string }) => {
  const message = codeProblem(code);
  return message ? { field: "code", message } : null;
});

/** A plain form of one emailed code named "code": its field, how it is read, its check. */
export const plainCodeForm = {
  fields: ["code"],
  read: (data: FormData) => ({ code: textOf(data, "code") }),
  checks: codeChecks,
} as const;
