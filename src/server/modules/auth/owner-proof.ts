import { ACCOUNT_MESSAGES, RECENT_SIGN_IN_MINUTES } from "../../../shared/contracts/account.ts";
import { fill } from "../../../shared/i18n/fill.ts";
import type { Database } from "../../db/client.ts";
import { checkPassword } from "./check-password.ts";

export type OwnerProofProblem = {
  status: "BAD_REQUEST" | "FORBIDDEN";
  code: "CURRENT_PASSWORD_REQUIRED" | "INVALID_PASSWORD" | "SIGN_IN_AGAIN";
  message: string;
};

/** Whether the session was opened by a sign-in recent enough to stand for its owner. */
export const signedInRecently = (signedInAt: Date, now = Date.now()) =>
  now - signedInAt.getTime() <= RECENT_SIGN_IN_MINUTES * 60_000;

export const SIGN_IN_AGAIN: OwnerProofProblem = {
  status: "FORBIDDEN",
  code: "SIGN_IN_AGAIN",
  message: fill(ACCOUNT_MESSAGES.signInAgain, { minutes: RECENT_SIGN_IN_MINUTES }),
};

/**
 * What a session must show before it moves the account somewhere else (a new email): the
 * current password when the account has one, otherwise a recent sign-in. A stolen session alone
 * cannot take the account over. Answers the problem, or null when the owner is proved.
 */
export async function ownerProofProblem(
  db: Database,
  session: { customerId: string; signedInAt: Date },
  password: string | undefined,
): Promise<OwnerProofProblem | null> {
  const check = await checkPassword(db, session.customerId, password ?? "");
  if (check === "none") return signedInRecently(session.signedInAt) ? null : SIGN_IN_AGAIN;
  if (!password) {
    return {
      status: "BAD_REQUEST",
      code: "CURRENT_PASSWORD_REQUIRED",
      message: ACCOUNT_MESSAGES.currentPasswordRequired,
    };
  }
  if (check === "wrong") {
    return {
      status: "BAD_REQUEST",
      code: "INVALID_PASSWORD",
      message: ACCOUNT_MESSAGES.wrongPassword,
    };
  }
  return null;
}
