// The store's translator (decision 56): it reads the catalogues Lingui's tools compile
// (`npm run messages`) and answers a text in one language. Lingui's own runtime did the same with
// more than the store uses (formats, dates, a message compiler, descriptors), and it came to
// about 3 KB gzip on every page; this is the part the store uses.
import { fill } from "./fill.ts";
import { textKey } from "./text-key.ts";

/** A compiled text: plain, or pieces, each a string, a value (`["name"]`) or a plural. */
export type CompiledMessage = string | readonly Piece[];
type Piece =
  | string
  | readonly [name: string]
  | readonly [name: string, type: "plural" | "select", cases: Record<string, CompiledMessage>];

/** Compiled texts by their English words, as the catalogues hold them. */
export type Messages = Record<string, CompiledMessage>;
/** The same by `textKey` of their English words, as a translator and the browser hold them. */
export type KeyedMessages = Record<string, CompiledMessage>;
export type Values = Record<string, unknown>;

/** A catalogue's texts as a translator holds them. */
export const keyedByText = (messages: Messages): KeyedMessages =>
  Object.fromEntries(Object.entries(messages).map(([text, message]) => [textKey(text), message]));

const pluralRules = new Map<string, Intl.PluralRules>();
/** Latin digits with Indian grouping, in every language, as the invoices and UPI apps write them. */
const COUNT = new Intl.NumberFormat("en-IN");

/** A plural's case for `count`: an exact "=2", then the language's category, then "other". */
function pluralCase(locale: string, count: number, cases: Record<string, CompiledMessage>) {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  const category = rules.select(count);
  return cases[`=${count}`] ?? cases[category] ?? cases.other ?? "";
}

function render(locale: string, message: CompiledMessage, values: Values, count?: number): string {
  if (typeof message === "string") return message;
  let text = "";
  for (const piece of message) {
    if (typeof piece === "string") {
      // "#" in a plural's case is its count.
      text += piece === "#" && count !== undefined ? COUNT.format(count) : piece;
      continue;
    }
    const [name, type, cases = {}] = piece;
    const value = values[name];
    if (type === "plural") {
      const n = Number(value);
      text += render(locale, pluralCase(locale, n, cases), values, n);
    } else if (type === "select") {
      text += render(locale, cases[String(value)] ?? cases.other ?? "", values, count);
    } else if (value !== undefined && value !== null) {
      text += String(value);
    }
  }
  return text;
}

type Listener = () => void;

/**
 * Texts in one language. A text is asked for by its English words: one the loaded texts lack is
 * answered as it is written, its simple values filled in (English carries only the texts with
 * values, and a page only its own).
 */
export class I18n {
  readonly locale: string;
  private messages: KeyedMessages;
  private readonly listeners = new Set<Listener>();

  constructor(locale: string, messages: KeyedMessages = {}) {
    this.locale = locale;
    this.messages = messages;
  }

  _(id: string, values: Values = {}): string {
    const message = this.messages[textKey(id)];
    return message === undefined
      ? fill(id, values as Record<string, string | number>)
      : render(this.locale, message, values);
  }

  /** Whether the loaded texts have `id` (English has only its texts with values). */
  has(id: string): boolean {
    return this.messages[textKey(id)] !== undefined;
  }

  /**
   * Adds texts. Whoever listens (the page's components) draws again only when a text it may be
   * showing now reads differently: a page's texts arrive with its code, before it is drawn, and
   * drawing the page being left again under a navigation would let it act on what it sees (the
   * account page sending a deleted account to the login page).
   */
  load(messages: KeyedMessages): void {
    const changed = Object.entries(messages).some(
      ([key, message]) =>
        this.messages[key] !== undefined &&
        JSON.stringify(this.messages[key]) !== JSON.stringify(message),
    );
    this.messages = { ...this.messages, ...messages };
    if (changed) for (const listener of this.listeners) listener();
  }

  /** Calls `listener` whenever a text it holds changes; the returned function stops it. */
  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
