import { PAGE_TEXTS } from "virtual:page-texts";
import type { Locale } from "../../../shared/i18n/locales.ts";
import { I18n, type KeyedMessages } from "../../../shared/i18n/translator.ts";
import { translatorInBrowser } from "./browser-translator.ts";

/**
 * The storefront's translator for one page's language. A text is asked for by its English words,
 * so one the loaded texts lack (English carries only the texts with values) shows as written.
 */
export const createShopI18n = (locale: Locale): I18n => new I18n(locale);

/** Texts of `names` ("routes/login"), into the browser's translator; the server loads its own. */
export const loadPageTexts = (names: readonly string[]): Promise<void> => {
  const i18n = translatorInBrowser();
  return i18n && names.length > 0 ? loadTexts(i18n, names) : Promise.resolve();
};

/** Where the server said each of the first page's texts is: null, none in the language. */
let addresses: Record<string, string | null> = {};

/**
 * Takes the server's word for where the page's texts are (`PAGE_TEXTS_ELEMENT`): the first page
 * then loads them without its language's index, which waits for the first navigation.
 */
export function textsAt(known: Record<string, string | null>): void {
  addresses = known;
}

type TextsModule = { messages: KeyedMessages };

/** A part's texts: where the server said, else through the language's index. */
async function textsOf(locale: Locale, name: string): Promise<TextsModule> {
  const address = addresses[name];
  if (address !== undefined) {
    return address === null ? { messages: {} } : import(/* @vite-ignore */ address);
  }
  // Each page's texts as its code says them, worked out by the build from the modules the page
  // reaches (scripts/page-texts.ts); a page with no texts in a language has no entry.
  const index = await PAGE_TEXTS[locale]?.();
  return (await index?.PAGE_TEXTS[name]?.()) ?? { messages: {} };
}

/**
 * The texts each translator holds or is loading. Loading them again would change nothing but
 * tell every component the language changed: the page being left would draw again under the
 * navigation.
 */
const loadedTexts = new WeakMap<I18n, Map<string, Promise<TextsModule>>>();

/** Adds the texts of `names` in the translator's language. */
export async function loadTexts(i18n: I18n, names: readonly string[]): Promise<void> {
  const locale = i18n.locale as Locale;
  const held = loadedTexts.get(i18n) ?? new Map<string, Promise<TextsModule>>();
  loadedTexts.set(i18n, held);
  const missing = names.filter((name) => !held.has(name));
  const loading = missing.map((name) => {
    const texts = textsOf(locale, name);
    held.set(name, texts);
    // A load that failed is tried again next time.
    texts.catch(() => held.delete(name));
    return texts;
  });
  // One change for the page's texts together, not one per module.
  if (loading.length > 0) {
    const loaded = await Promise.all(loading);
    i18n.load(Object.assign({}, ...loaded.map(({ messages }) => messages)));
  }
  // Texts another call is still loading are there before this one answers.
  await Promise.all(names.map((name) => held.get(name)));
}
