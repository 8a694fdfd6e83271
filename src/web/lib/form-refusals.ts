// How a form tells the shopper what is wrong: one toast for what they left or typed wrong, and
// the server's refusal on the field it names.
import {
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type UseFormReturn,
} from "react-hook-form";
import { toast } from "../components/toasts.tsx";
import { ApiError, errorMessage } from "./api-client.ts";

/**
 * The first field the server refused, with its own message: the error body's `message` is
 * prefixed with the field's path ("email: ..."), which reads badly next to the field itself.
 */
export function serverFieldError(error: unknown): { field: string; message: string } | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const issue = error.body?.issues?.[0];
  if (issue) return issue;
  return error.field ? { field: error.field, message: error.message } : undefined;
}

/**
 * The toast for a form the shopper cannot send yet: the spec's one message when anything is
 * missing, otherwise the first problem in the form's order.
 */
export function firstProblem<T extends FieldValues>(
  errors: FieldErrors<T>,
  order: readonly Path<T>[],
  missingMessage: string,
): string | undefined {
  const messages = order
    .map((field) => (get(errors, field) as { message?: string } | undefined)?.message)
    .filter(Boolean) as string[];
  return messages.includes(missingMessage) ? missingMessage : messages[0];
}

/** A refusal from the server: on its field when the form has one, and always as a toast. */
export function showServerRefusal<T extends FieldValues>(
  form: UseFormReturn<T>,
  error: unknown,
  fields: readonly Path<T>[],
): void {
  const refused = serverFieldError(error);
  if (refused && (fields as readonly string[]).includes(refused.field)) {
    form.setError(refused.field as Path<T>, { message: refused.message });
    toast.error(refused.message);
    return;
  }
  toast.error(errorMessage(error));
}
