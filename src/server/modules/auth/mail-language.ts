// Which language an account's mails are written in (decision 56): the one its owner chose last on
// the storefront, kept on the account; until they chose one (a sign-up, an account older than the
// languages), the language of the page whose request caused the mail; English when neither says.
import { eq } from "drizzle-orm";
import { DEFAULT_LOCALE, isLocale, type Locale, pathIn } from "../../../shared/i18n/locales.ts";
import type { Database, Transaction } from "../../db/client.ts";
import { headersLocale } from "../../http/request-locale.ts";
import type { CodePurpose } from "./code-mail.tsx";
import { users } from "./schema.ts";

/** The account's saved language when it has one, else the request's (English by default). */
export const mailLanguage = (saved: unknown, asked: Locale): Locale =>
  isLocale(saved) ? saved : asked;

/**
 * A storefront page as a mail in `locale` links to it: in that language ("/or/account"), so the
 * page a button opens reads like the mail, on any device; English's addresses are unprefixed.
 */
export const pageLink = (publicUrl: string, path: string, locale: Locale = DEFAULT_LOCALE) =>
  `${publicUrl.replace(/\/+$/, "")}${pathIn(locale, path)}`;

/**
 * The language of a mail to the signed-in customer a Better Auth endpoint served: their saved
 * one (auth.ts's additional field on the session's user), else their request's.
 */
export const signedInMailLanguage = (
  user: object | null | undefined,
  headers: Headers | undefined,
): Locale =>
  mailLanguage((user as { locale?: unknown } | null | undefined)?.locale, headersLocale(headers));

/** The saved language of the account with this id or address; undefined when there is none. */
async function savedLanguage(
  db: Database | Transaction,
  account: { id: string } | { email: string },
): Promise<string | null | undefined> {
  const [row] = await db
    .select({ locale: users.locale })
    .from(users)
    .where("id" in account ? eq(users.id, account.id) : eq(users.email, account.email))
    .limit(1);
  return row?.locale;
}

/** The language of a mail to the account with this id or address, caused by a request in `asked`. */
export async function accountMailLanguage(
  db: Database | Transaction,
  account: { id: string } | { email: string },
  asked: Locale,
): Promise<Locale> {
  return mailLanguage(await savedLanguage(db, account), asked);
}

/**
 * What a Better Auth endpoint knows of the request that sends a code: its headers, or (for the
 * sign-up's code, sent by an endpoint called from within sign-up) only the request itself.
 */
type CodeRequest = {
  headers?: Headers;
  request?: Request;
  context: { session?: { user: object } | null };
};

/**
 * A code mail's language. A new address's code is the signed-in account's (the address has no
 * account yet); any other code is for the account of the address it goes to, if there is one:
 * a sign-up's has none saved yet, so it is written in the sign-up page's language.
 */
export async function codeLanguage(
  db: Database,
  purpose: CodePurpose,
  email: string,
  request: CodeRequest | undefined,
): Promise<Locale> {
  const headers = request?.headers ?? request?.request?.headers;
  return purpose === "change-email"
    ? signedInMailLanguage(request?.context.session?.user, headers)
    : accountMailLanguage(db, { email: email.toLowerCase() }, headersLocale(headers));
}
