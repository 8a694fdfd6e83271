// A component tree unfolded into plain tags, their props and text, the way React would write it
// as HTML. Mails and GST documents are plain functions of their props (no state, no effects, no
// context), so calling them gives the markup element for element: the PDF of an invoice and the
// plain text of a mail are drawn from the very components that write their HTML.
import { Fragment, isValidElement, type ReactNode } from "react";

export type ElementNode = {
  tag: string;
  props: Readonly<Record<string, unknown>>;
  children: ElementChild[];
};
export type ElementChild = ElementNode | string;

type Props = { children?: ReactNode } & Record<string, unknown>;

export function elementTree(element: ReactNode): ElementChild[] {
  if (element === null || element === undefined || typeof element === "boolean") return [];
  if (typeof element === "string" || typeof element === "number") return [String(element)];
  if (Array.isArray(element)) return element.flatMap((child) => elementTree(child));
  if (!isValidElement<Props>(element)) return [];
  const { type, props } = element;
  if (type === Fragment) return elementTree(props.children);
  if (typeof type === "function") {
    return elementTree((type as (props: Props) => ReactNode)(props));
  }
  if (typeof type !== "string") return [];
  return [{ tag: type, props, children: elementTree(props.children) }];
}
