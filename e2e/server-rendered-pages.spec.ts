import type { Page } from "@playwright/test";
import { allowFailedResource } from "./support/checkout.ts";
import { signUpInBrowser, siteHeader } from "./support/customers.ts";
import { expect, test, whenLive } from "./support/fixtures.ts";
import {
  cartBadge,
  fetchProducts,
  HERO_TITLE,
  productCards,
  productNames,
  READY_TIMEOUT,
  readProducts,
  resultCount,
  seedCart,
  showing,
  TOTAL_PRODUCTS,
} from "./support/storefront.ts";

const PAGES = [
  ["/", HERO_TITLE],
  ["/shop", "All Products"],
  ["/shop?category=herbs", "Herbs"],
  ["/about", "Our Story"],
  ["/customer-support", "Customer Support"],
  ["/bulk-order-request", "Bulk Order Request"],
  ["/privacy", "Privacy Policy"],
  ["/terms", "Terms of Service"],
] as const;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const heading = (page: Page) => page.getByRole("heading", { level: 1 });

/** Adds up every layout shift the page makes from its first paint on (what CLS sums). */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
        shifts.push(entry.value);
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  return () =>
    page.evaluate(() =>
      (window as unknown as { shifts: number[] }).shifts.reduce((a, b) => a + b, 0),
    );
}

/** A page of every route the storefront has, with its parameters filled in. */
const EVERY_ROUTE = [
  "/cart",
  "/checkout",
  "/order-confirmation?order=FHH-20261126-0001",
  "/orders/FHH-20261126-0001",
  "/login",
  "/signup",
  "/otp-verification",
  "/forgot-password",
  "/reset-password?token=abc",
  "/my-orders",
  "/account",
  "/account-deleted",
  "/support/ticket/TKT-123456",
  "/bulk-order-confirmation?reference=BULK-1",
  "/dev/mailbox",
  "/admin",
  "/admin/dashboard/1",
  "/admin/dashboard/2/pick-list",
  "/admin/dashboard/2/orders/FHH-20261126-0001/packing-slip",
  "/admin/dashboard/2/packing-slips?orders=FHH-000001,FHH-000002",
  "/test-checkout/order_123",
  ...PAGES.map(([path]) => path),
];

test("every route is drawn by the server, none left for the browser to draw", async ({
  request,
}) => {
  for (const path of EVERY_ROUTE) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    // An empty root is what the server sends when its render fails.
    expect(/<div id="root"[^>]*>(.{0,40})/.exec(html)?.[1], path).toMatch(/^<(?!\/div>)/);
    expect(html, path).toContain('<script type="application/json" id="page-data">');
  }
});

