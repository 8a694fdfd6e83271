// A GST document as a PDF, laid out from the same element tree as its HTML (document-tree.ts):
// A4, the stylesheet's sizes and colours in points, and DejaVu Sans embedded, which has the
// rupee sign (U+20B9) the standard PDF fonts lack; text in Odia or Devanagari is set in those
// scripts' Noto faces (pdf-fonts.ts, decision 57). The layout knows the document's few shapes
// (blocks, rows of boxes, label-value lists, tables with spans) and none of what an invoice says.
import PDFDocument from "pdfkit";
import type { ReactNode } from "react";
import {
  type DocumentChild,
  type DocumentNode,
  documentTree,
  findTag,
  textOf,
} from "./document-tree.ts";
import {
  FACE_LANG,
  type Face,
  facesOf,
  fontFile,
  fontName,
  fontSource,
  keepParsed,
  SCRIPTS,
} from "./pdf-fonts.ts";

const BRAND = "#2f7d32";
const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const BOTTOM = PAGE.height - PAGE.margin;

type Style = {
  size: number;
  bold: boolean;
  color: string;
  align: "left" | "center" | "right";
  upper: boolean;
};

const BASE: Style = { size: 8.5, bold: false, color: "#111111", align: "left", upper: false };
const BLOCK_TAGS = new Set([
  "body",
  "main",
  "header",
  "footer",
  "section",
  "div",
  "p",
  "h1",
  "h2",
  "table",
  "dl",
  "ul",
  "li",
]);
/** Boxes set side by side, as the stylesheet's flex rows do. */
const ROWS: Record<string, readonly number[]> = {
  top: [0.55, 0.45],
  parties: [0.5, 0.5],
  bottom: [0.58, 0.42],
};
const has = (node: DocumentNode, name: string) => node.classes.includes(name);
const isBlock = (child: DocumentChild) => typeof child !== "string" && BLOCK_TAGS.has(child.tag);

/** The stylesheet's rules for one element, in points, over what it inherits. */
function styleOf(node: DocumentNode, parent: Style, table?: DocumentNode): Style {
  const style = { ...parent };
  const lines = table && has(table, "lines");
  if (node.tag === "h1") Object.assign(style, { size: 15, bold: true, color: BRAND, upper: true });
  if (node.tag === "h2") Object.assign(style, { size: 7, bold: true, color: BRAND, upper: true });
  if (node.tag === "strong" || node.tag === "b" || node.tag === "dd") style.bold = true;
  if (node.tag === "dt") style.color = "#555555";
  if (has(node, "seller-name")) Object.assign(style, { size: 13, bold: true, color: BRAND });
  if (has(node, "buyer-name")) Object.assign(style, { size: 9.5, bold: true });
  if (has(node, "copy")) Object.assign(style, { size: 7, color: "#555555", upper: true });
  if (has(node, "muted")) style.color = "#555555";
  if (has(node, "note")) Object.assign(style, { size: 7.5, color: "#444444" });
  if (has(node, "notice")) Object.assign(style, { bold: true, color: "#3d2f00" });
  if (has(node, "doc")) style.align = "right";
  if (has(node, "lines")) style.size = 7;
  if (has(node, "ordered")) Object.assign(style, { size: 6, color: "#555555", bold: false });
  if (has(node, "grand")) Object.assign(style, { bold: true, size: 10 });
  if (node.tag === "th") {
    style.bold = !has(table ?? node, "meta");
    if (table && has(table, "meta")) style.color = "#555555";
    if (lines) Object.assign(style, { size: 6.5, align: "center", color: "#14301a" });
    if (table && has(table, "totals")) style.align = "left";
  }
  if (node.tag === "td") {
    if (table && has(table, "meta")) style.bold = true;
    if (table && has(table, "totals")) style.align = "right";
    if (has(node, "num")) style.align = "right";
    if (has(node, "c")) style.align = "center";
  }
  if (node.tag === "tfoot") style.bold = true;
  return style;
}

type Run = { text: string; style: Style };

/** Text of one face and style, as one call to PDFKit draws it. */
type Piece = { text: string; style: Style; face: Face };
/** A line of text in several faces, laid out here rather than by PDFKit's wrapping. */
type Line = { pieces: Piece[]; widths: number[]; width: number; baseline: number; height: number };
/** What a mixed line is cut from: words of pieces, the spaces between them, and line breaks. */
type Token =
  | { kind: "word"; pieces: Piece[] }
  | { kind: "space"; piece: Piece }
  | { kind: "break"; style: Style };

