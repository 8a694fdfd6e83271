import type { Wording } from "../../../shared/i18n/fill.ts";
import type { I18n } from "../../../shared/i18n/translator.ts";

/**
 * Says a text with values in the page's language, for a part drawn on pages that may not load
 * the text's catalogue (the staff's English pages load none): the translator writes a text it
 * lacks in English with its values, never the bare key with its `{placeholders}`.
 */
export const wordingOf =
  (i18n: I18n): Wording =>
  (text, values) =>
    i18n._(text, values);
