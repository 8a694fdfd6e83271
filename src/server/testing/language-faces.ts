import { copyFileSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { LANGUAGE_FONTS, type LanguageFontHeads } from "../../shared/i18n/fonts.ts";

const require = createRequire(import.meta.url);

/**
 * Puts the languages' faces into a web build's assets as the build does (the registry's own
 * files standing in for the build's cut of them) and says where, as the build's font file does.
 */
export function writeLanguageFaces(distDir: string): LanguageFontHeads {
  mkdirSync(path.join(distDir, "assets"), { recursive: true });
  const pages: LanguageFontHeads["pages"] = {};
  for (const [locale, font] of Object.entries(LANGUAGE_FONTS)) {
    const href = `/assets/face-${locale}-abc123.woff2`;
    copyFileSync(require.resolve(font.file), path.join(distDir, href));
    pages[locale as keyof typeof pages] = href;
  }
  return { pages, names: "<style>/* names */</style>" };
}
