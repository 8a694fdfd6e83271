// A page in Odia or Hindi carries a face cut to its own words: it must draw each of them as the
// whole face does (shaped here by HarfBuzz, as Chrome and Firefox shape; fontkit's own Indic
// shaper draws some Hindi words otherwise than either), be much smaller, and cost the server a
// cut only now and then.
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LanguageFontHeads } from "../../shared/i18n/fonts.ts";
import { seedLocalNames } from "../db/seed/local-names.ts";
import { writeLanguageFaces } from "../testing/language-faces.ts";
import { PAGE_FACE_ELEMENT, pageFaces } from "./page-faces.ts";
import { fromWoff2 } from "./woff2.ts";

const hb = await import("harfbuzzjs");
type Font = InstanceType<typeof hb.Font>;
const fontOf = (bytes: Uint8Array) => new hb.Font(new hb.Face(new hb.Blob(bytes)));

const ODIA_WORDS = ["ଭୁବନେଶ୍ୱର", "ଦୁଗ୍ଧଜାତ", "ଦ୍ରବ୍ୟ", "ଆପଣଙ୍କ", "ତାଜା", "ଜୈବିକ"];
const HINDI_WORDS = ["भुवनेश्वर", "सख़्त", "शर्तें", "उत्पाद", "भिंडी"];
const page = (words: string[]) =>
  `<header><a href="/or">${words[0]}</a></header><main><h1 class="x">${words.join(" ")}</h1><p>₹120.00 / ${words.at(-1)}</p></main>`;

let distDir: string;
let fonts: LanguageFontHeads;
const warnings: string[] = [];
const log = {
  warn: (_fields: unknown, message: string) => warnings.push(message),
  error: (_fields: unknown, message: string) => warnings.push(message),
} as unknown as FastifyBaseLogger;

beforeAll(() => {
  distDir = mkdtempSync(path.join(tmpdir(), "fhh-faces-"));
  fonts = writeLanguageFaces(distDir);
});
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

/** The face a page's head defines from a `data:` address, and the element's attributes. */
async function cutFace(markup: string): Promise<{ face: Font; size: number; attributes: string }> {
  const found = markup.match(
    new RegExp(`<style id="${PAGE_FACE_ELEMENT}"([^>]*)>.*base64,([A-Za-z0-9+/=]+)\\)`),
  );
  if (!found) throw new Error(`no cut face in ${markup.slice(0, 200)}`);
  const woff2 = Buffer.from(found[2]!, "base64");
  return {
    face: fontOf(await fromWoff2(woff2)),
    size: woff2.length,
    attributes: found[1]!,
  };
}

const wholeFace = async (locale: "or" | "hi") =>
  fontOf(await fromWoff2(readFileSync(path.join(distDir, fonts.pages[locale]!))));

/** Runs of the script: a space is drawn by the store's Latin font, not the language's face. */
const runsOf = (names: string[]) => names.flatMap((name) => name.split(" "));

function drawn(font: Font, word: string): string[] {
  const buffer = new hb.Buffer();
  buffer.addText(word);
  buffer.guessSegmentProperties();
  hb.shape(font, buffer);
  const positions = buffer.getGlyphPositions();
  return buffer
    .getGlyphInfos()
    .map(
      (glyph, index) =>
        `${glyph.codepoint}:${positions[index]!.xAdvance}:${positions[index]!.xOffset}`,
    );
}

// First in the file: the two faces are read while nothing of the cutter is loaded yet.
describe("a store's first pages", () => {
  it("cuts both languages' faces when their first pages are asked for at once", async () => {
    const faceOf = pageFaces({ distDir, fonts, log });
    const [odia, hindi] = await Promise.all([
      faceOf("or", page(ODIA_WORDS)),
      faceOf("hi", page(HINDI_WORDS)),
    ]);
    expect(odia).toContain('data-family="Noto Sans Oriya"');
    expect(hindi).toContain('data-family="Noto Sans Devanagari"');
    for (const markup of [odia, hindi]) expect(markup).toContain("base64,");
  });
});

