// The server's words in each language (decision 56): what it writes for a shopper after the page
// is gone (a mail, a document) is drawn in the language the shopper used, from the same compiled
// catalogues as the storefront. The server holds every language; a page loads only its own.
import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { messages as enEmails } from "../../shared/i18n/catalogues/en/emails.ts";
import { messages as enForms } from "../../shared/i18n/catalogues/en/forms.ts";
import { messages as enShell } from "../../shared/i18n/catalogues/en/shell.ts";
import { messages as hiEmails } from "../../shared/i18n/catalogues/hi/emails.ts";
import { messages as hiForms } from "../../shared/i18n/catalogues/hi/forms.ts";
import { messages as hiShell } from "../../shared/i18n/catalogues/hi/shell.ts";
import { messages as orEmails } from "../../shared/i18n/catalogues/or/emails.ts";
import { messages as orForms } from "../../shared/i18n/catalogues/or/forms.ts";
import { messages as orShell } from "../../shared/i18n/catalogues/or/shell.ts";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../shared/i18n/locales.ts";

/** The mails' own texts, and the shared ones they repeat (payment methods, units, the store). */
const CATALOGUES: Record<Locale, Messages[]> = {
  en: [enShell, enForms, enEmails],
  or: [orShell, orForms, orEmails],
  hi: [hiShell, hiForms, hiEmails],
};

const made = new Map<Locale, I18n>();

/**
 * The translator for `locale` (English for anything the store does not speak): a text no
 * catalogue holds is written in English, as the storefront does.
 */
export function translatorFor(locale: string | null | undefined): I18n {
  const known = isLocale(locale) ? locale : DEFAULT_LOCALE;
  let i18n = made.get(known);
  if (!i18n) {
    i18n = setupI18n({
      locale: known,
      messages: { [known]: Object.assign({}, ...CATALOGUES[known]) },
      missing: (_locale, id) => id,
    });
    made.set(known, i18n);
  }
  return i18n;
}
