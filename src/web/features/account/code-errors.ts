import { ApiError, errorMessage } from "../../lib/api-client.ts";

/** Better Auth's codes for a code that cannot be used, in the words the pages show. */
const CODE_MESSAGES: Record<string, string> = {
  INVALID_OTP: "Invalid OTP. Try again or request a new one.",
  OTP_EXPIRED: "This code has expired. Please request a new one.",
  TOO_MANY_ATTEMPTS: "Too many wrong codes. Please request a new one.",
};

export function wrongCodeMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return errorMessage(error);
  return CODE_MESSAGES[error.code] ?? error.message;
}
