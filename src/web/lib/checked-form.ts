// The store's form recipe (decision 44): react-hook-form keeps the fields, the shared checks (a
// zod schema of the API's, or the account rules) decide what may be sent, and a refusal from the
// server lands on the field it names. A form that is its page's reason and in its first screen
// takes the recipe's other path, plain-form.ts.
import { toNestErrors } from "@hookform/resolvers";
import {
  type DefaultValues,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
  type UseFormSetError,
  useForm,
} from "react-hook-form";
import { toast } from "../components/toasts.tsx";
import { errorMessage } from "./api-client.ts";
import type { FormChecks } from "./form-checks.ts";
import { firstMessage, serverFieldError } from "./form-problems.ts";

/** react-hook-form's resolver for a form's checks: the request, or the problems on their fields. */
export function checksResolver<Draft extends FieldValues, Request>(
  checks: FormChecks<Draft, Request>,
): Resolver<Draft, unknown, Request> {
  return (draft, _context, options) => {
    const checked = checks(draft);
    if (checked.ok) return { values: checked.request, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const [field, message] of Object.entries(checked.problems)) {
      if (message) errors[field] = { type: "validate", message };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}

/**
 * A form of the recipe: `defaultValues` is what the fields hold (text for numbers, "" for no
 * choice yet), and `handleSubmit` hands over only what the checks let through, typed as such.
 */
export function useCheckedForm<Draft extends FieldValues, Request>(
  checks: FormChecks<Draft, Request>,
  options: Omit<UseFormProps<Draft, unknown, Request>, "resolver" | "defaultValues"> & {
    /** Every field's starting value: the draft's type is read from it. */
    defaultValues: Draft & DefaultValues<Draft>;
  },
): UseFormReturn<Draft, unknown, Request> {
  return useForm<Draft, unknown, Request>({ ...options, resolver: checksResolver(checks) });
}

/**
 * The server's refusal of one of `fields`, shown on that field in its own words (without the
 * field's name before them, as the error's message has it); `fieldOf` names the form's field for a
 * request field it calls otherwise. What it shows, or nothing when the refusal names no field here.
 */
export function refuseField<Draft extends FieldValues>(
  form: { setError: UseFormSetError<Draft> },
  error: unknown,
  fields: readonly Path<Draft>[],
  { fieldOf, focus = false }: { fieldOf?: Readonly<Record<string, string>>; focus?: boolean } = {},
): string | undefined {
  const refused = serverFieldError(error);
  if (!refused) return undefined;
  const named = fieldOf?.[refused.field] ?? refused.field;
  const field = fields.find((candidate) => candidate === named);
  if (!field) return undefined;
  form.setError(field, { message: refused.message }, { shouldFocus: focus });
  return refused.message;
}

/** A refusal from the server: on its field when it names one of `fields`, and always as a toast. */
export function showServerRefusal<Draft extends FieldValues>(
  form: { setError: UseFormSetError<Draft> },
  error: unknown,
  fields: readonly Path<Draft>[],
): void {
  toast.error(refuseField(form, error, fields) ?? errorMessage(error));
}

/** The problem a toast announces for a form that cannot be sent yet (see `firstMessage`). */
export function firstProblem<T extends FieldValues>(
  errors: FieldErrors<T>,
  order: readonly Path<T>[],
  missingMessage: string,
): string | undefined {
  return firstMessage(
    order.map((field) => fieldErrorOf(errors, field)),
    missingMessage,
  );
}

/** The error of a field named by its path ("contact.email"), whose type the lookup leaves open. */
export function fieldErrorOf<T extends FieldValues>(
  errors: FieldErrors<T>,
  field: Path<T>,
): string | undefined {
  const error: unknown = get(errors, field);
  if (typeof error !== "object" || error === null || !("message" in error)) return undefined;
  return typeof error.message === "string" ? error.message : undefined;
}
