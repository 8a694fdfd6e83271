import { describe, expect, it } from "vitest";
import { facesOf, fontFile, sfntOf } from "./pdf-fonts.ts";

/** The text cut where its face changes, as "face:text". */
const cut = (text: string) => {
  const chars = [...text];
  const pieces: string[] = [];
  facesOf(text).forEach((face, index) => {
    const last = pieces.at(-1);
    if (last?.startsWith(`${face}:`)) pieces[pieces.length - 1] = last + chars[index];
    else pieces.push(`${face}:${chars[index]}`);
  });
  return pieces;
};

describe("the face of each character in a PDF", () => {
  it("sets a label's Odia or Hindi in its Noto face and the English after it in DejaVu", () => {
    expect(cut("ସର୍ବମୋଟ / Grand total")).toEqual(["oriya:ସର୍ବମୋଟ", "latin: / Grand total"]);
    expect(cut("कुल योग / Grand total")).toEqual(["devanagari:कुल योग", "latin: / Grand total"]);
  });

  it("keeps a space between two words of one script, and the marks both scripts share, in it", () => {
    expect(cut("ଦୁଇଥର ଘଣ୍ଟି ବଜାନ୍ତୁ।")).toEqual(["oriya:ଦୁଇଥର ଘଣ୍ଟି ବଜାନ୍ତୁ।"]);
    expect(cut("घंटी बजाएँ।")).toEqual(["devanagari:घंटी बजाएँ।"]);
    // A joiner steers the conjunct it stands in.
    expect(cut("କ୍\u200Dଷ")).toEqual(["oriya:କ୍\u200Dଷ"]);
    expect(cut("ଟମାଟୋ टमाटर")).toEqual(["oriya:ଟମାଟୋ", "latin: ", "devanagari:टमाटर"]);
    expect(cut("ରାଜ୍ୟ: 21")).toEqual(["oriya:ରାଜ୍ୟ", "latin:: 21"]);
  });

  it("unpacks a WOFF font to the TrueType file it holds, tables aligned", () => {
    const font = fontFile("oriya", false);
    expect(font.readUInt32BE(0)).toBe(0x00010000);
    const tables = font.readUInt16BE(4);
    const tags = Array.from({ length: tables }, (_, index) =>
      font.toString("latin1", 12 + index * 16, 16 + index * 16),
    );
    expect(tags).toEqual([...tags].sort());
    for (const index of tags.keys()) {
      const offset = font.readUInt32BE(12 + index * 16 + 8);
      const length = font.readUInt32BE(12 + index * 16 + 12);
      expect(offset % 4).toBe(0);
      expect(offset + length).toBeLessThanOrEqual(font.length);
    }
    expect(tags).toEqual(expect.arrayContaining(["GSUB", "GPOS", "glyf", "cmap"]));
    expect(() => sfntOf(Buffer.from("not a font"))).toThrow(/WOFF/);
  });
});
