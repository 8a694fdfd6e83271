import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BrandMark } from "./brand-mark.tsx";

const FAVICON = new URL("../public/images/favicon.svg", import.meta.url);

/** The shapes alone: what the page draws and what the tab shows must not drift apart. */
const shapes = (svg: string) =>
  svg
    .replace(/^<svg[^>]*>/, "")
    .replace(/<\/svg>\s*$/, "")
    .replace(/><\/(circle|path)>/g, "/>")
    .trim();

describe("BrandMark", () => {
  it("draws the favicon's shapes", () => {
    const drawn = renderToStaticMarkup(<BrandMark className="h-9 w-9" />);
    expect(shapes(drawn)).toBe(shapes(readFileSync(FAVICON, "utf8")));
  });

  it("is hidden from assistive technology and sized by its class", () => {
    const drawn = renderToStaticMarkup(<BrandMark className="h-9 w-9" />);
    expect(drawn).toMatch(/^<svg [^>]*aria-hidden="true"[^>]*class="h-9 w-9"/);
  });
});
