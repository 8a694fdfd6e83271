// One mail from one component: its HTML, and its plain text written from the same tree.
import type { ReactElement } from "react";
import { plainTextOf } from "../../markup/plain-text.ts";
import { renderHtmlDocument } from "../../markup/render-html.ts";

export type RenderedEmail = { html: string; text: string };

export function renderEmail(element: ReactElement): RenderedEmail {
  return { html: renderHtmlDocument(element), text: plainTextOf(element) };
}
