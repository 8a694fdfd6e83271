import { eq } from "drizzle-orm";
import { DEFAULT_LOCALE } from "../../../shared/i18n/locales.ts";
import { enqueueMail } from "../mail/index.ts";
import { mailLanguage } from "./mail-language.ts";
import { users } from "./schema.ts";
import type { SignInWarner } from "./sign-in-guard.ts";
import { signInWarningMail } from "./sign-in-warning-mail.ts";

/**
 * Emails a customer whose account keeps failing sign-ins, at the address the account has, in the
 * account's saved language, else English: never in the language of the page the failures came
 * from, which whoever is guessing chose. An address with no account gets nothing: the store never
 * mails an address only a guesser typed.
 */
export const warnCustomer: SignInWarner = async (deps, event) => {
  const { body, address, at, firstThisHour } = event;
  const typed = (body as { email?: unknown } | undefined)?.email;
  if (typeof typed !== "string") return;
  const [account] = await deps.db
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .where(eq(users.email, typed.trim().toLowerCase()))
    .limit(1);
  if (!account || !(await firstThisHour())) return;
  const language = mailLanguage(account.locale, DEFAULT_LOCALE);
  await enqueueMail(
    deps.db,
    signInWarningMail(account.email, { at, address }, deps.publicUrl, language),
  );
};
