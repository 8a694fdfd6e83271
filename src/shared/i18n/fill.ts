/**
 * Writes a text with its values in one language: `fill` for English, or a page's translator,
 * `(text, values) => i18n._(text, values)`. A shared rule that builds a sentence from pieces
 * takes one, so the server and the page say the same sentence.
 */
export type Wording = (text: string, values: Record<string, string | number>) => string;

/** A simple ICU placeholder: `{orderNumber}`. */
const PLACEHOLDER = /\{\s*([A-Za-z_]\w*)\s*\}/g;

/**
 * A catalogue's text written in English with its values, where no translator is at hand: the
 * server's answers and mails, the staff's English pages, a shared rule's English. The same text
 * is shown on a page as `i18n._(TEXT, values)`, so one text serves both (decision 56).
 *
 * Only simple placeholders (`{orderNumber}`) are written; a placeholder without a value stays as
 * it is. A text that needs more of ICU (a plural) is not for `fill`: it is shown with `i18n._`
 * only.
 */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(PLACEHOLDER, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : placeholder,
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The values `fill(text, values)` wrote into `message`, or undefined when `message` is not `text`
 * filled: how a page knows an English answer of the server's ("Must be at most 80 characters")
 * and says it in its own language with the same values. Each value is read as written (a string,
 * never empty).
 */
export function readFilled(text: string, message: string): Record<string, string> | undefined {
  const names: string[] = [];
  let pattern = "";
  let at = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1]!;
    const seen = names.indexOf(name);
    pattern += escapeRegExp(text.slice(at, match.index)) + (seen < 0 ? "(.+?)" : `\\${seen + 1}`);
    if (seen < 0) names.push(name);
    at = match.index + match[0].length;
  }
  pattern += escapeRegExp(text.slice(at));
  const found = new RegExp(`^${pattern}$`, "s").exec(message);
  return found
    ? Object.fromEntries(names.map((name, index) => [name, found[index + 1]!]))
    : undefined;
}
