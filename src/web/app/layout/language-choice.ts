// A browser's language choice, kept in a cookie the server reads (decision 56), and a signed-in
// customer's, kept on their account so another browser they sign in on opens in it.
import { isLocale, LANGUAGE_COOKIE, type Locale } from "../../../shared/i18n/locales.ts";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The server sends this browser's next unprefixed page in the language it chose last. */
export function rememberInBrowser(locale: Locale): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers our shoppers use (Firefox, older Safari).
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure}`;
}

/** The language this browser chose, if it ever did. */
export function browserChoice(): Locale | undefined {
  const value = document.cookie
    .split("; ")
    .find((cookie) => cookie.startsWith(`${LANGUAGE_COOKIE}=`))
    ?.slice(LANGUAGE_COOKIE.length + 1);
  return isLocale(value) ? value : undefined;
}
