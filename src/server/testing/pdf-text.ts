// Reads back the text of a PDF the store wrote, for tests: each font's ToUnicode map turns the
// glyph numbers of the content streams back into characters, and a marked span's ActualText
// stands for the glyphs inside it (Odia and Devanagari, whose glyphs are in visual order), as a
// reader copying the text gets it. Enough for pdfkit's output (one Type0 font per face, hex
// strings in TJ arrays), compressed with Flate or not.
import { inflateSync } from "node:zlib";

type PdfObject = { id: string; dict: string; stream?: Buffer };

function objectsOf(pdf: Buffer): PdfObject[] {
  const source = pdf.toString("latin1");
  const objects: PdfObject[] = [];
  for (const match of source.matchAll(/(\d+) 0 obj([\s\S]*?)endobj/g)) {
    const body = match[2]!;
    const start = body.indexOf("stream\n");
    if (start < 0) {
      objects.push({ id: match[1]!, dict: body });
      continue;
    }
    const dict = body.slice(0, start);
    let raw = Buffer.from(body.slice(start + 7, body.lastIndexOf("endstream")), "latin1");
    if (raw.at(-1) === 0x0a) raw = raw.subarray(0, -1);
    objects.push({
      id: match[1]!,
      dict,
      stream: dict.includes("/FlateDecode") ? inflateSync(raw) : raw,
    });
  }
  return objects;
}

const utf16 = (hex: string) =>
  String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((unit) => Number.parseInt(unit, 16)));

/** A ToUnicode CMap's glyph-to-text pairs. */
function cmapOf(text: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const pair of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      map.set(Number.parseInt(pair[1]!, 16), utf16(pair[2]!));
    }
  }
  for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const range of block[1]!.matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g,
    )) {
      const from = Number.parseInt(range[1]!, 16);
      const to = Number.parseInt(range[2]!, 16);
      const target = range[3]!;
      if (target.startsWith("[")) {
        [...target.matchAll(/<([0-9a-fA-F]+)>/g)].forEach((each, index) => {
          map.set(from + index, utf16(each[1]!));
        });
      } else {
        const base = utf16(target.slice(1, -1));
        for (let code = from; code <= to; code++) {
          map.set(
            code,
            base.slice(0, -1) + String.fromCharCode(base.charCodeAt(base.length - 1) + code - from),
          );
        }
      }
    }
  }
  return map;
}

/** A literal string's text: its escapes undone, UTF-16 after a byte order mark, else Latin-1. */
function literal(source: string): string {
  let bytes = "";
  for (let index = 0; index < source.length; index++) {
    const char = source[index]!;
    if (char !== "\\") {
      bytes += char;
      continue;
    }
    const next = source[++index]!;
    const octal = source.slice(index).match(/^[0-7]{1,3}/)?.[0];
    if (octal) {
      bytes += String.fromCharCode(Number.parseInt(octal, 8));
      index += octal.length - 1;
    } else {
      const named: Record<string, string> = { n: "\n", r: "\r", t: "\t", b: "\b", f: "\f" };
      bytes += named[next] ?? (next === "\n" ? "" : next);
    }
  }
  if (!bytes.startsWith("\u00fe\u00ff")) return bytes;
  let text = "";
  for (let index = 2; index + 1 < bytes.length; index += 2) {
    text += String.fromCharCode((bytes.charCodeAt(index) << 8) | bytes.charCodeAt(index + 1));
  }
  return text;
}

/** A marked span's ActualText, from its property list (`/ActualText (...)`). */
function actualTextOf(properties: string): string | undefined {
  const start = properties.indexOf("/ActualText (");
  if (start < 0) return undefined;
  let depth = 0;
  for (let index = start + 13; index < properties.length; index++) {
    const char = properties[index];
    if (char === "\\") index++;
    else if (char === "(") depth++;
    else if (char === ")" && depth-- === 0) return literal(properties.slice(start + 13, index));
  }
  return undefined;
}

/** The PDF's text, one line of the page per line, pages in order. */
export function pdfText(pdf: Buffer): string {
  const objects = objectsOf(pdf);
  const byId = new Map(objects.map((object) => [object.id, object]));
  const fonts = new Map<string, Map<number, string>>();
  for (const object of objects) {
    for (const entry of object.dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const font = byId.get(entry[2]!);
      const toUnicode = font?.dict.match(/\/ToUnicode (\d+) 0 R/)?.[1];
      const cmap = toUnicode ? byId.get(toUnicode)?.stream : undefined;
      if (cmap) fonts.set(entry[1]!, cmapOf(cmap.toString("latin1")));
    }
  }
  const lines: string[] = [];
  for (const object of objects) {
    const content = object.stream?.toString("latin1");
    if (!content || !/\bT[Jj]\b/.test(content) || !content.includes("BT")) continue;
    let font = new Map<number, string>();
    // Inside a span with an ActualText, the glyphs are read as that text, once.
    let actual = false;
    for (const op of content.matchAll(
      /\/(F\d+) [\d.]+ Tf|\[((?:[^\]])*)\] TJ|<([0-9a-fA-F]*)> Tj|\/\w+ <<([\s\S]*?)>> BDC|\bEMC\b/g,
    )) {
      if (op[1]) {
        font = fonts.get(op[1]) ?? new Map();
        continue;
      }
      if (op[4] !== undefined) {
        const text = actualTextOf(op[4]);
        if (text !== undefined) lines.push(text);
        actual = text !== undefined;
        continue;
      }
      if (op[0] === "EMC") {
        actual = false;
        continue;
      }
      if (actual) continue;
      const strings =
        op[2] !== undefined ? [...op[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]!) : [op[3]!];
      lines.push(
        strings
          .flatMap((hex) =>
            (hex.match(/.{4}/g) ?? []).map((glyph) => font.get(Number.parseInt(glyph, 16)) ?? ""),
          )
          .join(""),
      );
    }
  }
  return lines.join("\n");
}
