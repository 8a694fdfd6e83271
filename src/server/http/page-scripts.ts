import { createHash } from "node:crypto";
import { PAGE_TEXTS_ELEMENT } from "../../shared/contracts/page-render.ts";
import { PAGE_FACE_ELEMENT } from "./page-faces.ts";

/** Pictures the first paint waits for longer than this do not hold the scripts back any more. */
const PICTURE_WAIT_MS = 2000;
/** Scripts asked for per task: each costs a slow phone a few milliseconds, twenty at once 60 ms. */
const SCRIPTS_PER_TASK = 2;

/**
 * Runs in the browser, written into each page the server draws. It asks for the page's scripts
 * once the first screen is painted, the first row's pictures included: on a phone over 4G,
 * scripts asked for with the page share its bandwidth with those pictures and hold back the
 * largest paint, while the page is already drawn and waits for nothing in them. The frame after
 * the pictures are ready is the one that shows them. It waits, too, for the first contentful paint
 * to be on screen (its entry comes when the frame is shown, after the frame's callbacks have run):
 * a page of Odia or Hindi text takes a slow phone a while to draw, and scripts asked for meanwhile
 * arrive before the words are shown. A tab opened in the background paints nothing, so it asks at
 * once. A page drawn with its own cut of its script's face (page-faces.ts) asks for the whole
 * face with its scripts, so the words the page shows once live (a dialog, a toast) find it there;
 * the cut goes when the whole face is in, and the words on screen do not move, being the same
 * glyphs. Plain ES2020 in a string: a compiled
 * function would carry the compiler's helpers.
 */
export const STARTER = `(() => {
  const BATCH = ${SCRIPTS_PER_TASK};
  const files = JSON.parse(document.getElementById("page-scripts").textContent);
  const load = (from = 0) => {
    const elements = document.createDocumentFragment();
    for (const [index, file] of files.slice(from, from + BATCH).entries()) {
      const element = document.createElement(from + index === 0 ? "script" : "link");
      if (from + index === 0) element.type = "module";
      else element.rel = "modulepreload";
      element.crossOrigin = "";
      element[from + index === 0 ? "src" : "href"] = file;
      elements.append(element);
    }
    document.body.append(elements);
    if (from + BATCH < files.length) setTimeout(() => load(from + BATCH), 0);
  };
  const cut = document.getElementById("${PAGE_FACE_ELEMENT}");
  const swapFace = () => {
    if (!cut) return;
    const { family, href, letters } = cut.dataset;
    const whole = new FontFace(family, "url(" + href + ")", { unicodeRange: letters, display: "swap" });
    whole.load().then(() => {
      document.fonts.add(whole);
      cut.remove();
    }, () => undefined);
  };
  const start = () => {
    load();
    swapFace();
  };
  if (document.visibilityState === "hidden") return start();
  const pictures = Array.from(document.querySelectorAll('img[fetchpriority="high"]'), (picture) =>
    picture.decode().catch(() => undefined),
  );
  const painted = new Promise((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) return resolve();
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: "paint", buffered: true });
  });
  const waited = new Promise((resolve) => setTimeout(resolve, ${PICTURE_WAIT_MS}));
  Promise.race([Promise.all([painted, ...pictures]), waited]).then(() =>
    requestAnimationFrame(() => setTimeout(start, 0)),
  );
})()`;

/** The content security policy's allowance for the starter, the only script written in a page. */
export const PAGE_SCRIPTS_SOURCE = `'sha256-${createHash("sha256").update(STARTER).digest("base64")}'`;

/** A JSON block the browser reads and never runs; no "<" inside can close it. */
const jsonBlock = (id: string, value: unknown) =>
  `<script type="application/json" id="${id}">${JSON.stringify(value).replaceAll("<", "\\u003c")}</script>`;

/** The end of a drawn page: its scripts (the entry first) and the starter that asks for them. */
export function pageScripts(files: string[]): string {
  return `${jsonBlock("page-scripts", files)}<script>${STARTER}</script>`;
}

/**
 * The JSON block that tells the browser where each of the page's texts is (null: the page has
 * none in its language), so it loads them without first fetching its language's index of them.
 */
export function textsAddresses(
  modules: Record<string, string>,
  fileOf: (module: string) => string | undefined,
): string {
  const addresses = Object.fromEntries(
    Object.entries(modules).map(([name, module]) => [name, fileOf(module) ?? null]),
  );
  return jsonBlock(PAGE_TEXTS_ELEMENT, addresses);
}
