import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyBaseLogger } from "fastify";
import {
  CART_EMPTY_MARK,
  CART_PAGE_PATHS,
  type PageRenderInput,
  type RenderPage,
} from "../../shared/contracts/page-render.ts";
import { LOCALE_INFO, pageLanguage } from "../../shared/i18n/locales.ts";
import { type CachedBody, toCachedBytes } from "./cached-body.ts";
import { descriptionMeta } from "./page-description.ts";
import { pageFaces } from "./page-faces.ts";
import { hasLanguageSwitch, languageLinks } from "./page-language.ts";
import { pageScripts, textsAddresses } from "./page-scripts.ts";
import {
  chunkFiles,
  readLanguageFonts,
  readPageTemplate,
  takeHeadScripts,
} from "./page-template.ts";

/** A page ready to send: its bytes, and how long browsers and caches may keep them. */
export type StorefrontPage = {
  status: number;
  body: CachedBody;
  cacheControl: string;
  /** The request headers the bytes depend on, besides Accept-Encoding. */
  vary?: string;
};

/** What the server knows of the browser asking: whether it holds a cart (`CART_FILLED_COOKIE`). */
export type PageRequest = { url: string; cartFilled: boolean };

type Kept = { page: RenderedBytes; catalogueLoadedAt: number | undefined };
type RenderedBytes = { status: number; body: CachedBody; showsCatalogue: boolean };

const ROOT_ELEMENT = '<div id="root"></div>';
const TITLE = /<title>[^<]*<\/title>/;
const HTML_LANG = /<html(?: lang="[^"]*")?>/;
/** Enough for every page and each category and common search; more only costs a render. */
const MAX_KEPT_PAGES = 500;
/** A page that changes only with a deploy: browsers and caches ask again each time (304s). */
const REVALIDATE = "public, max-age=0, must-revalidate";
/** A cart page, drawn for a browser with or without a cart: for that browser alone. */
const PER_BROWSER = "private, max-age=0, must-revalidate";

/**
 * Draws the storefront's pages on the server (decision 36) with the web build's own render
 * (`dist/ssr/entry-server.js`) and keeps each page's bytes until the catalogue it shows changes.
 * Without that build (the dev server's setup) every page is the empty template, which the
 * browser draws itself.
 */
