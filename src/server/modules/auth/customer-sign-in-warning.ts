import { eq } from "drizzle-orm";
import { enqueueMail } from "../mail/index.ts";
import { users } from "./schema.ts";
import type { SignInWarner } from "./sign-in-guard.ts";
import { signInWarningMail } from "./sign-in-warning-mail.ts";

/**
 * Emails a customer whose account keeps failing sign-ins, at the address the account has. An
 * address with no account gets nothing: the store never mails an address only a guesser typed.
 */
export const warnCustomer: SignInWarner = async (deps, { body, address, at, firstThisHour }) => {
  const typed = (body as { email?: unknown } | undefined)?.email;
  if (typeof typed !== "string") return;
  const [account] = await deps.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.email, typed.trim().toLowerCase()))
    .limit(1);
  if (!account || !(await firstThisHour())) return;
  await enqueueMail(deps.db, signInWarningMail(account.email, { at, address }, deps.publicUrl));
};
