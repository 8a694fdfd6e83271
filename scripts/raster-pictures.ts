import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import type { Plugin } from "vite";
import { type Crop, rasterFiles } from "../src/web/lib/pictures.ts";

/** Flat illustrations under a dark overlay: 70 keeps their edges clean at a third of 90's bytes. */
const WEBP_QUALITY = 70;

/**
 * The SVG drawn as a WebP of the width asked, or cut from its centre to a crop's shape. libvips
 * draws the vector at the size it is asked for, so no copy is a small drawing scaled up.
 */
export async function renderRaster(svgFile: string, size: number | Crop): Promise<Buffer> {
  const picture = sharp(await readFile(svgFile));
  const sized =
    typeof size === "number"
      ? picture.resize({ width: size })
      : picture.resize({ width: size.width, height: size.height, fit: "cover" });
  return sized.webp({ quality: WEBP_QUALITY }).toBuffer();
}

/**
 * Writes the raster copies of `src/web/lib/pictures.ts` into the browser's build, and serves
 * them from the dev server.
 */
export function rasterPictures(): Plugin {
  let publicDir = "";
  const files = new Map(rasterFiles().map((file) => [file.path, file]));
  const sourceOf = (svg: string) => path.join(publicDir, svg);
  return {
    name: "fhh-raster-pictures",
    configResolved(config) {
      publicDir = config.publicDir;
    },
    configureServer(server) {
      // Drawn on every request, so an edited SVG shows at the next reload.
      server.middlewares.use((request, response, next) => {
        const file = files.get((request.url ?? "").split("?")[0]!);
        if (!file) return next();
        renderRaster(sourceOf(file.svg), file.size).then(
          (bytes) => {
            response.setHeader("content-type", "image/webp");
            response.end(bytes);
          },
          (error: unknown) => next(error),
        );
      });
    },
    async generateBundle() {
      if (this.environment.name !== "client") return;
      const rendered = await Promise.all(
        [...files.values()].map(async (file) => ({
          fileName: file.path.slice(1),
          source: await renderRaster(sourceOf(file.svg), file.size),
        })),
      );
      for (const asset of rendered) this.emitFile({ type: "asset", ...asset });
    },
  };
}
