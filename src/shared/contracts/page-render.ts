import type { CategoryList, ProductList } from "./catalogue.ts";
import type { SiteSettings } from "./site.ts";

/**
 * What the server hands the storefront's render (the web build's `entry-server`) for one page,
 * and what it gets back. The server loads that build at start and fills its HTML template with
 * the answer; the two sides meet only here.
 */
export type PageRenderInput = {
  /** The page's path and query, as the browser asked for it ("/shop?category=fruits"). */
  url: string;
  /**
   * For the pages that show the cart (`CART_PAGE_PATHS`): the browser holds no cart (it sent no
   * `CART_FILLED_COOKIE`), so they draw their empty state rather than a loading frame.
   */
  cartEmpty: boolean;
  /** The catalogue as the server caches it: what `/api/products` and `/api/categories` answer. */
  catalogue: {
    products: ProductList["products"];
    categories: CategoryList["categories"];
    /** When the server read it (ms since the epoch): the age its queries start with. */
    loadedAt: number;
  };
  /** What `/api/site` answers: it changes only with the store's configuration. */
  site: SiteSettings;
};

export type RenderedPage = {
  /** 200, or 404 for a path the storefront has no page for. */
  status: number;
  /** The page's `<title>`, already escaped for HTML. */
  title: string;
  /** The markup inside `<div id="root">`. */
  html: string;
  /**
   * The preloads React asked for while drawing (the first pictures with `fetchpriority="high"`),
   * for the page's `<head>`, ahead of the scripts.
   */
  headPreloads: string;
  /** A non-executing JSON `<script>` with the data the page was drawn from, for hydration. */
  dataScript: string;
  /** Whether the page shows catalogue data, so its HTML ages with the catalogue. */
  showsCatalogue: boolean;
  /** The source modules of the page's route chunks ("routes/shop.tsx"), to preload them. */
  routeModules: string[];
  /**
   * The texts the page is drawn with, by name ("frame", "routes/shop"), and the source module
   * of each in the page's language: the server tells the browser where they are
   * (`PAGE_TEXTS_ELEMENT`), so a first visit fetches no index of the language's texts.
   */
  textsModules: Record<string, string>;
};

/** The element (a JSON block) that tells the browser the address of each of the page's texts. */
export const PAGE_TEXTS_ELEMENT = "page-texts";

/**
 * Set by the browser while its stored cart (localStorage, which the server cannot read) holds
 * anything. It carries no cart, only that there is one: nothing in it needs protecting.
 */
export const CART_FILLED_COOKIE = "fhh_cart_filled";

/** The root element's attribute on a cart page drawn for a browser without a cart. */
export const CART_EMPTY_MARK = "data-cart-empty";

/** The pages drawn from the browser's cart: their HTML depends on `CART_FILLED_COOKIE`. */
export const CART_PAGE_PATHS: readonly string[] = ["/cart", "/checkout"];

export type RenderPage = (input: PageRenderInput) => Promise<RenderedPage>;
