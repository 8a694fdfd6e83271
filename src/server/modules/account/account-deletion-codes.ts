// The emailed code that confirms an account's deletion instead of its password. Only an HMAC of
// the code is stored (auth/code-hash.ts), as `hash:wrongGuesses`, in Better Auth's
// verifications table under an identifier of the store's own.
import { randomInt, timingSafeEqual } from "node:crypto";
import { CODE_LENGTH, CODE_VALID_MINUTES } from "../../../shared/rules/account-forms.ts";
import type { Database, Transaction } from "../../db/client.ts";
import {
  CODE_ATTEMPTS,
  codeHasher,
  putVerificationBack,
  replaceVerification,
  takeVerification,
} from "../auth/index.ts";

export const deletionCodeIdentifier = (customerId: string) => `delete-account:${customerId}`;
const identifierOf = deletionCodeIdentifier;

export type CodeCheck = "right" | "wrong" | "used-up";

export type DeletionCodes = {
  /** A new code for the account, replacing any earlier one; answers it for the email. */
  issue(tx: Transaction | Database, customerId: string): Promise<string>;
  /**
   * Takes the account's code off the table and compares it. A right code stays taken (the
   * caller's transaction commits or rolls back with the deletion); a wrong one goes back with
   * one more wrong guess counted, until CODE_ATTEMPTS have been made.
   */
  check(tx: Transaction, customerId: string, code: string): Promise<CodeCheck>;
};

export function deletionCodes(storeSecret: string): DeletionCodes {
  const hash = codeHasher(storeSecret);
  return {
    async issue(tx, customerId) {
      const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, "0");
      const identifier = identifierOf(customerId);
      await replaceVerification(tx, {
        identifier,
        value: `${await hash(code)}:0`,
        expiresAt: new Date(Date.now() + CODE_VALID_MINUTES * 60 * 1000),
      });
      return code;
    },

    async check(tx, customerId, code) {
      // Taking the row (DELETE ... RETURNING) is the lock: a second guess at the same time finds
      // nothing to compare against, so one code can never confirm two deletions.
      const taken = await takeVerification(tx, identifierOf(customerId));
      if (!taken || taken.expiresAt.getTime() <= Date.now()) return "wrong";
      const separator = taken.value.lastIndexOf(":");
      const stored = Buffer.from(taken.value.slice(0, separator));
      const guesses = Number(taken.value.slice(separator + 1)) || 0;
      const given = Buffer.from(await hash(code));
      if (given.length === stored.length && timingSafeEqual(given, stored)) return "right";
      if (guesses + 1 >= CODE_ATTEMPTS) return "used-up";
      await putVerificationBack(tx, {
        ...taken,
        value: `${taken.value.slice(0, separator)}:${guesses + 1}`,
      });
      return "wrong";
    },
  };
}
