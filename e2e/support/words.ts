// The storefront's words in a language, from its compiled catalogues: a test finds a control by
// the name an Odia or Hindi reader sees on it, without copying translations into the test.
import { readdir } from "node:fs/promises";
import { I18n, keyedByText, type Messages } from "../../src/shared/i18n/translator.ts";

type Locale = "en" | "or" | "hi";
export type Words = (english: string, values?: Record<string, unknown>) => string;

const CATALOGUES = new URL("../../src/shared/i18n/catalogues/", import.meta.url);

/** Every catalogue of `locale` (pages and mails alike), as the catalogues write them. */
async function messagesIn(locale: Locale): Promise<Record<string, unknown>> {
  const all: Record<string, unknown> = {};
  const folder = new URL(`${locale}/`, CATALOGUES);
  for (const file of (await readdir(folder)).filter((name) => name.endsWith(".ts"))) {
    Object.assign(all, (await import(new URL(file, folder).href)).messages);
  }
  return all;
}

/** Every catalogue of `locale` (pages and mails alike), as one translator. */
export async function wordsIn(locale: Locale): Promise<Words> {
  const i18n = new I18n(locale, keyedByText((await messagesIn(locale)) as Messages));
  return (english, values) => i18n._(english, values);
}

/**
 * The English texts `locale` translates that have no values to fill: a page in that language
 * that shows one of them as it is written has lost its translation.
 */
export async function translatedTexts(locale: Locale): Promise<string[]> {
  const messages = await messagesIn(locale);
  return Object.entries(messages).flatMap(([english, message]) => {
    const text = Array.isArray(message) && message.length === 1 ? message[0] : message;
    return typeof text === "string" && text !== english && !english.includes("{") ? [english] : [];
  });
}
