// What is wrong with a form, whatever keeps its state: the server's refusal of a field, and the
// one problem a toast announces. Both paths of the form recipe use it (decision 44); it holds no
// react-hook-form, for the plain forms that do without.
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
 * The toast for a form the shopper cannot send yet, from its fields' messages in the form's
 * order: the spec's one message when anything is missing, otherwise the first problem.
 */
export function firstMessage(
  messages: readonly (string | undefined)[],
  missingMessage: string,
): string | undefined {
  const found = messages.filter((message): message is string => Boolean(message));
  return found.includes(missingMessage) ? missingMessage : found[0];
}

/**
 * A refusal from the server: on its field when the form has one (`showOnField`), and always as a
 * toast.
 */
export function showRefusal(
  error: unknown,
  fields: readonly string[],
  showOnField: (field: string, message: string) => void,
): void {
  const refused = serverFieldError(error);
  if (refused && fields.includes(refused.field)) {
    showOnField(refused.field, refused.message);
    toast.error(refused.message);
    return;
  }
  toast.error(errorMessage(error));
}
