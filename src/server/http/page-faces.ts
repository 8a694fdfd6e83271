import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import {
  fontFaceRule,
  LANGUAGE_FONTS,
  type LanguageFontHeads,
  spansOf,
} from "../../shared/i18n/fonts.ts";
import { LOCALE_INFO, type Locale } from "../../shared/i18n/locales.ts";
import type { Drawing, FontCutter } from "./font-cutter.ts";
import { fromWoff2, toWoff2 } from "./woff2.ts";

/** Faces cut for pages, kept for reuse: a page whose glyphs one of them holds takes it. */
const MAX_KEPT_FACES = 64;
/**
 * A kept face with this many times the page's glyphs, or fewer, serves it; a larger one costs the
 * page's first paint more than a cut costs the server, while cuts are allowed.
 */
const NEAR_ENOUGH = 1.2;
/** Runs of words shaped, kept: a store's pages say a few thousand different words. */
const MAX_KEPT_RUNS = 20_000;
/**
 * Faces cut in a minute at most. Each costs the server some 100 ms (most of it WOFF2's
 * compression); a page beyond them (a flood of made-up searches, say) gets the whole face.
 */
const CUTS_PER_MINUTE = 30;
/** The element the browser swaps the whole face in for after the first paint (page-scripts.ts). */
export const PAGE_FACE_ELEMENT = "page-face";

/** A cut, and the runs it has been checked to draw as the whole face does. */
type Face = {
  glyphs: Set<number>;
  letters: Set<number>;
  markup: string;
  bytes: Uint8Array;
  checked: Set<string>;
};
type Language = {
  family: string;
  letters: string;
  href: string;
  words: RegExp;
  /** None when the face cannot be read: said once, and its pages get the whole face. */
  cutter: Promise<FontCutter | undefined>;
  /** Each run's drawing and glyphs; `traced` once a cut without it drew the run otherwise. */
  runs: Map<string, { drawing: Drawing; glyphs: number[]; traced?: number[] }>;
  faces: Face[];
};

/** The page's words in a face's letters: each run is shaped on its own, as the browser does. */
function wordsPattern(unicodeRange: string): RegExp {
  const spans = spansOf(unicodeRange).map(
    ([from, to]) => `\\u{${from.toString(16)}}-\\u{${to.toString(16)}}`,
  );
  return new RegExp(`[${spans.join("")}]+`, "gu");
}

const preloadOf = (href: string) =>
  `<link rel="preload" as="font" type="font/woff2" href="${href}" crossorigin/>`;

/**
 * The face a page in Odia or Hindi is drawn with (decision 56): cut to the glyphs of its own
 * words (10 to 18 KB, where the language's whole face is 37) and written into the page, so the
 * first paint on a phone waits for no font file; the browser swaps the whole face in after the
 * first paint, for what the page shows next. The cut is checked before it is used: every
 * run of the page's words drawn by it exactly as by the whole face, or the page gets the whole
 * face, preloaded. English pages need neither.
 */
