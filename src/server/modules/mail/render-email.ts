// One mail from one component: its HTML, and the plain-text part made from that HTML.
import type { ReactElement } from "react";
import { htmlToPlainText } from "../../markup/plain-text.ts";
import { renderHtmlDocument } from "../../markup/render-html.ts";

export type RenderedEmail = { html: string; text: string };

export function renderEmail(element: ReactElement): RenderedEmail {
  const html = renderHtmlDocument(element);
  return { html, text: htmlToPlainText(html) };
}