// What a visitor sees before any of the store's code has run: the HTML the server sends.
test.describe("pages as the server sends them, before any script runs", () => {
  test.use({ javaScriptEnabled: false });

  for (const [path, title] of PAGES) {
    test(`${path} arrives with its heading, the header and the footer`, async ({ page }) => {
      const response = await page.goto(path, { waitUntil: "domcontentloaded" });
      expect(response?.status()).toBe(200);
      await expect(heading(page)).toHaveText(title);
      await expect(page).toHaveTitle(/Fresh Harvest Hub/);
      await expect(page.getByRole("navigation", { name: "Main" })).toBeAttached();
      await expect(page.getByRole("contentinfo")).toBeVisible();
    });
  }

  test("/shop's HTML holds every product the catalogue has, the first row's pictures first", async ({
    page,
  }) => {
    // Other specs add and archive products meanwhile: both are read again until a page and the
    // catalogue read just before it agree.
    await expect(async () => {
      const products = await readProducts(page.request);
      await page.goto("/shop", { waitUntil: "domcontentloaded" });
      await expect(page).toHaveTitle("All Products | Fresh Harvest Hub");
      await expect(resultCount(page)).toHaveText(showing(products.length), { timeout: 1_000 });
      expect(await productNames(page)).toEqual(products.map((product) => product.name));
    }).toPass({ timeout: 20_000 });
    const firstPicture = productCards(page).first().getByRole("img");
    await expect(firstPicture).toHaveAttribute("fetchpriority", "high");
    await expect(firstPicture).toHaveAttribute("loading", "eager");
    await expect(productCards(page).nth(4).getByRole("img")).toHaveAttribute("loading", "lazy");
  });

  test("/shop's head asks for the first row's pictures and for no script", async ({ page }) => {
    const products = await fetchProducts(page.request);
    const html = await (await page.request.get("/shop")).text();
    const head = html.slice(0, html.indexOf("</head>"));
    // The scripts are asked for after the first paint (the next tests).
    expect(head).not.toMatch(/<script|<link rel="modulepreload"/);
    const preloads = [...head.matchAll(/<link rel="preload" as="image"[^>]*>/g)];
    for (const product of products.slice(0, 4)) {
      // An uploaded photo is asked for by its sizes, the shipped picture by its address.
      const names = product.photoSrcSet
        ? `imageSrcSet="${product.photoSrcSet}"`
        : `href="${product.image}"`;
      const preload = preloads.find(
        ([tag]) => tag.includes(names) && tag.includes('fetchPriority="high"'),
      );
      expect(preload, product.name).toBeDefined();
    }
  });

  test("/shop arrives filtered as its address says", async ({ page }) => {
    await page.goto("/shop?category=fruits&search=MANGO", { waitUntil: "domcontentloaded" });
    await expect(heading(page)).toHaveText("Fruits");
    await expect(page.getByRole("searchbox", { name: "Search products" })).toHaveValue("MANGO");
    const names = await productNames(page);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name.toLowerCase()).toContain("mango");
  });

  test("a path with no page arrives as the 404 page, with status 404", async ({
    page,
    browserErrors,
  }) => {
    const response = await page.goto("/no/such/page", { waitUntil: "domcontentloaded" });
    expect(response?.status()).toBe(404);
    await expect(heading(page)).toHaveText("404");
    expect(allowFailedResource(browserErrors, 404)).toBe(1);
  });

  test("the cart and checkout arrive empty for a browser without a cart", async ({ page }) => {
    for (const path of ["/cart", "/checkout"]) {
      await page.goto(path, { waitUntil: "domcontentloaded" });
      await expect(heading(page)).toHaveText("Your cart is empty");
      await expect(page.getByRole("link", { name: "Browse Products" })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Main" })).toBeAttached();
      await expect(page.getByRole("contentinfo")).toBeAttached();
    }
  });

  test("the cart and checkout arrive as loading shells for a browser with a cart", async ({
    page,
  }) => {
    // Only the browser can read its cart; the cookie says there is one.
    await seedCart(page, [{ id: "kashmir-apples", quantity: 1_000 }]);
    for (const path of ["/cart", "/checkout"]) {
      await page.goto(path, { waitUntil: "domcontentloaded" });
      await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toBeAttached();
      await expect(heading(page)).toHaveCount(0);
      await expect(page.getByRole("contentinfo")).toBeAttached();
    }
  });
});

