// The faces a GST document's PDF is drawn in (decision 57): DejaVu Sans for Latin text, figures and
// the rupee sign, in every PDF; Noto Sans Oriya and Noto Sans Devanagari, the storefront's own
// script subsets (decision 56), only for the text in those scripts, so a document embeds a face
// only when it prints that script and an English PDF carries DejaVu alone. PDFKit shapes with
// fontkit, whose Indic shaper gives the same glyphs and positions as HarfBuzz for every Odia and
// Hindi text in the catalogues (conjuncts, reph, pre-base matras): checked when this was written.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { inflateSync } from "node:zlib";

/** The faces of a document's text: Latin (and everything else) in DejaVu, the two scripts in Noto. */
export type Face = "latin" | "oriya" | "devanagari";

const require = createRequire(import.meta.url);

/**
 * The Noto faces as the storefront's packages ship them. WOFF, not the WOFF2 the pages load:
 * fontkit cannot subset a WOFF2 font whose glyph table is transformed (foliojs/fontkit#201: the
 * subset comes out broken or throws), and PDFKit embeds every font as a subset. Unpacked to a
 * plain TrueType file once (`sfntOf`).
 */
const FILES: Record<Face, { regular: () => string; bold: () => string }> = {
  latin: {
    regular: () => join(dejaVuFolder(), "DejaVuSans.ttf"),
    bold: () => join(dejaVuFolder(), "DejaVuSans-Bold.ttf"),
  },
  oriya: {
    regular: () =>
      require.resolve("@fontsource/noto-sans-oriya/files/noto-sans-oriya-oriya-400-normal.woff"),
    bold: () =>
      require.resolve("@fontsource/noto-sans-oriya/files/noto-sans-oriya-oriya-700-normal.woff"),
  },
  devanagari: {
    regular: () =>
      require.resolve(
        "@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff",
      ),
    bold: () =>
      require.resolve(
        "@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff",
      ),
  },
};

const dejaVuFolder = () => join(dirname(require.resolve("dejavu-fonts-ttf/package.json")), "ttf");

const read = new Map<string, Buffer>();
const parsed = new Map<string, object>();

/**
 * What a document registers a Noto face from: the font as fontkit parsed it for an earlier
 * document, or its file for the first. Parsing the scripts' substitution and positioning tables
 * (Devanagari's are large) cost more than laying out the whole invoice; the parsed font only
 * caches what it reads, and each document still embeds its own subset.
 */
export const fontSource = (face: Face, bold: boolean): Buffer | object =>
  parsed.get(fontName(face, bold)) ?? fontFile(face, bold);

/** Keeps a face as fontkit parsed it (PDFKit's font object holds it), for the next documents. */
export function keepParsed(face: Face, bold: boolean, font: object) {
  parsed.set(fontName(face, bold), font);
}

/** A face's font file, read once, on the first PDF that needs it (DejaVu is some 700 KB). */
export function fontFile(face: Face, bold: boolean): Buffer {
  const name = fontName(face, bold);
  let file = read.get(name);
  if (!file) {
    const bytes = readFileSync(FILES[face][bold ? "bold" : "regular"]());
    file = face === "latin" ? bytes : sfntOf(bytes);
    read.set(name, file);
  }
  return file;
}

/**
 * A WOFF font as the TrueType (sfnt) file it packs: each table inflated once, here. fontkit reads
 * WOFF itself, but inflates a table (in JavaScript) every time it reads from it, the glyph table
 * once per glyph: an Odia invoice took seconds instead of a quarter of one.
 */
export function sfntOf(woff: Buffer): Buffer {
  if (woff.toString("latin1", 0, 4) !== "wOFF") throw new Error("not a WOFF font");
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, index) => {
    const at = 44 + index * 20;
    const offset = woff.readUInt32BE(at + 4);
    const packed = woff.subarray(offset, offset + woff.readUInt32BE(at + 8));
    const length = woff.readUInt32BE(at + 12);
    return {
      tag: woff.readUInt32BE(at),
      checksum: woff.readUInt32BE(at + 16),
      data: packed.length < length ? inflateSync(packed) : packed,
    };
  });
  const search = 2 ** Math.floor(Math.log2(count));
  const header = Buffer.alloc(12 + 16 * count);
  header.writeUInt32BE(woff.readUInt32BE(4), 0); // the flavour: TrueType outlines or CFF
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(search * 16, 6);
  header.writeUInt16BE(Math.log2(search), 8);
  header.writeUInt16BE(count * 16 - search * 16, 10);
  const bodies: Buffer[] = [];
  let offset = header.length;
  tables.forEach((table, index) => {
    const at = 12 + index * 16;
    header.writeUInt32BE(table.tag, at);
    header.writeUInt32BE(table.checksum, at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(table.data.length, at + 12);
    // Each table starts on a four-byte boundary.
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4);
    table.data.copy(padded);
    bodies.push(padded);
    offset += padded.length;
  });
  return Buffer.concat([header, ...bodies]);
}

/** The name a document registers the face under. */
export const fontName = (face: Face, bold: boolean): string =>
  face === "latin" ? (bold ? "bold" : "regular") : `${face}-${bold ? "bold" : "regular"}`;

/** The language a face's text is written in, for a reader of the PDF (its marked spans). */
export const FACE_LANG: Record<Exclude<Face, "latin">, string> = {
  oriya: "or-IN",
  devanagari: "hi-IN",
};

/** Text that needs a face besides DejaVu. */
export const SCRIPTS = /[\u0900-\u097F\u0B00-\u0B7F\u1CD0-\u1CFF\uA8E0-\uA8FF]/;

/**
 * Marks either script uses (the Vedic tones, the dandas), the joiners that steer a conjunct, and
 * the dotted circle a lone mark sits on: each is drawn in the face of the script around it.
 */
const SHARED = new Set(["\u0951", "\u0952", "\u0964", "\u0965", "\u200C", "\u200D", "\u25CC"]);

/** A character's own face, or undefined for one that takes its neighbours'. */
function ownFace(char: string): Face | undefined {
  if (SHARED.has(char)) return undefined;
  const code = char.codePointAt(0)!;
  if (code >= 0x0b00 && code <= 0x0b7f) return "oriya";
  if (SCRIPTS.test(char)) return "devanagari";
  return "latin";
}

const isSpace = (char: string) => char === " " || char === "\u00A0";

/**
 * The face each character of `text` is drawn in. A shared mark goes with the script before it
 * (or after it); a space between two words of one script stays in that script's face (both Noto
 * subsets have one), any other space is DejaVu's.
 */
export function facesOf(text: string): Face[] {
  const chars = [...text];
  const own = chars.map(ownFace);
  const script = (index: number, step: 1 | -1): Face | undefined => {
    for (let at = index + step; at >= 0 && at < chars.length; at += step) {
      if (isSpace(chars[at]!)) return undefined;
      const face = own[at];
      if (face) return face === "latin" ? undefined : face;
    }
    return undefined;
  };
  return chars.map((char, index): Face => {
    if (isSpace(char)) {
      const before = script(index, -1);
      return before && before === script(index, 1) ? before : "latin";
    }
    const face = own[index];
    if (face) return face;
    const danda = char === "\u0964" || char === "\u0965";
    return script(index, -1) ?? script(index, 1) ?? (danda ? "devanagari" : "latin");
  });
}