export function pageFaces({
  distDir,
  fonts,
  log,
  now = Date.now,
}: {
  distDir: string;
  fonts: LanguageFontHeads;
  log: FastifyBaseLogger;
  now?: () => number;
}): (locale: Locale, html: string) => Promise<string> {
  const languages = new Map<Locale, Language>();
  let minuteStarted = now();
  let cutsThisMinute = 0;

  function language(locale: Locale): Language | undefined {
    const font = LANGUAGE_FONTS[locale];
    const href = fonts.pages[locale];
    if (!font || !href) return undefined;
    let known = languages.get(locale);
    if (!known) {
      known = {
        family: font.family,
        letters: font.letters,
        href,
        words: wordsPattern(font.letters),
        cutter: openCutter(path.join(distDir, href), LOCALE_INFO[locale].htmlLang).catch(
          (error: unknown) => {
            log.error(
              { err: error, locale },
              "the language's face cannot be read: its pages get it whole",
            );
            return undefined;
          },
        ),
        runs: new Map(),
        faces: [],
      };
      languages.set(locale, known);
    }
    return known;
  }

  // The whole face swaps in (shown in the device's font meanwhile); the page's own cut, in the
  // page itself, is ready a few milliseconds after the page is read, and the browser waits for it:
  // drawn first in the device's font (boxes, on a phone without the script), the words would
  // shift when it came.
  const faceRule = (known: Language, source: string, display: "swap" | "block" = "swap") =>
    fontFaceRule(known.family, source, known.letters, display);
  const wholeFace = (known: Language) =>
    `${preloadOf(known.href)}<style>${faceRule(known, known.href)}</style>`;

  function mayCut(): boolean {
    if (now() - minuteStarted >= 60_000) {
      minuteStarted = now();
      cutsThisMinute = 0;
    }
    if (cutsThisMinute >= CUTS_PER_MINUTE) return false;
    cutsThisMinute++;
    return true;
  }

  async function cutFor(known: Language, html: string): Promise<string> {
    const runs = [...new Set(html.match(known.words) ?? [])];
    // Nothing to draw yet: the whole face, fetched only if the page comes to show a word.
    if (runs.length === 0) return `<style>${faceRule(known, known.href)}</style>`;
    const cutter = await known.cutter;
    if (!cutter) return wholeFace(known);
    const glyphs = new Set<number>();
    const letters = new Set<number>();
    const shapes = runs.map((run) => {
      let shaped = known.runs.get(run);
      if (!shaped) {
        shaped = cutter.shape(run);
        if (known.runs.size >= MAX_KEPT_RUNS) known.runs.clear();
        known.runs.set(run, shaped);
      }
      for (const glyph of shaped.traced ?? shaped.glyphs) glyphs.add(glyph);
      for (const letter of run) letters.add(letter.codePointAt(0)!);
      return shaped;
    });
    const holds = (face: Face) =>
      [...glyphs].every((glyph) => face.glyphs.has(glyph)) &&
      [...letters].every((letter) => face.letters.has(letter));
    const drawings = shapes.map((shaped) => shaped.drawing);
    // A cut holding the page's drawn glyphs may still lack a step of a conjunct it never drew.
    const drawsPage = (face: Face) => {
      const unchecked = runs.flatMap((run, index) => (face.checked.has(run) ? [] : [index]));
      const otherwise = cutter.drawnOtherwise(
        face.bytes,
        unchecked.map((index) => runs[index]!),
        unchecked.map((index) => drawings[index]!),
      );
      if (otherwise.length > 0) return false;
      for (const index of unchecked) face.checked.add(runs[index]!);
      return true;
    };
    const holding = known.faces.filter(holds).sort((a, b) => a.glyphs.size - b.glyphs.size);
    const near = holding.find(
      (face) => face.glyphs.size <= glyphs.size * NEAR_ENOUGH && drawsPage(face),
    );
    if (near) return near.markup;
    if (!mayCut()) return holding.find(drawsPage)?.markup ?? wholeFace(known);
    let face = cutter.cut(letters, glyphs);
    let otherwise = cutter.drawnOtherwise(face, runs, drawings);
    // Most words are drawn by their own glyphs; a conjunct made in steps needs the steps' too.
    if (otherwise.length > 0) {
      for (const index of otherwise) {
        const shaped = shapes[index]!;
        shaped.traced ??= cutter.trace(runs[index]!);
        for (const glyph of shaped.traced) glyphs.add(glyph);
      }
      face = cutter.cut(letters, glyphs);
      otherwise = cutter.drawnOtherwise(face, runs, drawings);
    }
    if (otherwise.length > 0) {
      log.warn(
        { family: known.family, words: otherwise.length },
        "a page's cut face draws some of its words otherwise: the whole face is sent",
      );
      return wholeFace(known);
    }
    const woff2 = Buffer.from(await toWoff2(face)).toString("base64");
    const source = `data:font/woff2;base64,${woff2}`;
    const markup =
      preloadOf(source) +
      `<style id="${PAGE_FACE_ELEMENT}" data-family="${known.family}" data-href="${known.href}" data-letters="${known.letters}">` +
      `${faceRule(known, source, "block")}</style>`;
    if (known.faces.length >= MAX_KEPT_FACES) known.faces.shift();
    known.faces.push({ glyphs, letters, markup, bytes: face, checked: new Set(runs) });
    return markup;
  }

  return async (locale, html) => {
    const known = language(locale);
    if (!known) return "";
    try {
      return await cutFor(known, html);
    } catch (error) {
      log.error({ err: error, locale }, "a page's face could not be cut: the whole face is sent");
      return wholeFace(known);
    }
  };
}

async function openCutter(file: string, language: string): Promise<FontCutter> {
  const { openFontCutter } = await import("./font-cutter.ts");
  return openFontCutter(await fromWoff2(await readFile(file)), language);
}
