// Emails and GST documents are React components rendered here to static HTML. React escapes every
// text and attribute value it is given, so what shoppers and staff typed cannot become markup, and
// no piece of a mail or document builds HTML out of strings.
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/** A whole HTML5 document: the doctype React does not write, then the element's markup. */
export function renderHtmlDocument(element: ReactElement): string {
  return `<!DOCTYPE html>\n${renderToStaticMarkup(element)}\n`;
}
