import { toast } from "../../components/toasts.tsx";
import { ApiError, errorMessage } from "../../lib/api-client.ts";

/**
 * Better Auth's codes for a code that cannot be used, in the words the pages show (in English:
 * the code's field translates them, as a toast's caller does).
 */
const CODE_MESSAGES: Record<string, string> = {
  INVALID_OTP: /*i18n*/ "Invalid OTP. Try again or request a new one.",
  OTP_EXPIRED: /*i18n*/ "This code has expired. Please request a new one.",
  TOO_MANY_ATTEMPTS: /*i18n*/ "Too many wrong codes. Please request a new one.",
};

export function wrongCodeMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return errorMessage(error);
  return CODE_MESSAGES[error.code] ?? error.message;
}

/** A wrong code is the field's problem; too many attempts is the visitor's, told in a toast. */
export function showCodeRefusal(error: unknown, showInField: (message: string) => void) {
  if (error instanceof ApiError && error.code === "RATE_LIMITED") toast.error(error.message);
  else showInField(wrongCodeMessage(error));
}

/** The account service's own code for a refusal ("INVALID_PASSWORD"), beyond the store's codes. */
export const refusalCode = (error: unknown): string | undefined =>
  error instanceof ApiError ? error.code : undefined;
