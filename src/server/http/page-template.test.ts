import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readPageTemplate } from "./page-template.ts";

const LINK = '<link rel="stylesheet" crossorigin href="/assets/index-1.css">';

function templateWith(css: string | undefined): string {
  const dist = mkdtempSync(path.join(tmpdir(), "fhh-template-"));
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "index.html"), `<head>${LINK}</head>`);
  if (css !== undefined) writeFileSync(path.join(dist, "assets", "index-1.css"), css);
  return readPageTemplate(dist);
}

describe("the page template", () => {
  it("writes the build's stylesheet into the page in place of its link", () => {
    const css = ".a{color:red}.b{background:url(/images/x.svg)}.c{background:url(data:x)}";
    expect(templateWith(css)).toBe(`<head><style>${css}</style></head>`);
  });

  it("keeps the link for a stylesheet that would not work inside the page", () => {
    // The closing tag would end the element; a relative url() would resolve against the page.
    expect(templateWith('.a::after{content:"</style>"}')).toBe(`<head>${LINK}</head>`);
    expect(templateWith(".a{background:url(x.svg)}")).toBe(`<head>${LINK}</head>`);
    expect(templateWith(".a{background:url( '../x.svg')}")).toBe(`<head>${LINK}</head>`);
    expect(templateWith(undefined)).toBe(`<head>${LINK}</head>`);
  });
});
