import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import subsetFont from "subset-font";
import type { Plugin } from "vite";
import {
  LANGUAGE_FONTS,
  LANGUAGE_FONTS_FILE,
  LANGUAGE_NAMES_FAMILY,
  type LanguageFontHeads,
} from "../src/shared/i18n/fonts.ts";
import { LOCALE_INFO, type Locale } from "../src/shared/i18n/locales.ts";

const require = createRequire(import.meta.url);

/**
 * A face for `unicodeRange` of `family`, from a built font file. A preloaded face swaps in (it is
 * there before the first paint, or nearly); the bold text face is `optional`: swapped in late it
 * moved the hero's and the shop's headings (layout shift), so a first visit that does not have
 * it in time keeps the fallback for that page, and the next page has it from the cache.
 */
const face = (
  family: string,
  weight: string,
  href: string,
  unicodeRange: string,
  display: "swap" | "optional" = "swap",
) =>
  `@font-face{font-family:"${family}";font-style:normal;font-weight:${weight};font-display:${display};src:url(${href}) format("woff2");unicode-range:${unicodeRange}}`;

const preloadOf = (href: string) =>
  `<link rel="preload" as="font" type="font/woff2" href="${href}" crossorigin/>`;

/** The exact code points of `text`, as a unicode-range. */
const rangeOf = (text: string) =>
  [...new Set(text)]
    .map((char) => `U+${char.codePointAt(0)!.toString(16).toUpperCase()}`)
    .join(",");

/**
 * Writes each language's font files into the browser's build as hashed assets (kept a year, as
 * the other assets) and, for the server, the `<head>` markup that defines and preloads them
 * (decision 56): the server puts a language's only into pages in that language, and the faces of
 * the languages' own names into every storefront page.
 */
export function languageFonts(): Plugin {
  return {
    name: "fhh-language-fonts",
    async generateBundle() {
      if (this.environment.name !== "client") return;
      const emit = (name: string, source: Buffer) =>
        `/${this.getFileName(this.emitFile({ type: "asset", name, source }))}`;
      const heads: LanguageFontHeads = { pages: {}, names: "" };
      const nameFaces: string[] = [];
      for (const [locale, font] of Object.entries(LANGUAGE_FONTS)) {
        const faces: string[] = [];
        let preload = "";
        for (const [weight, module] of Object.entries(font.files)) {
          const href = emit(module.split("/").pop()!, await readFile(require.resolve(module)));
          if (weight === "400") preload = preloadOf(href);
          faces.push(
            face(
              font.family,
              weight,
              href,
              font.unicodeRange,
              weight === "400" ? "swap" : "optional",
            ),
          );
        }
        heads.pages[locale as Locale] = `${preload}<style>${faces.join("")}</style>`;
        // The switch writes the names in semibold: the bold face is the nearest.
        const name = LOCALE_INFO[locale as Locale].name;
        const names = await subsetFont(await readFile(require.resolve(font.files[700])), name, {
          targetFormat: "woff2",
        });
        const href = emit(`language-name-${locale}.woff2`, names);
        // Optional too: a device whose own fonts write the name never waits or shifts for it.
        nameFaces.push(face(LANGUAGE_NAMES_FAMILY, "700", href, rangeOf(name), "optional"));
      }
      heads.names = `<style>${nameFaces.join("")}</style>`;
      this.emitFile({
        type: "asset",
        fileName: LANGUAGE_FONTS_FILE,
        source: JSON.stringify(heads),
      });
    },
  };
}
