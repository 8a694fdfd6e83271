// A GST document's React elements unfolded into plain tags, text and the few attributes a layout
// reads (class, colSpan, rowSpan, a column's width), so the PDF is drawn from the very components
// that write the HTML: one source of what an invoice says, two ways of putting it on a page.
import { Fragment, isValidElement, type ReactNode } from "react";

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
  children?: ReactNode;
  className?: string;
  colSpan?: number;
  rowSpan?: number;
  style?: { width?: string };
};

/**
 * The documents' components are plain functions of their props (no state, no effects, no
 * context), so calling them gives the markup React would write, element for element.
 */
export function documentTree(element: ReactNode): DocumentChild[] {
  if (element === null || element === undefined || typeof element === "boolean") return [];
  if (typeof element === "string" || typeof element === "number") return [String(element)];
  if (Array.isArray(element)) return element.flatMap((child) => documentTree(child));
  if (!isValidElement<Props>(element)) return [];
  const { type, props } = element;
  if (type === Fragment) return documentTree(props.children);
  if (typeof type === "function") {
    return documentTree((type as (props: Props) => ReactNode)(props));
  }
  if (typeof type !== "string") return [];
  const width = props.style?.width?.match(/^([\d.]+)%$/)?.[1];
  return [
    {
      tag: type,
      classes: props.className?.split(/\s+/).filter(Boolean) ?? [],
      colSpan: props.colSpan ?? 1,
      rowSpan: props.rowSpan ?? 1,
      ...(width ? { widthPercent: Number(width) } : {}),
      children: documentTree(props.children),
    },
  ];
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