test.describe("once live", () => {
  test("a drawn page asks for its scripts only once its first row's pictures have arrived", async ({
    page,
  }) => {
    // Every picture comes a second late, as over a slow network; the scripts come at once.
    await page.route("**/*", async (route) => {
      if (route.request().resourceType() === "image") await delay(1000);
      await route.fallback();
    });
    const pictureArrived = new Map<string, number>();
    page.on("requestfinished", (request) => {
      if (request.resourceType() === "image") pictureArrived.set(request.url(), Date.now());
    });
    const scriptsAsked: number[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scriptsAsked.push(Date.now());
    });
    await page.goto("/shop");
    const firstRow = await productCards(page)
      .getByRole("img")
      .evaluateAll((pictures) =>
        pictures.slice(0, 4).map((picture) => (picture as HTMLImageElement).currentSrc),
      );
    expect(firstRow).toHaveLength(4);
    expect(scriptsAsked.length).toBeGreaterThan(0);
    for (const picture of firstRow) {
      expect(pictureArrived.get(picture), picture).toBeLessThanOrEqual(Math.min(...scriptsAsked));
    }
  });

  test("a drawn page asks for its scripts only once its first contentful paint is on screen", async ({
    page,
  }) => {
    // An Odia page of text, no first-row pictures: the first paint alone holds the scripts back.
    await page.goto("/or/about");
    await whenLive(page);
    const { painted, firstScript } = await page.evaluate(() => {
      const paint = performance.getEntriesByName("first-contentful-paint")[0];
      const scripts = performance
        .getEntriesByType("resource")
        .filter((entry) => /\/assets\/.+\.js$/.test(entry.name))
        .map((entry) => entry.startTime);
      return { painted: paint?.startTime, firstScript: Math.min(...scripts) };
    });
    expect(painted).toBeGreaterThan(0);
    expect(firstScript).toBeGreaterThan(painted!);
  });

  test("a picture that never arrives does not keep the page from working", async ({ page }) => {
    await page.route("**/*", async (route) => {
      // Never answered: the shopper's network lost them.
      if (route.request().resourceType() !== "image") await route.fallback();
    });
    await page.goto("/shop", { waitUntil: "domcontentloaded" });
    await whenLive(page);
    const first = productCards(page).first();
    await first.getByRole("button", { name: /^Add .+ to cart$/ }).click();
    await expect(cartBadge(page)).toHaveText("1");
    await page.unrouteAll({ behavior: "ignoreErrors" });
  });

  test("the shop works without fetching the catalogue again: search, filters, add to cart", async ({
    page,
  }) => {
    const catalogueRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/products")
        catalogueRequests.push(request.url());
    });
    await page.goto("/shop");
    await page.getByRole("searchbox", { name: "Search products" }).fill("mango");
    await expect(resultCount(page)).not.toHaveText(showing(TOTAL_PRODUCTS));
    // The address follows, so the filtered shop can be shared or reloaded as it is.
    await expect(page).toHaveURL(/\/shop\?search=mango$/);
    await page.getByRole("button", { name: /^Filters/ }).click();
    await page.getByRole("switch", { name: "Organic" }).click();
    await expect(page).toHaveURL(/\/shop\?search=mango&organic=1$/);
    const first = productCards(page).first();
    await first.getByRole("button", { name: /^Add .* to cart$/ }).click();
    await expect(cartBadge(page)).toHaveText("1");
    await page.reload();
    await expect(page.getByRole("searchbox", { name: "Search products" })).toHaveValue("mango");
    await expect(page.getByRole("switch", { name: "Organic" })).toHaveCount(0);
    await expect(page.getByTestId("filter-count")).toHaveText(/^2/);
    expect(catalogueRequests).toEqual([]);
  });

  test("a returning visitor's cart and the first visit's welcome appear without a layout shift", async ({
    page,
  }) => {
    const layoutShift = await recordLayoutShifts(page);
    await seedCart(page, [{ id: "kashmir-apples", quantity: 3_000 }]);
    await page.goto("/shop");
    await expect(cartBadge(page)).toHaveText("3");
    await page.goto("/cart");
    await expect(page.getByRole("heading", { name: "Your Cart" })).toBeVisible();
    await page.goto("/");
    await expect(heading(page)).toHaveText(HERO_TITLE);
    expect(await layoutShift()).toBe(0);
  });

  test("a signed-in customer's header takes the place the visitor's links held, without a layout shift", async ({
    page,
  }) => {
    await signUpInBrowser(page, `header-${Date.now()}@example.com`);
    const layoutShift = await recordLayoutShifts(page);
    for (const path of ["/", "/about"]) {
      await page.goto(path);
      await expect(siteHeader(page).getByTestId("customer-avatar")).toBeVisible({
        timeout: READY_TIMEOUT,
      });
      await expect(siteHeader(page).getByRole("link", { name: "Login" })).toHaveCount(0);
    }
    expect(await layoutShift()).toBe(0);
  });

  test.describe("a first visit", () => {
    test.use({ skipWelcome: false });

    test("greets with the welcome dialog once the page is live, without a layout shift", async ({
      page,
    }) => {
      const layoutShift = await recordLayoutShifts(page);
      await page.goto("/");
      await expect(page.getByRole("dialog", { name: /^Welcome to/ })).toBeVisible({
        timeout: READY_TIMEOUT,
      });
      expect(await layoutShift()).toBe(0);
    });
  });

  test.describe("at phone width", () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test("the shop arrives drawn and takes a tap once live", async ({ page }) => {
      const layoutShift = await recordLayoutShifts(page);
      await page.goto("/shop?category=dairy");
      await expect(heading(page)).toHaveText("Dairy");
      await productCards(page)
        .first()
        .getByRole("button", { name: /^Add .* to cart$/ })
        .tap();
      await expect(cartBadge(page)).toHaveText("1");
      expect(await layoutShift()).toBe(0);
    });
  });
});
