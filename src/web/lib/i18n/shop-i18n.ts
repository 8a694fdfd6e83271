import { PAGE_TEXTS } from "virtual:page-texts";
import type { Locale } from "../../../shared/i18n/locales.ts";
import { I18n } from "../../../shared/i18n/translator.ts";

/**
 * The storefront's translator for one page's language. The key is the English text, so a text
 * a catalogue lacks (English carries only the texts with values) is shown as it is written.
 */
export const createShopI18n = (locale: Locale): I18n => new I18n(locale);

let browserTranslator: I18n | undefined;

/**
 * The browser's translator, once the page starts: a page whose code loads later (a navigation)
 * brings its texts into it with the code (`loadPageTexts`).
 */
export function translateInBrowser(i18n: I18n): void {
  browserTranslator = i18n;
}

/** Texts of `names` ("routes/login"), into the browser's translator; the server loads its own. */
export const loadPageTexts = (names: readonly string[]): Promise<void> =>
  browserTranslator && names.length > 0 ? loadTexts(browserTranslator, names) : Promise.resolve();

/**
 * The texts each translator holds. Loading them again would change nothing but tell every
 * component the language changed: the page being left would draw again under the navigation.
 */
const loadedTexts = new WeakMap<I18n, Set<string>>();

/** Adds the texts of `names` in the translator's language. */
export async function loadTexts(i18n: I18n, names: readonly string[]): Promise<void> {
  const locale = i18n.locale as Locale;
  const held = loadedTexts.get(i18n) ?? new Set<string>();
  loadedTexts.set(i18n, held);
  const missing = names.filter((name) => !held.has(name));
  if (missing.length === 0) return;
  // Each page's texts as its code says them, worked out by the build from the modules the page
  // reaches (scripts/page-texts.ts); a page with no texts in a language has no entry.
  const index = await PAGE_TEXTS[locale]?.();
  const loaded = await Promise.all(
    missing.map((name) => index?.PAGE_TEXTS[name]?.() ?? { messages: {} }),
  );
  for (const name of missing) held.add(name);
  // One change for the page's texts together, not one per module.
  i18n.load(Object.assign({}, ...loaded.map(({ messages }) => messages)));
}
