import { createHash } from "node:crypto";

/** Pictures the first paint waits for longer than this do not hold the scripts back any more. */
const PICTURE_WAIT_MS = 2000;

/**
 * Runs in the browser, written into each page the server draws. It asks for the page's scripts
 * once the first screen is painted, the first row's pictures included: on a phone over 4G,
 * scripts asked for with the page share its bandwidth with those pictures and hold back the
 * largest paint, while the page is already drawn and waits for nothing in them. The frame after
 * the pictures are ready is the one that shows them. A tab opened in the background paints
 * nothing, so it asks at once. Plain ES2020 in a string: a compiled function would carry the
 * compiler's helpers.
 */
export const STARTER = `(() => {
  const files = JSON.parse(document.getElementById("page-scripts").textContent);
  const load = () => {
    for (const file of files.slice(1)) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = file;
      document.head.append(link);
    }
    const entry = document.createElement("script");
    entry.type = "module";
    entry.crossOrigin = "";
    entry.src = files[0];
    document.head.append(entry);
  };
  if (document.visibilityState === "hidden") return load();
  const pictures = Array.from(document.querySelectorAll('img[fetchpriority="high"]'), (picture) =>
    picture.decode().catch(() => undefined),
  );
  const waited = new Promise((resolve) => setTimeout(resolve, ${PICTURE_WAIT_MS}));
  Promise.race([Promise.all(pictures), waited]).then(() =>
    requestAnimationFrame(() => setTimeout(load, 0)),
  );
})()`;

/** The content security policy's allowance for the starter, the only script written in a page. */
export const PAGE_SCRIPTS_SOURCE = `'sha256-${createHash("sha256").update(STARTER).digest("base64")}'`;

/** The end of a drawn page: its scripts (the entry first) and the starter that asks for them. */
export function pageScripts(files: string[]): string {
  const list = JSON.stringify(files).replaceAll("<", "\\u003c");
  return `<script type="application/json" id="page-scripts">${list}</script><script>${STARTER}</script>`;
}
