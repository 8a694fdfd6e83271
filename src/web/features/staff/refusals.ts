// How the staff forms tell a refusal: the spec's words for a wrong pair, the server's own for
// being rate limited, and the network's or the server's trouble as it is.
import { STAFF_MESSAGES } from "../../../shared/rules/staff.ts";
import { STAFF_TWO_FACTOR_MESSAGES } from "../../../shared/rules/staff-sign-in.ts";
import { ApiError, errorMessage } from "../../lib/api-client.ts";

// 422 too: Better Auth refuses a username it could never hold before looking it up.
const isRefusal = (error: unknown) =>
  error instanceof ApiError && [400, 401, 403, 422].includes(error.status);

export const isRateLimited = (error: unknown) =>
  error instanceof ApiError && (error.status === 429 || error.code === "RATE_LIMITED");

/** Why a sign-in failed, in the words the page shows. */
export function signInRefusal(error: unknown): string {
  if (isRateLimited(error)) return errorMessage(error);
  if (isRefusal(error)) return STAFF_MESSAGES.invalidCredentials;
  return errorMessage(error);
}

/** Why an authenticator (or backup) code was not taken. */
export function codeRefusal(error: unknown, kind: "totp" | "backup" = "totp"): string {
  if (isRateLimited(error)) return errorMessage(error);
  // A right code sent again is not a wrong one: the server says to wait for the next.
  if (
    kind === "totp" &&
    error instanceof ApiError &&
    error.message === STAFF_TWO_FACTOR_MESSAGES.usedCode
  ) {
    return STAFF_TWO_FACTOR_MESSAGES.usedCode;
  }
  if (isRefusal(error)) {
    return kind === "totp"
      ? STAFF_TWO_FACTOR_MESSAGES.wrongCode
      : STAFF_TWO_FACTOR_MESSAGES.wrongBackupCode;
  }
  return errorMessage(error);
}
