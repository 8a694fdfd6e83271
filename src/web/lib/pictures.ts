/**
 * The illustrations the store shows as raster copies of their SVG. A phone draws an SVG picture
 * on the page's main thread, as a document of its own: the hero took about 150 ms of a slowed
 * CPU to style and paint, the header's small logo 40 ms. A WebP is decoded off the main thread.
 * The SVGs stay the source; the build renders these copies (scripts/raster-pictures.ts) and the
 * dev server renders them on request. Product pictures stay SVG: they are small, and a product's
 * picture is data a photo upload can replace.
 */

/** A copy cut to another shape than the SVG's own, from its centre (the hero on a tall screen). */
export type Crop = { width: number; height: number; name: string };

type RasterArt = { widths: readonly number[]; crops?: readonly Crop[] };

/** The hero on a screen taller than wide: the middle of the landscape picture, as tall as it. */
export const HERO_PORTRAIT: Crop = { width: 720, height: 1280, name: "portrait" };

const HERO: RasterArt = { widths: [960, 1600], crops: [HERO_PORTRAIT] };
const CATEGORY: RasterArt = { widths: [400, 800] };
const TEAM_MEMBER: RasterArt = { widths: [128, 256] };

export const RASTER_ART: Readonly<Record<string, RasterArt>> = {
  "/images/hero/hero-1.svg": HERO,
  "/images/hero/hero-2.svg": HERO,
  "/images/hero/hero-3.svg": HERO,
  "/images/categories/fruits.svg": CATEGORY,
  "/images/categories/vegetables.svg": CATEGORY,
  "/images/categories/dairy.svg": CATEGORY,
  "/images/categories/default.svg": CATEGORY,
  "/images/about/store-map.svg": { widths: [800, 1600] },
  "/images/team/ananya-mishra.svg": TEAM_MEMBER,
  "/images/team/rahul-pattnaik.svg": TEAM_MEMBER,
  "/images/team/sunita-das.svg": TEAM_MEMBER,
};

/** A team member's portrait, by the slug the team lists use. */
export const teamPortrait = (slug: string) => `/images/team/${slug}.svg`;

/** Where the copy of `svg` at `width` (or cut to `crop`) is served. */
export function rasterPath(svg: string, size: number | Crop): string {
  const suffix = typeof size === "number" ? `${size}w` : size.name;
  return svg.replace(/\.svg$/, `-${suffix}.webp`);
}

function artOf(svg: string): RasterArt {
  const art = RASTER_ART[svg];
  if (!art) throw new Error(`${svg} has no raster copies: add it to RASTER_ART`);
  return art;
}

/** An <img>'s `src` (the smallest copy) and `srcSet` (every width) for `svg`. */
export function rasterSources(svg: string): { src: string; srcSet: string } {
  const { widths } = artOf(svg);
  return {
    src: rasterPath(svg, widths[0]!),
    srcSet: widths.map((width) => `${rasterPath(svg, width)} ${width}w`).join(", "),
  };
}

/** Every file the build writes: its path, the SVG it comes from, and its size or cut. */
export function rasterFiles(): { path: string; svg: string; size: number | Crop }[] {
  return Object.entries(RASTER_ART).flatMap(([svg, { widths, crops = [] }]) =>
    [...widths, ...crops].map((size) => ({ path: rasterPath(svg, size), svg, size })),
  );
}
