// The storefront's words in a language, from its compiled catalogues: a test finds a control by
// the name an Odia or Hindi reader sees on it, without copying translations into the test.
import { readdir } from "node:fs/promises";
import { I18n, keyedByText } from "../../src/shared/i18n/translator.ts";

type Locale = "en" | "or" | "hi";
export type Words = (english: string, values?: Record<string, unknown>) => string;

const CATALOGUES = new URL("../../src/shared/i18n/catalogues/", import.meta.url);

/** Every catalogue of `locale` (pages and mails alike), as one translator. */
export async function wordsIn(locale: Locale): Promise<Words> {
  const i18n = new I18n(locale);
  const folder = new URL(`${locale}/`, CATALOGUES);
  for (const file of (await readdir(folder)).filter((name) => name.endsWith(".ts"))) {
    const { messages } = await import(new URL(file, folder).href);
    i18n.load(keyedByText(messages));
  }
  return (english, values) => i18n._(english, values);
}