describe.each([
  [
    "or" as const,
    "Noto Sans Oriya",
    [...ODIA_WORDS, ...Object.values(seedLocalNames).map((n) => n.or)],
  ],
  [
    "hi" as const,
    "Noto Sans Devanagari",
    [...HINDI_WORDS, ...Object.values(seedLocalNames).map((n) => n.hi)],
  ],
])("a page in %s", (locale, family, words) => {
  it("carries a face of its own words' glyphs, drawing each as the whole face does", async () => {
    const faceOf = pageFaces({ distDir, fonts, log });
    const markup = await faceOf(locale, page(words));
    const { face, size, attributes } = await cutFace(markup);
    const whole = await wholeFace(locale);
    for (const word of runsOf(words)) {
      expect(drawn(face, word), word).toEqual(drawn(whole, word));
      expect(drawn(face, word)).not.toContain("0:");
    }
    // What the browser needs to swap the whole face in after the first paint.
    expect(attributes).toContain(`data-family="${family}"`);
    expect(attributes).toContain(`data-href="${fonts.pages[locale]}"`);
    // Waited for, a few milliseconds: the words are never drawn in another font first.
    expect(markup).toContain("font-display:block");
    // Preloaded from the page itself, so it is ready before the words are first laid out; the
    // whole face is not preloaded.
    expect(markup).toMatch(
      /^<link rel="preload" as="font" type="font\/woff2" href="data:font\/woff2;base64,/,
    );
    expect(markup).not.toContain(`href="${fonts.pages[locale]}" crossorigin`);
    expect(size).toBeLessThan(0.5 * statSync(path.join(distDir, fonts.pages[locale]!)).size);
  });

  it("leaves out the words it does not show", async () => {
    const faceOf = pageFaces({ distDir, fonts, log });
    const [first, ...rest] = words;
    const { face } = await cutFace(await faceOf(locale, page([first!])));
    const whole = await wholeFace(locale);
    const otherwise = runsOf(rest).filter(
      (word) => drawn(face, word).join() !== drawn(whole, word).join(),
    );
    expect(otherwise.length).toBeGreaterThan(runsOf(rest).length / 2);
  });
});

describe("the faces a server cuts", () => {
  it("serves a page from a face already cut that holds its words, and cuts one for a page it would burden", async () => {
    const faceOf = pageFaces({ distDir, fonts, log });
    const many = await faceOf("or", page(ODIA_WORDS));
    // The same words in another page's markup: the same face, not a second cut.
    expect(await faceOf("or", `<div>${page([...ODIA_WORDS].reverse())}</div>`)).toBe(many);
    // Nearly all of them: still that face.
    expect(await faceOf("or", page(ODIA_WORDS.slice(0, -1)))).toBe(many);
    // One short word: a face of its own, a fraction of the size.
    const few = await faceOf("or", page(["ତାଜା"]));
    expect(few).not.toBe(many);
    expect(few.length).toBeLessThan(many.length / 2);
  });

  it("cuts at most thirty faces a minute, then sends a face it holds or the whole one", async () => {
    let clock = 0;
    const faceOf = pageFaces({ distDir, fonts, log, now: () => clock });
    // Thirty pages of one word each, each needing its own cut.
    const letters = [..."କଖଗଘଙଚଛଜଝଞଟଠଡଢଣତଥଦଧନପଫବଭମଯରଲଳଶ"].slice(0, 30);
    for (const letter of letters) {
      expect(await faceOf("or", page([`${letter}ା`]))).toContain(`id="${PAGE_FACE_ELEMENT}"`);
    }
    // The thirty-first: nothing cut holds ଷ, so the whole face, preloaded.
    const whole = await faceOf("or", page(["ଷା"]));
    expect(whole).toContain(
      `<link rel="preload" as="font" type="font/woff2" href="${fonts.pages.or}" crossorigin/>`,
    );
    expect(whole).toContain(`src:url(${fonts.pages.or})`);
    // A page that one of the thirty holds gets that one.
    expect(await faceOf("or", page(["କା"]))).toContain(`id="${PAGE_FACE_ELEMENT}"`);
    clock += 60_000;
    expect(await faceOf("or", page(["ଷା"]))).toContain(`id="${PAGE_FACE_ELEMENT}"`);
  });

  it("gives English pages no face and a page without the script's words the whole face, unloaded", async () => {
    const faceOf = pageFaces({ distDir, fonts, log });
    expect(await faceOf("en", page(["Fresh"]))).toBe("");
    const empty = await faceOf("hi", "<main>404</main>");
    expect(empty).toBe(
      `<style>@font-face{font-family:"Noto Sans Devanagari";font-style:normal;font-weight:400;font-display:swap;src:url(${fonts.pages.hi}) format("woff2");unicode-range:U+0900-0950,U+0955-0963,U+0966-0970,U+0964-0965,U+200C-200D,U+20B9,U+25CC}</style>`,
    );
  });

  it("sends the whole face, and says why once, when the face cannot be read", async () => {
    warnings.length = 0;
    const faceOf = pageFaces({
      distDir,
      fonts: { ...fonts, pages: { or: "/assets/missing.woff2" } },
      log,
    });
    const markups = await Promise.all([
      faceOf("or", page(ODIA_WORDS)),
      faceOf("or", page(ODIA_WORDS.slice(1))),
    ]);
    markups.push(await faceOf("or", page(ODIA_WORDS.slice(2))));
    for (const markup of markups) {
      expect(markup).toContain('href="/assets/missing.woff2"');
      expect(markup).not.toContain("base64");
    }
    expect(warnings).toEqual(["the language's face cannot be read: its pages get it whole"]);
  });
});
