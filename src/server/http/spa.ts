import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "./app-error.ts";

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, and
 * every unknown GET that wants a page answered with index.html so client routes load directly.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, "index.html");
  const built = existsSync(indexFile);
  if (!built) {
    app.log.warn({ distDir }, "web app is not built; run `npm run build` to serve the storefront");
  } else {
    await app.register(fastifyStatic, {
      root: distDir,
      // "/" is a directory to the static plugin: answer it with the app, not a 403.
      index: ["index.html"],
      // Our own cache headers below, not the plugin's default max-age=0 for everything.
      cacheControl: false,
      // The build writes .br and .gz next to each text file; send those to browsers that take them.
      preCompressed: true,
      setHeaders(res, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          "cache-control",
          isHashedAsset ? IMMUTABLE : "public, max-age=0, must-revalidate",
        );
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const wantsPage =
      (request.method === "GET" || request.method === "HEAD") &&
      !request.url.startsWith("/api/") &&
      !path.extname(request.url.split("?")[0]!);
    if (built && wantsPage) {
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    throw new AppError("NOT_FOUND", `No route for ${request.method} ${request.url.split("?")[0]}`);
  });
}
