// How a form tells the shopper what is wrong: one toast for what they left or typed wrong, and
// the server's refusal on the field it names.
import {
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type UseFormReturn,
} from "react-hook-form";
import { firstMessage, showRefusal } from "./form-problems.ts";

/** `firstMessage` for a react-hook-form's errors. */
export function firstProblem<T extends FieldValues>(
  errors: FieldErrors<T>,
  order: readonly Path<T>[],
  missingMessage: string,
): string | undefined {
  return firstMessage(
    order.map((field) => (get(errors, field) as { message?: string } | undefined)?.message),
    missingMessage,
  );
}

/** `showRefusal` for a react-hook-form. */
export function showServerRefusal<T extends FieldValues>(
  form: UseFormReturn<T>,
  error: unknown,
  fields: readonly Path<T>[],
): void {
  showRefusal(error, fields, (field, message) => form.setError(field as Path<T>, { message }));
}
