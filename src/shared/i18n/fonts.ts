import type { Locale } from "./locales.ts";

/**
 * The script each language needs beyond Latin, from the npm registry's Noto subsets: only that
 * script's glyphs, so Latin text keeps the store's own font, and only on that language's pages.
 * The page's first weight is preloaded; bold is asked for when the page uses it.
 */
export const LANGUAGE_FONTS: Partial<
  Record<Locale, { family: string; unicodeRange: string; files: Record<400 | 700, string> }>
> = {
  or: {
    family: "Noto Sans Oriya",
    unicodeRange: "U+0951-0952,U+0964-0965,U+0B01-0B77,U+1CDA,U+1CF2,U+200C-200D,U+20B9,U+25CC",
    files: {
      400: "@fontsource/noto-sans-oriya/files/noto-sans-oriya-oriya-400-normal.woff2",
      700: "@fontsource/noto-sans-oriya/files/noto-sans-oriya-oriya-700-normal.woff2",
    },
  },
  hi: {
    family: "Noto Sans Devanagari",
    unicodeRange:
      "U+0900-097F,U+1CD0-1CF9,U+200C-200D,U+20A8,U+20B9,U+20F0,U+25CC,U+A830-A839,U+A8E0-A8FF,U+11B00-11B09",
    files: {
      400: "@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2",
      700: "@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff2",
    },
  },
};

/** Where the build writes each language's font faces for the server (scripts/language-fonts.ts). */
export const LANGUAGE_FONTS_FILE = ".vite/language-fonts.json";

/**
 * What goes into a page's `<head>`: per language, the markup that defines its font and preloads
 * its regular weight; and for every storefront page, a face of only the glyphs that name the
 * languages (a kilobyte or two each), so the language switch reads on a device without the
 * other scripts' fonts.
 */
export type LanguageFontHeads = { pages: Partial<Record<Locale, string>>; names: string };

/** The family of that last face, after the languages' own in the store's font list. */
export const LANGUAGE_NAMES_FAMILY = "Language Names";