const LINE_GAP = 1;
const needsScripts = (runs: readonly Run[]) => runs.some((run) => SCRIPTS.test(run.text));
const sameLook = (a: Piece, b: Piece) => a.face === b.face && a.style === b.style;

/** The runs' text as words, spaces and breaks, each character in the face its script needs. */
function tokensOf(runs: readonly Run[]): Token[] {
  const chars = runs.flatMap((run) => [...run.text].map((char) => ({ char, style: run.style })));
  const faces = facesOf(chars.map(({ char }) => char).join(""));
  const tokens: Token[] = [];
  let word: Piece[] = [];
  const endWord = () => {
    if (word.length > 0) tokens.push({ kind: "word", pieces: word });
    word = [];
  };
  chars.forEach(({ char, style }, index) => {
    const face = faces[index]!;
    if (char === "\n") {
      endWord();
      tokens.push({ kind: "break", style });
    } else if (char === " ") {
      endWord();
      const last = tokens.at(-1);
      if (last?.kind === "space" && sameLook(last.piece, { text: "", style, face }))
        last.piece.text += char;
      else tokens.push({ kind: "space", piece: { text: char, style, face } });
    } else {
      const last = word.at(-1);
      if (last && sameLook(last, { text: "", style, face })) last.text += char;
      else word.push({ text: char, style, face });
    }
  });
  endWord();
  return tokens;
}

/** An element's inline content as runs of one style; `<br>` and a block-like span break the line. */
function runsOf(children: readonly DocumentChild[], style: Style, table?: DocumentNode): Run[] {
  const runs: Run[] = [];
  for (const child of children) {
    if (typeof child === "string") {
      const text = child.replace(/\s+/g, " ");
      if (text) runs.push({ text: style.upper ? text.toUpperCase() : text, style });
    } else if (child.tag === "br") {
      runs.push({ text: "\n", style });
    } else {
      const inner = styleOf(child, style, table);
      if (has(child, "ordered")) runs.push({ text: "\n", style: inner });
      runs.push(...runsOf(child.children, inner, table));
    }
  }
  // Spaces at a line's ends are the markup's, not the reader's.
  const text = runs.map((run) => run.text).join("");
  if (!text.trim()) return [];
  return runs;
}

class Layout {
  readonly doc: InstanceType<typeof PDFDocument>;
  y = PAGE.margin;
  /** The Noto faces this document has registered: only those its text needs, on first use. */
  private readonly registered = new Set<string>();

  constructor(doc: InstanceType<typeof PDFDocument>) {
    this.doc = doc;
  }

  /** Selects a piece's face, weight and size. */
  private face(piece: Piece) {
    const { face, style } = piece;
    const name = fontName(face, style.bold);
    if (face !== "latin" && !this.registered.has(name)) {
      this.doc.registerFont(name, fontSource(face, style.bold));
      this.registered.add(name);
      this.doc.font(name);
      keepParsed(face, style.bold, this.doc._font.font);
    }
    this.doc.font(name).fontSize(style.size);
  }

  private widthOf(piece: Piece): number {
    this.face(piece);
    return this.doc.widthOfString(piece.text);
  }

  /** How far a piece's face reaches above and below the baseline, and its own line gap. */
  private extent(piece: Piece) {
    this.face(piece);
    const { ascender, descender, lineGap } = this.doc._font;
    const scale = piece.style.size / 1000;
    return { ascent: ascender * scale, descent: -descender * scale, gap: lineGap * scale };
  }

