import type { I18n } from "../../../shared/i18n/translator.ts";

// The browser's translator, on its own so that what only speaks with it (a failed call's message,
// a toast) does not bring the loading of texts (shop-i18n.ts) into its chunk.

let browserTranslator: I18n | undefined;

/**
 * The browser's translator, once the page starts: a page whose code loads later (a navigation)
 * brings its texts into it with the code (`loadPageTexts`).
 */
export function translateInBrowser(i18n: I18n): void {
  browserTranslator = i18n;
}

/** The browser's translator; none on the server, which draws with a translator of its own. */
export const translatorInBrowser = (): I18n | undefined => browserTranslator;

/**
 * A text in the page's language where the page has it, else in English with its values: for
 * words that reach the page from outside a component (a failed call's message, a form's problem
 * in a toast). A text already in the page's language comes back as it is. The server, which
 * draws no such words, gets the text as it is.
 */
export function sayInBrowser(text: string, values: Record<string, string | number> = {}): string {
  return browserTranslator ? browserTranslator._(text, values) : text;
}
