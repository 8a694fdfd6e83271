// What tests of server-rendered HTML (mails, GST documents) read: the parsed document (jsdom's
// DOMParser, in suites that run under `// @vitest-environment jsdom`) and an element's visible text.

export const parseHtml = (html: string) => new DOMParser().parseFromString(html, "text/html");

/** The visible text, with a space between elements' texts as a reader sees it. */
export function visibleText(element: Element | null | undefined): string {
  if (!element) return "";
  const walker = element.ownerDocument.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const parts: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) parts.push(node.nodeValue!);
  return parts.join(" ").replace(/\s+/g, " ").trim();
}