  /**
   * Text in more than one face cut into lines of `width`: a line breaks at a space (or a
   * `<br>`), and a word longer than the line breaks between its letters, as PDFKit's wrapping
   * does for one face. The first line's baseline is where a Latin line's would be, so a label
   * and the value beside it (one in Odia, one in Latin) read on one line; each line reaches as
   * far below as its deepest face, and the lines after the first also as far above as their
   * tallest (Odia's marks stand higher than Latin capitals).
   */
  private lines(runs: readonly Run[], width: number): Line[] {
    const lines: Line[] = [];
    let pieces: Piece[] = [];
    let used = 0;
    let spaces: Piece[] = [];
    const close = (style?: Style) => {
      const merged: Piece[] = [];
      for (const piece of pieces) {
        const last = merged.at(-1);
        if (last && sameLook(last, piece)) last.text += piece.text;
        else merged.push({ ...piece });
      }
      const empty = { text: " ", style: style ?? runs[0]!.style, face: "latin" as const };
      const looks = merged.length > 0 ? merged : [empty];
      const extents = looks.map((piece) => this.extent(piece));
      const latin = looks.map((piece) => this.extent({ ...piece, face: "latin" }));
      const above = lines.length === 0 ? latin : [...latin, ...extents];
      const baseline = Math.max(...above.map((each) => each.ascent));
      const descent = Math.max(...extents.map((each) => each.descent));
      const gap = Math.max(...extents.map((each) => each.gap));
      const widths = merged.map((piece) => this.widthOf(piece));
      lines.push({
        pieces: merged,
        widths,
        width: widths.reduce((sum, each) => sum + each, 0),
        baseline,
        height: baseline + descent + gap + LINE_GAP,
      });
      pieces = [];
      used = 0;
      spaces = [];
    };
    /** A word on this line after the spaces before it, or first on the next. */
    const place = (word: readonly Piece[], wordWidth: number) => {
      const gap = spaces.reduce((sum, space) => sum + this.widthOf(space), 0);
      if (pieces.length > 0 && used + gap + wordWidth > width + 0.01) close();
      if (pieces.length > 0) {
        pieces.push(...spaces);
        used += gap;
      }
      pieces.push(...word);
      used += wordWidth;
      spaces = [];
    };
    for (const token of tokensOf(runs)) {
      if (token.kind === "break") close(token.style);
      else if (token.kind === "space") {
        if (pieces.length > 0) spaces.push(token.piece);
      } else {
        const wordWidth = token.pieces.reduce((sum, piece) => sum + this.widthOf(piece), 0);
        if (wordWidth <= width + 0.01) place(token.pieces, wordWidth);
        else for (const part of this.splitWord(token.pieces, width)) place(part.pieces, part.width);
      }
    }
    if (pieces.length > 0 || lines.length === 0) close();
    return lines;
  }

  /** A word wider than the line, in parts that fit, cut between letters (grapheme clusters). */
  private splitWord(word: readonly Piece[], width: number) {
    const parts: { pieces: Piece[]; width: number }[] = [{ pieces: [], width: 0 }];
    const letters = new Intl.Segmenter("en", { granularity: "grapheme" });
    for (const piece of word) {
      for (const { segment } of letters.segment(piece.text)) {
        const letter = { ...piece, text: segment };
        const letterWidth = this.widthOf(letter);
        let part = parts.at(-1)!;
        if (part.pieces.length > 0 && part.width + letterWidth > width) {
          part = { pieces: [], width: 0 };
          parts.push(part);
        }
        const last = part.pieces.at(-1);
        if (last && sameLook(last, letter)) last.text += segment;
        else part.pieces.push(letter);
        part.width += letterWidth;
      }
    }
    return parts;
  }

  /** Mixed lines drawn piece by piece on one baseline. */
  private drawLines(lines: readonly Line[], x: number, width: number, align: Style["align"]) {
    for (const line of lines) {
      const free = width - line.width;
      let left = x + (align === "right" ? free : align === "center" ? free / 2 : 0);
      const baseline = this.y + line.baseline;
      line.pieces.forEach((piece, index) => {
        this.face(piece);
        this.doc.fillColor(piece.style.color);
        const draw = () =>
          this.doc.text(piece.text, left, baseline, { lineBreak: false, baseline: "alphabetic" });
        if (piece.face === "latin") draw();
        else this.spanned(piece.text, FACE_LANG[piece.face], draw);
        left += line.widths[index]!;
      });
      this.y += line.height;
    }
  }

  /**
   * Draws text in Odia or Devanagari inside a marked span whose ActualText is the text as typed:
   * its glyphs are in visual order (a vowel sign written before its consonant comes first, a
   * conjunct is one glyph), so without it a reader copying or searching the PDF gets the letters
   * shuffled. The span opens inside PDFKit's text object (after its BT, before its ET) rather
   * than around the call: PDFKit wraps each text object in a graphics state of its own, and
   * poppler (pdftotext, Evince) places an ActualText by the state at the span's end, which would
   * then be the page's and put the words elsewhere on it.
   */
  private spanned(actual: string, lang: string, draw: () => void) {
    const doc = this.doc;
    const write = doc.addContent;
    doc.addContent = (data: string) => {
      if (data === "ET") doc.endMarkedContent();
      write.call(doc, data);
      if (data === "BT") doc.markContent("Span", { lang, actual });
      return doc;
    };
    try {
      draw();
    } finally {
      doc.addContent = write;
    }
  }

