import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readPageTemplate, takeHeadScripts } from "./page-template.ts";

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

  it("takes the build's scripts out of the head, the entry first", () => {
    const head =
      '<head><title>t</title>\n    <script type="module" crossorigin src="/assets/index-1.js"></script>' +
      '\n    <link rel="modulepreload" crossorigin href="/assets/react-2.js">' +
      '\n    <link rel="modulepreload" crossorigin href="/assets/query-3.js"></head>';
    expect(takeHeadScripts(head)).toEqual({
      template: "<head><title>t</title></head>",
      scripts: ["/assets/index-1.js", "/assets/react-2.js", "/assets/query-3.js"],
    });
  });

  it("leaves a head it does not understand as it is", () => {
    // Two entries, or none: which one starts the app is not known.
    const two =
      '<head><script type="module" src="/assets/a.js"></script><script type="module" src="/assets/b.js"></script></head>';
    expect(takeHeadScripts(two)).toEqual({ template: two, scripts: [] });
    const none = '<head><link rel="modulepreload" href="/assets/a.js"></head>';
    expect(takeHeadScripts(none)).toEqual({ template: none, scripts: [] });
  });
});
