import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { CART_FILLED_COOKIE, type PageRenderInput } from "../../shared/contracts/page-render.ts";
import { LANGUAGE_COOKIE } from "../../shared/i18n/locales.ts";
import { sendCached } from "./cached-body.ts";
import { noRoute } from "./no-route.ts";
import { followsBrowserLanguage, languageRedirect } from "./page-language.ts";
import { loadStorefrontPages } from "./storefront-pages.ts";

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Serves the built web app: hashed assets cached for a year, other files revalidated, and every
 * GET that wants a page answered with that page drawn on the server (storefront-pages.ts).
 */
export async function registerSpa(
  app: FastifyInstance,
  {
    distDir,
    catalogue,
    catalogueSeconds,
    site,
    publicUrl,
  }: {
    distDir: string;
    publicUrl: string;
    catalogue: () => Promise<PageRenderInput["catalogue"]>;
    catalogueSeconds: number;
    site: PageRenderInput["site"];
  },
): Promise<void> {
  if (!existsSync(path.join(distDir, "index.html"))) {
    app.log.warn({ distDir }, "web app is not built; run `npm run build` to serve the storefront");
    app.setNotFoundHandler((request: FastifyRequest) => {
      throw noRoute(request);
    });
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    // "/" is a page like any other: the handler below answers it.
    index: false,
    // The build's manifest (.vite/) is for the server, not for browsers.
    dotfiles: "ignore",
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

  const page = await loadStorefrontPages({
    distDir,
    catalogue,
    catalogueSeconds,
    site,
    publicUrl,
    log: app.log,
  });
  // Which language an unprefixed page is sent in depends on both (decision 56).
  const BY_LANGUAGE = "accept-language, cookie";
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const elsewhere = languageRedirect(
      request.url,
      request.cookies[LANGUAGE_COOKIE],
      request.headers["accept-language"],
    );
    if (elsewhere) {
      return reply
        .header("vary", BY_LANGUAGE)
        .header("cache-control", "no-store")
        .redirect(elsewhere, 302);
    }
    const cartFilled = request.cookies[CART_FILLED_COOKIE] !== undefined;
    const answer = await page({ url: request.url, cartFilled });
    return sendCached(request, reply, answer.body, {
      type: "text/html; charset=utf-8",
      cacheControl: answer.cacheControl,
      status: answer.status,
      // The cart pages' own "cookie" is in it.
      vary: followsBrowserLanguage(request.url) ? BY_LANGUAGE : answer.vary,
    });
  };
  // The static plugin would call "/" a directory and refuse it.
  app.get("/", { schema: { hide: true } }, sendPage);

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split("?")[0]!;
    const wantsPage =
      (request.method === "GET" || request.method === "HEAD") &&
      !pathname.startsWith("/api/") &&
      !path.extname(pathname);
    if (wantsPage) return sendPage(request, reply);
    throw noRoute(request);
  });
}
