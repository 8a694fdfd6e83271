// A buyer's document in their language beside English (decision 56): GST practice reads the
// invoice in English (the officer's, the accountant's), so every label the shopper reads in Odia
// or Hindi keeps its English after it: "ମୋଟ / Grand total". The invoice and the credit note, in
// HTML and in PDF (whose Odia and Devanagari faces are decision 57's), print these labels.
import { DEFAULT_LOCALE, type Locale } from "../../../shared/i18n/locales.ts";
import { translatorFor } from "../../i18n/translator.ts";

/** A label as the document prints it, from its English. */
export type Labels = (english: string) => string;

export const englishLabels: Labels = (english) => english;

/** The labels of an order's document in `locale`: English alone where it is English. */
export function buyerLabels(locale: Locale | undefined): Labels {
  if (!locale || locale === DEFAULT_LOCALE) return englishLabels;
  const i18n = translatorFor(locale);
  return (english) => {
    const local = i18n._(english);
    return local === english ? english : `${local} / ${english}`;
  };
}

/** A line's product as the buyer knows it, then as the shop lists it, where the two differ. */
export const bilingualName = (line: { name: string; localName?: string | null }): string =>
  line.localName && line.localName !== line.name ? `${line.localName} / ${line.name}` : line.name;
