// What a form checks before it sends, whichever of the two ways keeps its fields (decision 44):
// the request its values make, or each field's first problem in the shared rules' own words.
import type { FormProblem } from "../../shared/rules/account-forms.ts";

/** Each field's first problem, by its name ("email", or "contact.email" in a nested form). */
export type FieldProblems = Partial<Record<string, string>>;

export type Checked<Request> =
  | { ok: true; request: Request }
  | { ok: false; problems: FieldProblems };

/** A form's checks: from what its fields hold, what it may send, or why not yet. */
export type FormChecks<Values, Request = Values> = (values: Values) => Checked<Request>;

/**
 * The checks of a shared rule that names the first problem only (the account forms', which the
 * store's account service checks again): the values go as they are.
 */
export function ruleChecks<Values>(
  rule: (values: Values) => FormProblem<string> | null,
): FormChecks<Values> {
  return (values) => {
    const problem = rule(values);
    if (problem) return { ok: false, problems: { [problem.field]: problem.message } };
    return { ok: true, request: values };
  };
}