export async function loadStorefrontPages({
  distDir,
  catalogue,
  catalogueSeconds,
  site,
  publicUrl,
  log,
}: {
  distDir: string;
  /** The store's address as shoppers reach it, for each page's canonical and language links. */
  publicUrl: string;
  catalogue: () => Promise<PageRenderInput["catalogue"]>;
  catalogueSeconds: number;
  /** Drawn into the pages that use it; a store's settings change only with a restart. */
  site: PageRenderInput["site"];
  log: FastifyBaseLogger;
}): Promise<(request: PageRequest) => Promise<StorefrontPage>> {
  const template = readPageTemplate(distDir);
  const emptyPage = {
    status: 200,
    body: toCachedBytes(Buffer.from(template)),
    cacheControl: REVALIDATE,
  };
  const entry = path.resolve(distDir, "../ssr/entry-server.js");
  const manifestFile = path.join(distDir, ".vite/manifest.json");
  if (!template.includes(ROOT_ELEMENT) || !existsSync(entry) || !existsSync(manifestFile)) {
    log.warn(
      { entry },
      "the storefront's server render is not built: pages are drawn in the browser",
    );
    return async () => emptyPage;
  }
  const { renderPage } = (await import(pathToFileURL(entry).href)) as { renderPage: RenderPage };
  const { chunks, fileOf } = chunkFiles(manifestFile);
  const fonts = readLanguageFonts(distDir);
  const faceOf = pageFaces({ distDir, fonts, log });
  const drawn = takeHeadScripts(template);

  async function render(
    url: string,
    cartEmpty: boolean,
    input: PageRenderInput["catalogue"],
  ): Promise<RenderedBytes> {
    const page = await renderPage({ url, catalogue: input, site, cartEmpty });
    // A template whose scripts were not understood keeps them, and the router asks for the rest.
    const texts = Object.values(page.textsModules);
    const scripts =
      drawn.scripts.length > 0
        ? textsAddresses(page.textsModules, fileOf) +
          pageScripts([...drawn.scripts, ...chunks([...page.routeModules, ...texts])])
        : "";
    const { locale } = pageLanguage(url);
    const faces = hasLanguageSwitch(url) ? (await faceOf(locale, page.html)) + fonts.names : "";
    const links = descriptionMeta(locale) + languageLinks(publicUrl, url, page.status) + faces;
    const html = drawn.template
      .replace(HTML_LANG, `<html lang="${LOCALE_INFO[locale].htmlLang}">`)
      // The first pictures are asked for first: over HTTP/1.1 a phone opens six connections, and
      // the largest paint waits for whatever is queued ahead of its picture.
      .replace(TITLE, `<title>${page.title}</title>${links}${page.headPreloads}`)
      .replace(
        ROOT_ELEMENT,
        // The browser hydrates from the same cart the server drew (main.tsx reads this mark).
        `<div id="root"${cartEmpty ? ` ${CART_EMPTY_MARK}` : ""}>${page.html}</div>${page.dataScript}${scripts}`,
      );
    return {
      status: page.status,
      body: toCachedBytes(Buffer.from(html)),
      showsCatalogue: page.showsCatalogue,
    };
  }

  const kept = new Map<string, Kept>();
  return async ({ url, cartFilled }) => {
    // The page without its language's prefix: /or/checkout reads the cart as /checkout does.
    const readsCart = CART_PAGE_PATHS.includes(pageLanguage(url).path);
    const cartEmpty = readsCart && !cartFilled;
    const current = await catalogue().catch((error: unknown) => {
      log.error({ err: error }, "no catalogue to draw pages with");
      return undefined;
    });
    // The browser draws the page and shows what it can (the catalogue API's own error).
    if (!current) return { ...emptyPage, cacheControl: "no-store" };
    const key = readsCart ? `${cartEmpty ? "no cart" : "a cart"} ${url}` : url;
    let entry = kept.get(key);
    if (
      entry &&
      entry.catalogueLoadedAt !== undefined &&
      entry.catalogueLoadedAt !== current.loadedAt
    ) {
      entry = undefined;
    }
    if (!entry) {
      try {
        const page = await render(url, cartEmpty, current);
        entry = { page, catalogueLoadedAt: page.showsCatalogue ? current.loadedAt : undefined };
      } catch (error) {
        // The browser can still draw the page itself; the log says which one failed.
        log.error({ err: error, url }, "the server could not draw a page");
        return { ...emptyPage, cacheControl: "no-store" };
      }
      // A 404 is cheap to draw again; keeping one per made-up path would push real pages out.
      if (entry.page.status !== 200) return answer(entry.page, current, readsCart);
      // Oldest out first: a Map keeps the order entries were set in.
      kept.delete(key);
      if (kept.size >= MAX_KEPT_PAGES) kept.delete(kept.keys().next().value!);
      kept.set(key, entry);
    }
    return answer(entry.page, current, readsCart);
  };

  function answer(
    page: RenderedBytes,
    current: PageRenderInput["catalogue"],
    readsCart: boolean,
  ): StorefrontPage {
    if (readsCart)
      return { status: page.status, body: page.body, cacheControl: PER_BROWSER, vary: "cookie" };
    return { status: page.status, body: page.body, cacheControl: cacheControl(page, current) };
  }

  /**
   * A page showing the catalogue may be kept until the catalogue it was drawn from would be
   * read again, so a price change reaches shoppers within the catalogue cache's lifetime.
   */
  function cacheControl(page: RenderedBytes, current: PageRenderInput["catalogue"]): string {
    if (!page.showsCatalogue || page.status !== 200) return REVALIDATE;
    const ageSeconds = (Date.now() - current.loadedAt) / 1000;
    const left = Math.max(0, Math.floor(catalogueSeconds - ageSeconds));
    return `public, max-age=${left}, must-revalidate`;
  }
}