  private use(style: Style) {
    this.doc
      .font(style.bold ? "bold" : "regular")
      .fontSize(style.size)
      .fillColor(style.color);
  }

  /**
   * Over-measured a little (every run at the largest size, in bold), so nothing overlaps. Text
   * in Odia or Devanagari is measured as it is drawn, line by line.
   */
  measure(runs: readonly Run[], width: number): number {
    if (runs.length === 0) return 0;
    if (needsScripts(runs)) {
      return this.lines(runs, width).reduce((sum, line) => sum + line.height, 0);
    }
    const size = Math.max(...runs.map((run) => run.style.size));
    const bold = runs.some((run) => run.style.bold);
    this.doc.font(bold ? "bold" : "regular").fontSize(size);
    const text = runs
      .map((run) => run.text)
      .join("")
      .trim();
    return this.doc.heightOfString(text, { width, lineGap: 1 });
  }

  /** A new page when this much would not fit on this one. */
  ensure(height: number): boolean {
    if (this.y + height <= BOTTOM || this.y <= PAGE.margin) return false;
    this.doc.addPage();
    this.y = PAGE.margin;
    return true;
  }

  inline(runs: readonly Run[], x: number, width: number): number {
    if (runs.length === 0) return this.y;
    if (needsScripts(runs)) {
      const lines = this.lines(runs, width);
      this.ensure(lines.reduce((sum, line) => sum + line.height, 0));
      this.drawLines(lines, x, width, runs[0]!.style.align);
      return this.y;
    }
    const height = this.measure(runs, width);
    this.ensure(height);
    const top = this.y;
    const align = runs[0]!.style.align;
    const trimmed = runs.map((run, index) => ({
      ...run,
      text:
        index === 0
          ? run.text.trimStart()
          : index === runs.length - 1
            ? run.text.trimEnd()
            : run.text,
    }));
    trimmed.forEach((run, index) => {
      this.use(run.style);
      const options = { width, align, lineGap: 1, continued: index < trimmed.length - 1 };
      if (index === 0) this.doc.text(run.text, x, top, options);
      else this.doc.text(run.text, options);
    });
    this.y = Math.max(top + height, this.doc.y);
    return this.y;
  }

  block(node: DocumentNode, x: number, width: number, inherited: Style) {
    const style = styleOf(node, inherited);
    const gap = GAPS[node.classes.find((name) => name in GAPS) ?? node.tag] ?? 0;
    this.y += gap;
    if (has(node, "space")) {
      this.y += 28;
      return;
    }
    if (node.tag === "table") return this.table(node, x, width, style);
    if (node.tag === "dl") return this.pairs(node, x, width, style);
    const row = node.classes.map((name) => ROWS[name]).find(Boolean);
    if (row) return this.columns(node, row, x, width, style);
    const boxed = has(node, "box") || has(node, "notice") || has(node, "against");
    const pad = boxed ? 6 : 0;
    const top = this.y;
    this.y += pad;
    this.content(node.children, x + pad + (boxed ? 2 : 0), width - 2 * pad - 2, style);
    this.y += pad;
    if (boxed) this.frame(node, x, top, width, this.y - top);
    if (has(node, "top")) this.rule(x, width, BRAND, 1.5);
    if (node.tag === "h2") this.y += 2;
  }

  private content(children: readonly DocumentChild[], x: number, width: number, style: Style) {
    let pending: DocumentChild[] = [];
    const flush = () => {
      this.inline(runsOf(pending, style), x, width);
      pending = [];
    };
    for (const child of children) {
      if (isBlock(child)) {
        flush();
        this.block(child as DocumentNode, x, width, style);
      } else pending.push(child);
    }
    flush();
  }

  private frame(node: DocumentNode, x: number, y: number, width: number, height: number) {
    const { doc } = this;
    if (has(node, "box")) doc.lineWidth(0.7).rect(x, y, width, height).stroke("#cfd8cf");
    else {
      const colour = has(node, "notice") ? "#d9a400" : BRAND;
      doc.lineWidth(0.7).rect(x, y, width, height).stroke(colour);
      doc.rect(x, y, 3, height).fill(colour);
    }
  }

  private rule(x: number, width: number, colour: string, weight: number) {
    this.y += 4;
    this.doc
      .lineWidth(weight)
      .moveTo(x, this.y)
      .lineTo(x + width, this.y)
      .stroke(colour);
    this.y += 4;
  }

