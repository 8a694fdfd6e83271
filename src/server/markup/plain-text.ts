// The plain-text part of a mail, written from the same component tree as its HTML, so the two
// always say the same thing. It lays text out as a mail reader's plain view does: paragraphs and
// tables apart by a blank line, table rows and divs on lines of their own, runs of whitespace
// one space. Components steer it with a `data-text` attribute:
//   data-text="skip"   left out of the text (the hidden preheader, a decorative line);
//   data-text="label"  a table cell read as "Label: " before the value beside it;
//   data-text="action" a button read as "Label: https://...";
//   data-text="aside"  a note set on its own line in the HTML, read in brackets after its line.
// Links read "text (https://...)", unless the text is the address; mailto: and tel: links read as
// their text. The golden files (mail/__golden__) hold what each mail's text must be.
import type { ReactElement } from "react";
import { type ElementChild, type ElementNode, elementTree } from "./element-tree.ts";

/** What HTML counts as whitespace between words (with the zero-width space mail tools add). */
const SPACE = " \t\r\n\f\u200b";
const WORD = new RegExp(`[^${SPACE}]+`, "g");
const LEADING_SPACE = new RegExp(`^[${SPACE}]`);
const TRAILING_SPACE = new RegExp(`[${SPACE}]$`);
const HAS_WORDS = new RegExp(`[^${SPACE}]`);

/** The words of the block being written, line by line. */
class Lines {
  lines: string[][] = [];
  words: string[] = [];
  /** Whitespace ended the last text, so the next word starts a new word. */
  spaceBefore = false;

  push(word: string) {
    this.words.push(word);
  }

  /** Glues the word to the one before it: text split across elements with no space between. */
  glue(word: string) {
    const last = this.words.pop();
    this.words.push(last ? last + word : word);
  }

  newLine(count = 1) {
    this.lines.push(this.words);
    for (let extra = 1; extra < count; extra++) this.lines.push([]);
    this.words = [];
  }

  isEmpty() {
    return this.lines.length === 0 && this.words.length === 0;
  }

  clear() {
    this.lines = [];
    this.words = [];
  }

  toString() {
    return [...this.lines, this.words].map((words) => words.join(" ")).join("\n");
  }
}

/** A block (the body, a paragraph, a table, a row): its text so far and the breaks it wants. */
type Block = {
  outer: Block | undefined;
  leadingBreaks: number;
  text: string;
  /** Breaks owed before whatever comes next in this block. */
  owedBreaks: number;
  lines: Lines;
};

const newBlock = (outer: Block | undefined, leadingBreaks: number): Block => ({
  outer,
  leadingBreaks,
  text: "",
  owedBreaks: 0,
  lines: new Lines(),
});

const textOf = (block: Block) =>
  block.lines.isEmpty() ? block.text : block.text + block.lines.toString();

class TextWriter {
  block = newBlock(undefined, 1);
  /** Watchers of each word written (a link collects its own text); innermost last. */
  private watchers: ((word: string) => void)[] = [];

  private word(word: string) {
    for (const watch of this.watchers) watch(word);
    return word;
  }

  /** Text as HTML shows it: whitespace runs are one space, words never split. */
  inline(text: string, { watched = true } = {}) {
    const { block } = this;
    if (text.length === 0 || (block.owedBreaks && !HAS_WORDS.test(text))) return;
    if (block.owedBreaks) block.lines.newLine(block.owedBreaks);
    const { lines } = block;
    const spaceBefore = lines.spaceBefore;
    const words = text.match(WORD) ?? [];
    words.forEach((found, index) => {
      const word = watched ? this.word(found) : found;
      if (index > 0 || spaceBefore || LEADING_SPACE.test(text)) lines.push(word);
      else lines.glue(word);
    });
    lines.spaceBefore = (spaceBefore && words.length === 0) || TRAILING_SPACE.test(text);
    block.owedBreaks = 0;
  }

  /** Text written as it is, spaces and all (the brackets around an aside). */
  literal(text: string) {
    const { block } = this;
    if (text.length === 0) return;
    if (block.owedBreaks) block.lines.newLine(block.owedBreaks);
    const { lines } = block;
    const spaceBefore = lines.spaceBefore;
    const parts = text.match(/\n|[^\n]+/g) ?? [];
    parts.forEach((part, index) => {
      if (part === "\n") lines.newLine();
      else if (index > 0 || spaceBefore) lines.push(part);
      else lines.glue(part);
    });
    lines.spaceBefore = spaceBefore && parts.length === 0;
    block.owedBreaks = 0;
  }

