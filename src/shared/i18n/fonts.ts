import type { Locale } from "./locales.ts";

/**
 * The script each language needs beyond Latin, from the npm registry's Noto faces: one weight
 * (headings are made bold by the browser), cut at build time to the letters, signs and digits
 * the language writes today (`letters`, which is also the face's unicode-range), so Latin text
 * keeps the store's own font and a rare or historic sign is drawn by the device's own font. Only
 * on that language's pages: each page carries a cut of it to its own words, and the browser
 * fetches this face after the first paint (decision 56, server/http/page-faces.ts).
 */
export const LANGUAGE_FONTS: Partial<
  Record<Locale, { family: string; letters: string; file: string }>
> = {
  or: {
    family: "Noto Sans Oriya",
    // Odia's letters and signs, digits and the isshar and wa; the danda, joiners, rupee sign
    // and the dotted circle a lone vowel sign is drawn on.
    letters: "U+0B01-0B63,U+0B66-0B71,U+0964-0965,U+200C-200D,U+20B9,U+25CC",
    file: "@fontsource/noto-sans-oriya/files/noto-sans-oriya-oriya-400-normal.woff2",
  },
  hi: {
    family: "Noto Sans Devanagari",
    // Devanagari's letters and signs with nukta forms, Om, digits and the abbreviation sign; not
    // the Vedic accents or the letters of other languages written in it.
    letters: "U+0900-0950,U+0955-0963,U+0966-0970,U+0964-0965,U+200C-200D,U+20B9,U+25CC",
    file: "@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2",
  },
};

/** Where the build writes each language's font faces for the server (scripts/language-fonts.ts). */
export const LANGUAGE_FONTS_FILE = ".vite/language-fonts.json";

/**
 * What the build tells the server of the faces: per language, the address of its face (the
 * server cuts each page's own face from it and the browser swaps it in after the first paint,
 * page-faces.ts); and for every storefront page, the markup of a face of only the glyphs that
 * name the languages (a kilobyte or two each), so the language switch reads on a device without
 * the other scripts' fonts.
 */
export type LanguageFontHeads = { pages: Partial<Record<Locale, string>>; names: string };

/** The family of that last face, after the languages' own in the store's font list. */
export const LANGUAGE_NAMES_FAMILY = "Language Names";

/**
 * An `@font-face` rule for one face of `family`: regular, so the browser makes it bold where the
 * page asks (the headings).
 */
export const fontFaceRule = (
  family: string,
  source: string,
  unicodeRange: string,
  display: "swap" | "block" | "optional",
) =>
  `@font-face{font-family:"${family}";font-style:normal;font-weight:400;font-display:${display};src:url(${source}) format("woff2");unicode-range:${unicodeRange}}`;

/** The code point spans a unicode-range ("U+0B01-0B63,U+20B9") covers, each as [first, last]. */
export const spansOf = (unicodeRange: string): [number, number][] =>
  unicodeRange.split(",").map((part) => {
    const [from = "", to = from] = part.trim().replace(/^U\+/i, "").split("-");
    return [Number.parseInt(from, 16), Number.parseInt(to, 16)];
  });