  private columns(
    node: DocumentNode,
    shares: readonly number[],
    x: number,
    width: number,
    style: Style,
  ) {
    const boxes = node.children.filter((child): child is DocumentNode => typeof child !== "string");
    const gutter = 10;
    // Boxes side by side are not split over two pages: the row starts a page when little is left.
    this.ensure(140);
    const top = this.y;
    let left = x;
    let bottom = top;
    boxes.forEach((box, index) => {
      const share = shares[index] ?? 1 / boxes.length;
      const boxWidth = width * share - (index < boxes.length - 1 ? gutter : 0);
      this.y = top;
      this.block(box, left, boxWidth, style);
      bottom = Math.max(bottom, this.y);
      left += width * share;
    });
    this.y = bottom;
    if (has(node, "top")) this.rule(x, width, BRAND, 1.5);
  }

  /** A label-value list: the label on the left, its value beside it. */
  private pairs(node: DocumentNode, x: number, width: number, style: Style) {
    const items = node.children.filter((child): child is DocumentNode => typeof child !== "string");
    const labelWidth = width * 0.4;
    for (let index = 0; index < items.length; index += 2) {
      const label = items[index]!;
      const value = items[index + 1];
      const top = this.y;
      this.inline(runsOf(label.children, styleOf(label, style)), x, labelWidth - 4);
      const afterLabel = this.y;
      this.y = top;
      if (value)
        this.inline(
          runsOf(value.children, styleOf(value, style)),
          x + labelWidth,
          width - labelWidth,
        );
      this.y = Math.max(afterLabel, this.y) + 1;
    }
  }

  private table(table: DocumentNode, x: number, width: number, style: Style) {
    const widths = columnWidths(table, width);
    const grid = gridOf(table, widths.length);
    const lines = has(table, "lines");
    const pad = lines ? 3 : 1.5;
    const cellRuns = (cell: GridCell) =>
      runsOf(
        cell.node.children,
        styleOf(cell.node, styleOf(cell.row, styleOf(cell.section, style, table), table), table),
        table,
      );
    const spanWidth = (cell: GridCell) =>
      widths
        .slice(cell.column, cell.column + cell.node.colSpan)
        .reduce((sum, each) => sum + each, 0);
    const heights = grid.rows.map(() => 0);
    for (const cell of grid.cells) {
      if (cell.node.rowSpan > 1) continue;
      const height = this.measure(cellRuns(cell), spanWidth(cell) - 2 * pad) + 2 * pad;
      heights[cell.rowIndex] = Math.max(heights[cell.rowIndex]!, height, style.size + 2 * pad);
    }
    // A cell over several rows that needs more than they give makes the last of them taller.
    for (const cell of grid.cells) {
      if (cell.node.rowSpan === 1) continue;
      const last = Math.min(cell.rowIndex + cell.node.rowSpan, heights.length) - 1;
      const given = heights.slice(cell.rowIndex, last + 1).reduce((sum, each) => sum + each, 0);
      const needed = this.measure(cellRuns(cell), spanWidth(cell) - 2 * pad) + 2 * pad;
      if (needed > given) heights[last]! += needed - given;
    }
    const header = grid.rows
      .map((row, index) => (row.section.tag === "thead" ? index : -1))
      .filter((i) => i >= 0);
    const drawRow = (rowIndex: number, top: number) => {
      for (const cell of grid.cells.filter((each) => each.rowIndex === rowIndex)) {
        const cellWidth = spanWidth(cell);
        const height = heights
          .slice(rowIndex, rowIndex + cell.node.rowSpan)
          .reduce((sum, h) => sum + h, 0);
        const left = x + widths.slice(0, cell.column).reduce((sum, each) => sum + each, 0);
        const fill =
          cell.section.tag === "thead" && lines
            ? "#e8f2e8"
            : cell.section.tag === "tfoot" && lines
              ? "#f3f7f3"
              : undefined;
        if (fill) this.doc.rect(left, top, cellWidth, height).fill(fill);
        if (lines) this.doc.lineWidth(0.5).rect(left, top, cellWidth, height).stroke("#9aa79a");
        this.y = top + pad;
        this.inline(cellRuns(cell), left + pad, cellWidth - 2 * pad);
      }
    };
    let top = this.y + (lines ? 0 : 2);
    grid.rows.forEach((row, rowIndex) => {
      const needed = heights
        .slice(rowIndex, rowIndex + maxSpan(grid, rowIndex))
        .reduce((s, h) => s + h, 0);
      if (top + needed > BOTTOM && rowIndex > (header.at(-1) ?? -1)) {
        this.doc.addPage();
        top = PAGE.margin;
        // Each page of a long table carries its heading, as thead does in print.
        for (const headIndex of header) {
          drawRow(headIndex, top);
          top += heights[headIndex]!;
        }
      }
      if (has(row.row, "grand")) {
        this.doc
          .lineWidth(1)
          .moveTo(x, top)
          .lineTo(x + width, top)
          .stroke(BRAND);
      }
      drawRow(rowIndex, top);
      top += heights[rowIndex]!;
    });
    this.y = top;
  }
}

