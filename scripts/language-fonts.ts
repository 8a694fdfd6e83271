import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import subsetFont from "subset-font";
import type { Plugin } from "vite";
import {
  fontFaceRule,
  LANGUAGE_FONTS,
  LANGUAGE_FONTS_FILE,
  LANGUAGE_NAMES_FAMILY,
  type LanguageFontHeads,
  spansOf,
} from "../src/shared/i18n/fonts.ts";
import { LOCALE_INFO, type Locale } from "../src/shared/i18n/locales.ts";

const require = createRequire(import.meta.url);

/** The exact code points of `text`, as a unicode-range. */
const rangeOf = (text: string) =>
  [...new Set(text)]
    .map((char) => `U+${char.codePointAt(0)!.toString(16).toUpperCase()}`)
    .join(",");

/** Every character a unicode-range ("U+0B01-0B63,U+20B9") covers. */
export function charactersOf(unicodeRange: string): string {
  let characters = "";
  for (const [from, to] of spansOf(unicodeRange)) {
    for (let code = from; code <= to; code++) characters += String.fromCodePoint(code);
  }
  return characters;
}

/** The face cut to `characters` (with every glyph their shaping can reach), as WOFF2. */
export const cut = async (module: string, characters: string) =>
  subsetFont(await readFile(require.resolve(module)), characters, {
    targetFormat: "woff2",
    noHinting: true,
  });

/**
 * Writes each language's font files into the browser's build as hashed assets (kept a year, as
 * the other assets) and, for the server, their addresses and the `<head>` markup of the
 * languages' own names, which every storefront page carries (decision 56). The languages' names
 * are `optional`: a device whose own fonts write them never waits or shifts.
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
        const letters = await cut(font.file, charactersOf(font.letters));
        const href = emit(font.file.split("/").pop()!, letters);
        heads.pages[locale as Locale] = href;
        const name = LOCALE_INFO[locale as Locale].name;
        const names = emit(`language-name-${locale}.woff2`, await cut(font.file, name));
        nameFaces.push(fontFaceRule(LANGUAGE_NAMES_FAMILY, names, rangeOf(name), "optional"));
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
