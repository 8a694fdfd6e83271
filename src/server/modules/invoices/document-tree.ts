// A GST document's React elements unfolded into plain tags, text and the few attributes a layout
// reads (class, colSpan, rowSpan, a column's width), so the PDF is drawn from the very components
// that write the HTML: one source of what an invoice says, two ways of putting it on a page.
import type { ReactNode } from "react";
import { type ElementChild, elementTree } from "../../markup/element-tree.ts";

export type DocumentNode = {
  tag: string;
  classes: readonly string[];
  colSpan: number;
  rowSpan: number;
  /** A `<col>`'s share of its table, from its inline style ("6.5%"). */
  widthPercent?: number;
  children: DocumentChild[];
};
export type DocumentChild = DocumentNode | string;

type Props = {
  className?: string;
  colSpan?: number;
  rowSpan?: number;
  style?: { width?: string };
};

function documentNode(child: ElementChild): DocumentChild {
  if (typeof child === "string") return child;
  const props = child.props as Props;
  const width = props.style?.width?.match(/^([\d.]+)%$/)?.[1];
  return {
    tag: child.tag,
    classes: props.className?.split(/\s+/).filter(Boolean) ?? [],
    colSpan: props.colSpan ?? 1,
    rowSpan: props.rowSpan ?? 1,
    ...(width ? { widthPercent: Number(width) } : {}),
    children: child.children.map(documentNode),
  };
}

/** The document's elements with what a page layout reads of them. */
export function documentTree(element: ReactNode): DocumentChild[] {
  return elementTree(element).map(documentNode);
}

/** The first element with this tag, depth first. */
export function findTag(nodes: readonly DocumentChild[], tag: string): DocumentNode | undefined {
  for (const node of nodes) {
    if (typeof node === "string") continue;
    if (node.tag === tag) return node;
    const found = findTag(node.children, tag);
    if (found) return found;
  }
  return undefined;
}

/** The text a node holds, as a reader sees it: `<br>` is a line break. */
export function textOf(node: DocumentChild): string {
  if (typeof node === "string") return node;
  if (node.tag === "br") return "\n";
  return node.children.map(textOf).join("");
}
