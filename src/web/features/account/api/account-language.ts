import type { AccountLanguage } from "../../../../shared/contracts/account.ts";
import { ACCOUNT_LANGUAGE_PATH } from "../../../../shared/contracts/account-language-path.ts";
import type { Locale } from "../../../../shared/i18n/locales.ts";
import { api } from "../../../lib/api-client.ts";

/**
 * Remembers the customer's language choice on their account, for a sign-in on another browser;
 * kept alive, since the choice is a link that leaves the page as it is clicked. Its own module:
 * every page's frame calls it, and the account's schemas stay with the account's pages.
 */
export const saveAccountLanguage = (locale: Locale) =>
  api.put<null>(ACCOUNT_LANGUAGE_PATH, { locale } satisfies AccountLanguage, { keepalive: true });
