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
import { errorMessage } from "./api-client.ts";
import { firstMessage, serverFieldError } from "./form-problems.ts";

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
