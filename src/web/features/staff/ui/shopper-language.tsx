import { type Locale, staffLanguageName } from "../../../../shared/i18n/locales.ts";

/**
 * A shopper's language as the staff read it, "Odia (ଓଡ଼ିଆ)": in the face of the languages' names,
 * so the name reads on a staff phone without the script's font.
 */
export function ShopperLanguage({ locale }: { locale: Locale }) {
  return <span className="font-language-names">{staffLanguageName(locale)}</span>;
}