/** Space before an element, as the stylesheet's margins give it. */
const GAPS: Record<string, number> = {
  parties: 10,
  bottom: 10,
  lines: 4,
  notice: 8,
  against: 8,
  signature: 16,
  footer: 16,
  meta: 4,
  note: 3,
  words: 0,
  h2: 4,
};

type GridCell = {
  node: DocumentNode;
  row: DocumentNode;
  section: DocumentNode;
  rowIndex: number;
  column: number;
};

function gridOf(table: DocumentNode, columns: number) {
  const rows: { row: DocumentNode; section: DocumentNode }[] = [];
  for (const section of table.children) {
    if (typeof section === "string" || section.tag === "colgroup") continue;
    const members = section.tag === "tr" ? [section] : section.children;
    for (const row of members) {
      if (typeof row !== "string" && row.tag === "tr")
        rows.push({ row, section: section.tag === "tr" ? table : section });
    }
  }
  const taken = rows.map(() => new Array<boolean>(columns).fill(false));
  const cells: GridCell[] = [];
  rows.forEach(({ row, section }, rowIndex) => {
    let column = 0;
    for (const node of row.children) {
      if (typeof node === "string") continue;
      while (taken[rowIndex]![column]) column++;
      cells.push({ node, row, section, rowIndex, column });
      for (let r = rowIndex; r < Math.min(rows.length, rowIndex + node.rowSpan); r++) {
        for (let c = column; c < column + node.colSpan; c++) taken[r]![c] = true;
      }
      column += node.colSpan;
    }
  });
  return { rows, cells };
}

const maxSpan = (grid: ReturnType<typeof gridOf>, rowIndex: number) =>
  Math.max(
    1,
    ...grid.cells.filter((cell) => cell.rowIndex === rowIndex).map((cell) => cell.node.rowSpan),
  );

/** Widths from the table's `<col>` shares, the rest shared by the columns without one. */
function columnWidths(table: DocumentNode, width: number): number[] {
  const colgroup = table.children.find(
    (child): child is DocumentNode => typeof child !== "string" && child.tag === "colgroup",
  );
  if (!colgroup) {
    const first = findTag(table.children, "tr");
    const count = first
      ? first.children
          .filter((cell) => typeof cell !== "string")
          .reduce((sum, cell) => sum + (cell as DocumentNode).colSpan, 0)
      : 1;
    return count === 2 ? [width * 0.55, width * 0.45] : new Array(count).fill(width / count);
  }
  const cols = colgroup.children.filter(
    (child): child is DocumentNode => typeof child !== "string",
  );
  const fixed = cols.reduce((sum, col) => sum + (col.widthPercent ?? 0), 0);
  const free = cols.filter((col) => col.widthPercent === undefined).length;
  return cols.map((col) => (width * (col.widthPercent ?? (100 - fixed) / Math.max(free, 1))) / 100);
}

/**
 * The document (`<html>` from GstDocument) as PDF bytes. `compress: false` leaves the content
 * streams readable, for tests.
 */
export async function renderDocumentPdf(
  element: ReactNode,
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  const tree = documentTree(element);
  const title = findTag(tree, "title");
  const body = findTag(tree, "main") ?? findTag(tree, "body");
  const doc = new PDFDocument({
    size: "A4",
    margin: PAGE.margin,
    compress: options.compress ?? true,
    lang: "en-IN",
    displayTitle: true,
    info: { Title: title ? textOf(title) : "", Creator: "Fresh Harvest Hub" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc
    .registerFont(fontName("latin", false), fontFile("latin", false))
    .registerFont(fontName("latin", true), fontFile("latin", true));
  if (body) {
    const layout = new Layout(doc);
    // The sheet's brand band across its top, as on screen.
    doc.rect(PAGE.margin, PAGE.margin - 8, PAGE.width - 2 * PAGE.margin, 3).fill(BRAND);
    layout.block(body, PAGE.margin, PAGE.width - 2 * PAGE.margin, BASE);
  }
  doc.end();
  return done;
}
