// The storefront's Odia and Hindi faces are cut to the letters each language writes today: every
// word the store says and every product name it is seeded with must still be drawn whole by the
// cut face, conjuncts and all, exactly as the full face draws it.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { beforeAll, describe, expect, it } from "vitest";
import { seedLocalNames } from "../src/server/db/seed/local-names.ts";
import { LANGUAGE_FONTS } from "../src/shared/i18n/fonts.ts";
import { charactersOf, cut } from "./language-fonts.ts";
import { compiledTexts } from "./page-texts.ts";

type Glyph = { id: number; advanceWidth: number };
type Font = {
  layout(text: string): { glyphs: Glyph[] };
  hasGlyphForCodePoint(code: number): boolean;
};
const require = createRequire(import.meta.url);
const fontkit = require("fontkit") as { create(buffer: Buffer): Font };

/** What each language writes in its own script: its catalogues' texts and the seeded names. */
function wordsOf(locale: "or" | "hi"): string[] {
  const texts = JSON.stringify(compiledTexts().get(locale));
  const names = Object.values(seedLocalNames).map((name) => name[locale]);
  const script =
    locale === "or" ? /[\u0B00-\u0B7F\u200C\u200D]+/g : /[\u0900-\u097F\u200C\u200D]+/g;
  return [...new Set([...`${texts} ${names.join(" ")}`.matchAll(script)].map(([word]) => word))];
}

const faces = new Map<string, { full: Font; cutFace: Font; size: number; fullSize: number }>();
beforeAll(async () => {
  for (const [locale, font] of Object.entries(LANGUAGE_FONTS)) {
    const file = await readFile(require.resolve(font.file));
    const cutFile = await cut(font.file, charactersOf(font.letters));
    faces.set(locale, {
      full: fontkit.create(file),
      cutFace: fontkit.create(cutFile),
      size: cutFile.length,
      fullSize: file.length,
    });
  }
}, 60_000);

describe.each(["or", "hi"] as const)("the %s face the storefront serves", (locale) => {
  it("has every letter the store's texts and product names write", () => {
    const letters = new Set(charactersOf(LANGUAGE_FONTS[locale]!.letters));
    const missing = new Set(
      wordsOf(locale)
        .flatMap((word) => [...word])
        .filter((c) => !letters.has(c)),
    );
    expect([...missing]).toEqual([]);
    // Each letter the full face draws in that range (some code points are unassigned).
    const { full, cutFace } = faces.get(locale)!;
    const drawn = [...letters].filter((letter) =>
      full.hasGlyphForCodePoint(letter.codePointAt(0)!),
    );
    expect(drawn.length).toBeGreaterThan(80);
    for (const letter of drawn) {
      expect(cutFace.hasGlyphForCodePoint(letter.codePointAt(0)!), letter).toBe(true);
    }
  });

  it("draws every word as the full face does, conjuncts and all", () => {
    const { full, cutFace } = faces.get(locale)!;
    const words = wordsOf(locale);
    expect(words.length).toBeGreaterThan(300);
    for (const word of words) {
      const want = full.layout(word).glyphs.map((glyph) => glyph.advanceWidth);
      const drawn = cutFace.layout(word).glyphs;
      expect(
        drawn.some((glyph) => glyph.id === 0),
        word,
      ).toBe(false);
      expect(
        drawn.map((glyph) => glyph.advanceWidth),
        word,
      ).toEqual(want);
    }
  });

  it("is smaller than the face it is cut from", () => {
    const { size, fullSize } = faces.get(locale)!;
    expect(size).toBeLessThan(fullSize * 0.95);
  });
});
