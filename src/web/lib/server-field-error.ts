import { ApiError } from "./api-client.ts";

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
