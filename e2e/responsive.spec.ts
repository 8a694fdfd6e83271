// Runs in the "mobile" project (Pixel 7) only; see playwright.config.ts.
import type { Page } from "@playwright/test";
import { allowFailedResource } from "./support/checkout.ts";
import { expect, test } from "./support/fixtures.ts";
import {
  gridColumnCount,
  openHome,
  openPage,
  openShop,
  overflowsHorizontally,
  READY_TIMEOUT,
  seedCart,
  TOTAL_PRODUCTS,
} from "./support/storefront.ts";

const menuButton = (page: Page) => page.getByRole("button", { name: /^(Open|Close) menu$/ });
const mobileNav = (page: Page) => page.getByRole("navigation", { name: "Mobile" });

test.describe("mobile menu", () => {
  test("opens with every header link, and closes on navigation", async ({ page }) => {
    await openShop(page);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(menuButton(page)).toHaveAccessibleName("Open menu");
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
    await expect(mobileNav(page)).toHaveCount(0);

    await menuButton(page).click();
    await expect(menuButton(page)).toHaveAccessibleName("Close menu");
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "true");
    const nav = mobileNav(page);
    await expect(nav).toBeVisible();
    await expect(nav.getByRole("link")).toHaveText([
      "Home",
      "Shop",
      "About",
      "Customer Support",
      "Admin",
      "Login",
      "Sign up",
      "English",
      "ଓଡ଼ିଆ",
      "हिन्दी",
    ]);

    await nav.getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL("/about");
    await expect(page.getByRole("heading", { level: 1, name: "Our Story" })).toBeVisible();
    await expect(mobileNav(page)).toHaveCount(0);
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
  });

  test("its links work: Home, then Shop", async ({ page }) => {
    await page.goto("/about");
    await menuButton(page).click();
    await mobileNav(page).getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL("/");
    await expect(mobileNav(page)).toHaveCount(0);

    await menuButton(page).click();
    await mobileNav(page).getByRole("link", { name: "Shop" }).click();
    await expect(page).toHaveURL("/shop");
    await expect(page.getByTestId("result-count")).toHaveText(
      `Showing ${TOTAL_PRODUCTS} product(s)`,
    );
    await expect(mobileNav(page)).toHaveCount(0);
  });

  test("closes on a category change within the same page", async ({ page }) => {
    await openShop(page);
    await menuButton(page).click();
    await expect(mobileNav(page)).toBeVisible();
    // A route change that only changes the query string.
    await page.getByRole("contentinfo").getByRole("link", { name: "Dairy" }).click();
    await expect(page).toHaveURL("/shop?category=dairy");
    await expect(mobileNav(page)).toHaveCount(0);
  });

  test("the menu button closes it again", async ({ page }) => {
    await openShop(page);
    await menuButton(page).click();
    await expect(mobileNav(page)).toBeVisible();
    await menuButton(page).click();
    await expect(mobileNav(page)).toHaveCount(0);
    await expect(menuButton(page)).toHaveAccessibleName("Open menu");
  });

  test("the cart link stays in the header bar", async ({ page }) => {
    await seedCart(page, [{ id: "mint", quantity: 2 }]);
    await openShop(page);
    await expect(page.getByTestId("cart-count")).toHaveText("2");
    await page.getByRole("link", { name: "Cart, 2 items" }).click();
    await expect(page).toHaveURL("/cart");
  });
});

