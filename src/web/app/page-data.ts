import type { DehydratedState } from "@tanstack/react-query";

/** The element the server writes a page's data into and the browser reads it from. */
const PAGE_DATA_ID = "page-data";

/**
 * A JSON block, which the browser never runs (so the Content-Security-Policy allows it). "<"
 * is escaped so no text inside can close the element.
 */
export function pageDataScript(state: DehydratedState): string {
  const json = JSON.stringify(state)
    .replaceAll("<", "\\u003c")
    .replaceAll("\u2028", "\\u2028")
    .replaceAll("\u2029", "\\u2029");
  return `<script type="application/json" id="${PAGE_DATA_ID}">${json}</script>`;
}

export function readPageData(): DehydratedState | undefined {
  const text = document.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as DehydratedState;
  } catch {
    // The page then fetches what it shows, as a page the browser draws itself does.
    return undefined;
  }
}
