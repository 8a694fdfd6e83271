// The check every text field shares: the message for a text longer than the field takes. Its
// own module, so a field that reads the message back carries nothing else of the rules.
import { fill, readFilled } from "../i18n/fill.ts";

/** What a text field's check says of a text longer than it takes: `tooLong(80)`. */
export const TOO_LONG = /*i18n*/ "Must be at most {max} characters";

/** The check's message for a field of at most `max` characters, in English (the key's words). */
export const tooLong = (max: number) => fill(TOO_LONG, { max });

/**
 * The most characters a `tooLong` message allows, or undefined when `message` is not one: how a
 * form shows it in its language (`i18n._(TOO_LONG, { max })`).
 */
export function parseTooLong(message: string): number | undefined {
  const values = readFilled(TOO_LONG, message);
  return values && /^\d+$/.test(values.max!) ? Number(values.max) : undefined;
}