test.describe("phone layout", () => {
  test("the product grid has one column", async ({ page }) => {
    await openShop(page);
    expect(await gridColumnCount(page)).toBe(1);
    const cards = page.getByTestId("product-card");
    const first = await cards.nth(0).boundingBox();
    const second = await cards.nth(1).boundingBox();
    expect(second!.x).toBeCloseTo(first!.x, 0);
    expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
  });

  test("the featured products on the home page have one column", async ({ page }) => {
    await openHome(page);
    await expect(page.getByTestId("product-card")).toHaveCount(9);
    expect(await gridColumnCount(page)).toBe(1);
  });

  type Check = [name: string, open: (page: Page, browserErrors: string[]) => Promise<void>];
  const pages: Check[] = [
    ["/", (page) => openHome(page)],
    ["/shop", (page) => openShop(page)],
    ["/shop?category=dairy", (page) => openShop(page, "/shop?category=dairy")],
    [
      "/cart (empty)",
      async (page) => {
        await page.goto("/cart");
        await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible({
          timeout: READY_TIMEOUT,
        });
      },
    ],
    [
      "/cart (filled)",
      async (page) => {
        await seedCart(page, [
          { id: "desi-ghee", quantity: 1 },
          { id: "kashmir-apples", quantity: 12_000 },
          { id: "tomatoes", quantity: 3_000 },
        ]);
        await page.goto("/cart");
        await expect(page.getByTestId("cart-line")).toHaveCount(3, { timeout: READY_TIMEOUT });
        await expect(page.getByTestId("total")).toHaveText("₹3,810.00");
      },
    ],
    [
      "/about",
      async (page) => {
        await page.goto("/about");
        await expect(page.getByRole("heading", { name: "Our Story" })).toBeVisible({
          timeout: READY_TIMEOUT,
        });
      },
    ],
    ["/customer-support", (page) => openPage(page, "/customer-support")],
    [
      "/bulk-order-request, with the calendar open",
      async (page) => {
        await openPage(page, "/bulk-order-request");
        await page.getByRole("button", { name: /^Delivery date/ }).click();
        await expect(page.getByRole("dialog", { name: "Choose delivery date" })).toBeVisible();
      },
    ],
    [
      "the 404 page",
      async (page, browserErrors) => {
        await page.goto("/no-such-page");
        expect(allowFailedResource(browserErrors, 404)).toBe(1);
        await expect(page.getByRole("heading", { name: "404" })).toBeVisible({
          timeout: READY_TIMEOUT,
        });
      },
    ],
  ];
  for (const [name, open] of pages) {
    test(`nothing overflows sideways on ${name}`, async ({ page, browserErrors }) => {
      await open(page, browserErrors);
      // Give lazy images and late sections the chance to appear: scroll to the bottom and back.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await overflowsHorizontally(page)).toBe(false);
    });
  }

  test("nothing overflows sideways with the shop filters open and a long search", async ({
    page,
  }) => {
    await openShop(page);
    await page.getByRole("button", { name: /^Filters/ }).click();
    for (const name of ["Organic", "Local", "In Season"]) {
      await page.getByRole("switch", { name }).click();
    }
    await page
      .getByRole("searchbox", { name: "Search products" })
      .fill("fresh organic produce from the farms");
    await expect(page.getByRole("button", { name: "Clear All" })).toBeVisible();
    expect(await overflowsHorizontally(page)).toBe(false);
  });

  test("nothing overflows sideways with the menu open", async ({ page }) => {
    await openShop(page);
    await menuButton(page).click();
    await expect(mobileNav(page)).toBeVisible();
    expect(await overflowsHorizontally(page)).toBe(false);
  });

  test.describe("welcome modal", () => {
    test.use({ skipWelcome: false });

    test("fits the screen and closes", async ({ page }) => {
      await page.goto("/");
      const modal = page.getByRole("dialog", { name: "Welcome to Fresh Harvest Hub!" });
      await expect(modal).toBeVisible({ timeout: READY_TIMEOUT });
      const box = await modal.boundingBox();
      const width = page.viewportSize()!.width;
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      await expect(modal.getByRole("button", { name: "Start Exploring" })).toBeInViewport();
      expect(await overflowsHorizontally(page)).toBe(false);
      await modal.getByRole("button", { name: "Start Exploring" }).click();
      await expect(modal).toBeHidden();
    });
  });
});
