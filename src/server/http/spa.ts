import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { PRERENDER_MANIFEST_FILE, type PrerenderManifest } from "../../shared/prerendered-pages.ts";
import { noRoute } from "./no-route.ts";

const IMMUTABLE = "public, max-age=31536000, immutable";

/** The file that answers a page's path: its prerendered HTML, else the app shell. */
function pageFiles(distDir: string): (pathname: string) => string {
  const manifestFile = path.join(distDir, PRERENDER_MANIFEST_FILE);
  if (!existsSync(manifestFile)) return () => "index.html";
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as PrerenderManifest;
  const pages = new Map(Object.entries(manifest.pages));
  return (pathname) => pages.get(pathname) ?? manifest.shell;
}

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, and
 * every GET that wants a page answered with its prerendered HTML or the app shell, so client
 * routes load directly.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, "index.html");
  const built = existsSync(indexFile);
  const pageFile = pageFiles(distDir);
  if (!built) {
    app.log.warn({ distDir }, "web app is not built; run `npm run build` to serve the storefront");
  } else {
    await app.register(fastifyStatic, {
      root: distDir,
      // "/" is a page like any other: the handler below answers it.
      index: false,
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

  const sendPage = (pathname: string, reply: FastifyReply) =>
    reply.header("cache-control", "no-cache").sendFile(pageFile(pathname));
  // The static plugin would call "/" a directory and refuse it.
  if (built) app.get("/", { schema: { hide: true } }, (_request, reply) => sendPage("/", reply));

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split("?")[0]!;
    const wantsPage =
      (request.method === "GET" || request.method === "HEAD") &&
      !pathname.startsWith("/api/") &&
      !path.extname(pathname);
    if (built && wantsPage) return sendPage(pathname, reply);
    throw noRoute(request);
  });
}
