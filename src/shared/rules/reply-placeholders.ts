// The placeholders a saved reply may hold, filled from the ticket it is inserted into. One that
// is not known stays as written, and the reply form names it before anything is sent.
import { greetingName } from "./person-name.ts";

export const REPLY_PLACEHOLDERS = {
  name: "the customer's first name",
  order: "the ticket's order number",
  ticket: "the ticket's reference",
} as const;
export type ReplyPlaceholder = keyof typeof REPLY_PLACEHOLDERS;

/** What `{order}` reads when the ticket names no order. */
export const NO_ORDER = "your order";

/** `{name}`, `{ order }`: a word in braces, spaces allowed inside. */
const PLACEHOLDER = /\{\s*([A-Za-z_][\w-]*)\s*\}/g;

export type TicketFacts = { customerName: string; orderNumber: string; reference: string };

const isKnown = (word: string): word is ReplyPlaceholder =>
  Object.hasOwn(REPLY_PLACEHOLDERS, word.toLowerCase());

/** The text with every known placeholder filled; unknown ones are left as they are. */
export function fillPlaceholders(text: string, facts: TicketFacts): string {
  const values: Record<ReplyPlaceholder, string> = {
    name: greetingName(facts.customerName),
    order: facts.orderNumber.trim() || NO_ORDER,
    ticket: facts.reference,
  };
  return text.replace(PLACEHOLDER, (whole, word: string) =>
    isKnown(word) ? values[word.toLowerCase() as ReplyPlaceholder] : whole,
  );
}

/** The placeholders still in a text, as written ("{order_date}"), each once. */
export function leftPlaceholders(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[0]))];
}
