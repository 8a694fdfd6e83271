// The server's words in each language (decision 56): what it writes for a shopper after the page
// is gone (a mail, a document) is drawn in the language the shopper used, from the same compiled
// catalogues as the storefront. The server holds every language; a page loads only its own.

import { ALL_CATALOGUES } from "../../shared/i18n/catalogues/all.ts";
import { DEFAULT_LOCALE, isLocale } from "../../shared/i18n/locales.ts";
import { I18n, keyedByText } from "../../shared/i18n/translator.ts";

const made = new Map<string, I18n>();

/**
 * The translator for `locale` (English for anything the store does not speak): a text no
 * catalogue holds is written in English, as the storefront does.
 */
export function translatorFor(locale: string | null | undefined): I18n {
  const known = isLocale(locale) ? locale : DEFAULT_LOCALE;
  let i18n = made.get(known);
  if (!i18n) {
    i18n = new I18n(known, keyedByText(Object.assign({}, ...(ALL_CATALOGUES[known] ?? []))));
    made.set(known, i18n);
  }
  return i18n;
}
