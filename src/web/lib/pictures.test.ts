import { describe, expect, it } from "vitest";
import { HERO_PORTRAIT, rasterFiles, rasterPath, rasterSources, teamPortrait } from "./pictures.ts";

describe("rasterSources", () => {
  it("gives the smallest copy as src and every width in srcSet", () => {
    expect(rasterSources("/images/categories/fruits.svg")).toEqual({
      src: "/images/categories/fruits-400w.webp",
      srcSet: "/images/categories/fruits-400w.webp 400w, /images/categories/fruits-800w.webp 800w",
    });
  });

  it("refuses a picture without copies, naming it", () => {
    expect(() => rasterSources("/images/products/mangoes.svg")).toThrow(
      "/images/products/mangoes.svg has no raster copies",
    );
  });
});

describe("rasterPath", () => {
  it("names a crop by its name and a width by the width", () => {
    expect(rasterPath("/images/hero/hero-1.svg", HERO_PORTRAIT)).toBe(
      "/images/hero/hero-1-portrait.webp",
    );
    expect(rasterPath("/images/hero/hero-1.svg", 960)).toBe("/images/hero/hero-1-960w.webp");
  });
});

describe("rasterFiles", () => {
  it("lists every copy the pages ask for", () => {
    const paths = rasterFiles().map((file) => file.path);
    expect(paths).toContain("/images/hero/hero-2-portrait.webp");
    expect(paths).toContain(rasterSources(teamPortrait("sunita-das")).src);
    expect(paths).toContain(rasterSources("/images/about/store-map.svg").src);
  });
});
