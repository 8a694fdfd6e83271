import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { CART_FILLED_COOKIE } from "../../src/shared/contracts/page-render.ts";
import { expect, test, whenLive } from "./fixtures.ts";

/** First loads of a page can be slow on a busy machine; later expectations use the default. */
export const READY_TIMEOUT = 20_000;

/** Facts about the seeded catalogue (src/server/db/seed/catalogue-data.ts), as the spec states them. */
export const TOTAL_PRODUCTS = 61;
export const CATEGORY_COUNTS = { fruits: 22, vegetables: 30, dairy: 4, herbs: 5 } as const;
export const CATEGORY_NAMES = {
  fruits: "Fruits",
  vegetables: "Vegetables",
  dairy: "Dairy",
  herbs: "Herbs",
} as const;
export type CategoryId = keyof typeof CATEGORY_COUNTS;
export const CATEGORY_IDS = Object.keys(CATEGORY_COUNTS) as CategoryId[];

export const FEATURED_NAMES = [
  "Kashmir Apples",
  "Juicy Mangoes",
  "Watermelon",
  "Jackfruit",
  "Tomatoes",
  "Brinjal",
  "Cucumber",
  "Paneer",
  "Mint",
];

export const HERO_TITLE = "From Farm to Table, Fresh Every Day";

type ApiProduct = { id: string; name: string; pricePaise: number; [key: string]: unknown };

let productsCache: ApiProduct[] | undefined;

/** The catalogue as the server answers it now. */
export async function readProducts(request: APIRequestContext): Promise<ApiProduct[]> {
  const response = await request.get("/api/products");
  if (!response.ok()) throw new Error(`GET /api/products answered ${response.status()}`);
  return ((await response.json()) as { products: ApiProduct[] }).products;
}

/**
 * The catalogue as the server first answered it to this worker (the storefront stores whole
 * products in the cart), for the products the seed gives every run.
 */
export async function fetchProducts(request: APIRequestContext): Promise<ApiProduct[]> {
  productsCache ??= await readProducts(request);
  return productsCache;
}

/**
 * Puts items in the cart's localStorage key before the first page of the test loads. It is
 * written once per tab, so a later reload shows whatever the app itself saved.
 */
export async function seedCart(page: Page, lines: { id: string; quantity: number }[]) {
  const products = await fetchProducts(page.request);
  const items = lines.map(({ id, quantity }) => {
    const product = products.find((candidate) => candidate.id === id);
    if (!product) throw new Error(`no product ${id} in the catalogue`);
    return { product, quantity };
  });
  // As the store's own cart does: the server draws the cart pages from this mark.
  const url = test.info().project.use.baseURL ?? "";
  await page.context().addCookies([{ name: CART_FILLED_COOKIE, value: "1", url }]);
  await page.addInitScript((json) => {
    if (window.sessionStorage.getItem("e2e-cart-seeded")) return;
    window.localStorage.setItem("cart", json);
    window.sessionStorage.setItem("e2e-cart-seeded", "true");
  }, JSON.stringify(items));
}

export const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
export const cartBadge = (page: Page) => page.getByTestId("cart-count");
export const cartLink = (page: Page) => page.getByRole("link", { name: /^Cart, \d+ items?$/ });

/** The cards of the product grid on the page (shop or featured). */
export const productCards = (scope: Page | Locator) => scope.getByTestId("product-card");

/** Names of the product cards in the given scope, in page order. */
export async function productNames(scope: Page | Locator): Promise<string[]> {
  return productCards(scope).getByRole("heading", { level: 3 }).allTextContents();
}

/** The "Showing N product(s)" line of the shop. */
export const resultCount = (page: Page) => page.getByTestId("result-count");
export const showing = (count: number) => `Showing ${count} product(s)`;

/** Opens a shop URL and waits until the products have arrived. */
export async function openShop(page: Page, path = "/shop") {
  await page.goto(path);
  await expect(resultCount(page)).toBeVisible({ timeout: READY_TIMEOUT });
}

/** Opens any page and waits until its main heading is there. */
export async function openPage(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible({
    timeout: READY_TIMEOUT,
  });
  await whenLive(page);
}

/** Opens the home page and waits until its headline is there. */
export async function openHome(page: Page) {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(HERO_TITLE, {
    timeout: READY_TIMEOUT,
  });
}

/** Number of columns the product grid is laid out in. */
export async function gridColumnCount(page: Page): Promise<number> {
  const grid = page
    .getByRole("main")
    .getByRole("list")
    .filter({ has: page.getByTestId("product-card") })
    .first();
  return grid.evaluate(
    (element) => getComputedStyle(element).gridTemplateColumns.split(" ").filter(Boolean).length,
  );
}

/** The alpha of an element's computed background colour, whatever colour syntax the browser uses. */
export async function backgroundAlpha(locator: Locator): Promise<number> {
  const color = await locator.evaluate((element) => getComputedStyle(element).backgroundColor);
  const slash = /\/\s*([\d.]+)(%?)\s*\)\s*$/.exec(color);
  if (slash) return slash[2] ? Number(slash[1]) / 100 : Number(slash[1]);
  const rgba = /^rgba\(([^)]+)\)$/.exec(color);
  if (rgba) return Number(rgba[1]!.split(",")[3]);
  return 1;
}

/**
 * True when the page can be scrolled sideways (something is wider than the viewport). Compared
 * with the device width too, in case a mobile browser widened its layout viewport to fit.
 */
export async function overflowsHorizontally(page: Page): Promise<boolean> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  const deviceWidth = page.viewportSize()?.width ?? innerWidth;
  return scrollWidth > Math.min(innerWidth, deviceWidth);
}

/** A stand-in picture for requests the test is not about. */
export const PLACEHOLDER_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500"><rect width="800" height="500" fill="#cde"/></svg>';

/**
 * The chunks of the scripts the page asks for from now on, each by its name without the content
 * hash (which may spell a chunk's name, "zod", by chance): `form-checks` for
 * /assets/form-checks-CB76pT3B.js.
 */
export function recordScriptChunks(page: Page): string[] {
  const chunks: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() !== "script") return;
    const file = new URL(request.url()).pathname.split("/").pop() ?? "";
    chunks.push(file.replace(/-[\w-]{8}\.js$/, ""));
  });
  return chunks;
}