  lineBreak() {
    this.block.lines.newLine();
  }

  open(leadingBreaks: number) {
    this.block = newBlock(this.block, leadingBreaks);
  }

  close(trailingBreaks: number) {
    const inner = this.block;
    const outer = inner.outer!;
    this.block = outer;
    const text = textOf(inner);
    const before = textOf(outer);
    const breaks = Math.max(outer.owedBreaks, inner.leadingBreaks);
    outer.lines.clear();
    outer.text = before ? before + "\n".repeat(breaks) + text : text;
    outer.leadingBreaks = breaks;
    outer.owedBreaks = Math.max(inner.owedBreaks, trailingBreaks);
  }

  watching<T>(watch: (word: string) => void, write: () => T): T {
    this.watchers.push(watch);
    try {
      return write();
    } finally {
      this.watchers.pop();
    }
  }

  toString() {
    return textOf(this.block);
  }
}

/** Elements set apart as blocks: the breaks before and after them. */
const BLOCKS: Readonly<Record<string, readonly [number, number]>> = {
  p: [2, 2],
  table: [2, 2],
  tr: [1, 1],
  h1: [3, 2],
  h2: [3, 2],
  h3: [3, 2],
  h4: [2, 2],
  h5: [2, 2],
  h6: [2, 2],
  ...Object.fromEntries(
    ["div", "article", "aside", "footer", "form", "header", "main", "nav", "section"].map((tag) => [
      tag,
      [1, 1] as const,
    ]),
  ),
};

/** Elements a mail has no plain-text form for; a mail that uses one fails to render. */
const UNWRITTEN = new Set(["ul", "ol", "li", "pre", "blockquote", "hr", "img", "wbr"]);

function hrefOf(node: ElementNode): string {
  return typeof node.props.href === "string" ? node.props.href : "";
}

function writeLink(writer: TextWriter, node: ElementNode) {
  const href = hrefOf(node).replace(/^mailto:/, "");
  if (!href || href.startsWith("#")) return writeAll(writer, node.children);
  let text = "";
  writer.watching(
    (word) => {
      text += word;
    },
    () => writeAll(writer, node.children),
  );
  if (href === text) return;
  writer.inline(text ? ` (${href})` : href, { watched: false });
}

function write(writer: TextWriter, node: ElementNode) {
  const { tag } = node;
  const role = node.props["data-text"];
  const href = hrefOf(node);
  if (tag === "a" && /^(mailto|tel):/.test(href)) return writeAll(writer, node.children);
  if (tag === "a" && role === "action") {
    writer.open(2);
    writeAll(writer, node.children);
    writer.inline(`: ${href}`, { watched: false });
    return writer.close(2);
  }
  if ((tag === "td" || tag === "th") && role === "label") {
    writeAll(writer, node.children);
    return writer.inline(": ");
  }
  if (tag === "span" && role === "aside") {
    writer.literal(" (");
    writeAll(writer, node.children);
    return writer.literal(")");
  }
  if (role === "skip" || tag === "head") return;
  if (UNWRITTEN.has(tag)) throw new Error(`A mail's plain text has no form for <${tag}>`);
  if (tag === "a") return writeLink(writer, node);
  if (tag === "br") return writer.lineBreak();
  const block = BLOCKS[tag];
  if (!block) return writeAll(writer, node.children);
  writer.open(block[0]);
  writeAll(writer, node.children);
  writer.close(block[1]);
}

function writeAll(writer: TextWriter, children: readonly ElementChild[]) {
  // Text next to text is one run in the HTML, however the components split it.
  let run = "";
  for (const child of children) {
    if (typeof child === "string") {
      run += child;
      continue;
    }
    writer.inline(run);
    run = "";
    write(writer, child);
  }
  writer.inline(run);
}

function findBody(nodes: readonly ElementChild[]): ElementNode | undefined {
  for (const node of nodes) {
    if (typeof node === "string") continue;
    if (node.tag === "body") return node;
    const found = findBody(node.children);
    if (found) return found;
  }
  return undefined;
}

/** The plain text of a mail's component: its body's words, laid out as above. */
export function plainTextOf(element: ReactElement): string {
  const tree = elementTree(element);
  const writer = new TextWriter();
  const body = findBody(tree);
  if (body) write(writer, body);
  else writeAll(writer, tree);
  return `${writer.toString().trim()}\n`;
}
