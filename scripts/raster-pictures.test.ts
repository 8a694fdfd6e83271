import { statSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { HERO_PORTRAIT, RASTER_ART, rasterFiles } from "../src/web/lib/pictures.ts";
import { renderRaster } from "./raster-pictures.ts";

const PUBLIC = path.resolve(import.meta.dirname, "../src/web/public");

describe("renderRaster", () => {
  it("draws an SVG as a WebP of the width asked, keeping its shape", async () => {
    const bytes = await renderRaster(path.join(PUBLIC, "images/hero/hero-1.svg"), 960);
    const { format, width, height } = await sharp(bytes).metadata();
    expect({ format, width, height }).toEqual({ format: "webp", width: 960, height: 540 });
  });

  it("cuts a crop from the picture's middle at the crop's size", async () => {
    const bytes = await renderRaster(path.join(PUBLIC, "images/hero/hero-1.svg"), HERO_PORTRAIT);
    const { width, height } = await sharp(bytes).metadata();
    expect({ width, height }).toEqual({ width: 720, height: 1280 });
  });
});

describe("the raster copies", () => {
  it("come from SVGs the store ships, one file per width and crop", () => {
    const files = rasterFiles();
    const expected = Object.values(RASTER_ART).reduce(
      (count, art) => count + art.widths.length + (art.crops?.length ?? 0),
      0,
    );
    expect(files).toHaveLength(expected);
    expect(new Set(files.map((file) => file.path)).size).toBe(files.length);
    for (const file of files) expect(path.join(PUBLIC, file.svg)).toSatisfy(existsAsFile);
  });
});

function existsAsFile(file: string): boolean {
  return statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
}
