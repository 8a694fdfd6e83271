// A GST document as a PDF, laid out from the same element tree as its HTML (document-tree.ts):
// A4, the stylesheet's sizes and colours in points, and DejaVu Sans embedded, which has the
// rupee sign (U+20B9) the standard PDF fonts lack. The layout knows the document's few shapes
// (blocks, rows of boxes, label-value lists, tables with spans) and none of what an invoice says.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import PDFDocument from "pdfkit";
import type { ReactNode } from "react";
import {
  type DocumentChild,
  type DocumentNode,
  documentTree,
  findTag,
  textOf,
} from "./document-tree.ts";

const BRAND = "#2f7d32";
const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const BOTTOM = PAGE.height - PAGE.margin;

let fonts: { regular: Buffer; bold: Buffer } | undefined;
/** Read once, on the first PDF: a font file is some 700 KB. */
function fontFiles() {
  if (!fonts) {
    const folder = join(
      dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")),
      "ttf",
    );
    fonts = {
      regular: readFileSync(join(folder, "DejaVuSans.ttf")),
      bold: readFileSync(join(folder, "DejaVuSans-Bold.ttf")),
    };
  }
  return fonts;
}

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

  constructor(doc: InstanceType<typeof PDFDocument>) {
    this.doc = doc;
  }

  private use(style: Style) {
    this.doc
      .font(style.bold ? "bold" : "regular")
      .fontSize(style.size)
      .fillColor(style.color);
  }

  /** Over-measured a little (every run at the largest size, in bold), so nothing overlaps. */
  measure(runs: readonly Run[], width: number): number {
    if (runs.length === 0) return 0;
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
  const { regular, bold } = fontFiles();
  doc.registerFont("regular", regular).registerFont("bold", bold);
  if (body) {
    const layout = new Layout(doc);
    // The sheet's brand band across its top, as on screen.
    doc.rect(PAGE.margin, PAGE.margin - 8, PAGE.width - 2 * PAGE.margin, 3).fill(BRAND);
    layout.block(body, PAGE.margin, PAGE.width - 2 * PAGE.margin, BASE);
  }
  doc.end();
  return done;
}
