import type { Page } from "@playwright/test";
import { SUPPORT_MESSAGES } from "../src/shared/contracts/support.ts";
import {
  calendar,
  dateButton,
  methodTile,
  openRequestPage,
  paymentCard,
  sendRequest,
} from "./support/bulk-orders.ts";
import { quoteRequest } from "./support/bulk-quote.ts";
import { allowFailedResource, toast } from "./support/checkout.ts";
import { expect, expectAccessible, test } from "./support/fixtures.ts";
import {
  cartBadge,
  mainNav,
  openHome,
  openShop,
  READY_TIMEOUT,
  seedCart,
} from "./support/storefront.ts";

test.describe("axe: no serious or critical WCAG 2.1 A/AA violations", () => {
  test("home, with the feedback form loaded", async ({ page }) => {
    await openHome(page);
    await page.getByRole("heading", { name: "Share Your Feedback" }).scrollIntoViewIfNeeded();
    await expect(page.getByRole("form", { name: "Feedback" })).toBeVisible();
    await expect(page.getByTestId("product-card")).toHaveCount(9);
    await expectAccessible(page);
  });

  test("home, with the feedback form showing its errors", async ({ page }) => {
    await openHome(page);
    await page.getByRole("heading", { name: "Share Your Feedback" }).scrollIntoViewIfNeeded();
    await page.getByRole("button", { name: "Send Feedback" }).click();
    await expect(page.getByText("Please enter your name")).toBeVisible();
    await expectAccessible(page);
  });

  test.describe("welcome modal", () => {
    test.use({ skipWelcome: false });

    test("open on the home page", async ({ page }) => {
      await page.goto("/");
      const modal = page.getByRole("dialog", { name: "Welcome to Fresh Harvest Hub!" });
      await expect(modal).toBeVisible({ timeout: READY_TIMEOUT });
      await expect(modal.getByTestId("demo-notice")).toBeVisible();
      await expectAccessible(page);
    });
  });

  test("shop, all products", async ({ page }) => {
    await openShop(page);
    await expectAccessible(page);
  });

  test("shop, dairy", async ({ page }) => {
    await openShop(page, "/shop?category=dairy");
    await expect(page.getByTestId("product-card")).toHaveCount(4);
    await expectAccessible(page);
  });

  test("shop, filters open with active chips", async ({ page }) => {
    await openShop(page);
    await page.getByRole("button", { name: /^Filters/ }).click();
    await page.getByRole("switch", { name: "Local" }).click();
    await page.getByRole("searchbox", { name: "Search products" }).fill("mango");
    await expect(page.getByRole("button", { name: "Clear All" })).toBeVisible();
    await expectAccessible(page);
  });

  test("shop, no products found", async ({ page }) => {
    await openShop(page);
    await page.getByRole("searchbox", { name: "Search products" }).fill("durian");
    await expect(page.getByRole("heading", { name: "No products found" })).toBeVisible();
    await expectAccessible(page);
  });

  test("shop, with an add-to-cart toast", async ({ page }) => {
    await openShop(page, "/shop?category=herbs");
    await page.getByRole("button", { name: "Add Mint to cart" }).click();
    await expect(page.getByText("Added 1 Mint to cart")).toBeVisible();
    await page.locator("[data-sonner-toast][data-mounted='true']").first().waitFor();
    await expectAccessible(page);
  });

  test("cart, empty", async ({ page }) => {
    await page.goto("/cart");
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible({
      timeout: READY_TIMEOUT,
    });
    await expectAccessible(page);
  });

  const openFilledCart = async (page: Page) => {
    await seedCart(page, [
      { id: "desi-ghee", quantity: 1 },
      { id: "tomatoes", quantity: 3_000 },
    ]);
    await page.goto("/cart");
    await expect(page.getByTestId("cart-line")).toHaveCount(2, { timeout: READY_TIMEOUT });
    await expect(page.getByTestId("total")).toHaveText("₹1,170.00");
  };

  test("cart, filled", async ({ page }) => {
    await openFilledCart(page);
    await expectAccessible(page);
  });

  test("about", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1, name: "Our Story" })).toBeVisible({
      timeout: READY_TIMEOUT,
    });
    await expectAccessible(page);
  });

  test("customer support, with an FAQ answer open and the form's errors", async ({ page }) => {
    await page.goto("/customer-support");
    await expect(page.getByRole("form", { name: "Contact us" })).toBeVisible({
      timeout: READY_TIMEOUT,
    });
    await expectAccessible(page);
    await page.getByRole("button", { name: "How do I ask for a refund?" }).click();
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(
      page.getByRole("form", { name: "Contact us" }).getByRole("alert").first(),
    ).toBeVisible();
    // The form's toast fades in; axe measured its contrast half-way through once.
    await expect(toast(page, SUPPORT_MESSAGES.required)).toHaveCSS("opacity", "1");
    await expectAccessible(page);
  });

  test("bulk order request, with the calendar open", async ({ page }) => {
    await openRequestPage(page);
    await expectAccessible(page);
    await dateButton(page).click();
    await expect(calendar(page)).toBeVisible();
    await expectAccessible(page);
  });

  test("bulk order confirmation, before and after the quote", async ({ page }) => {
    test.slow();
    const ticketId = await sendRequest(page);
    await expectAccessible(page);
    await quoteRequest(page, ticketId, 5_000);
    await page.reload();
    const card = paymentCard(page);
    await expect(card.getByTestId("bulk-advance")).toHaveText("₹2,500.00", {
      timeout: READY_TIMEOUT,
    });
    await expectAccessible(page);
    await methodTile(card, "UPI").click();
    await expect(card.getByRole("tab", { name: "Google Pay" })).toBeVisible();
    await expectAccessible(page);
  });

  test("not-found page", async ({ page, browserErrors }) => {
    await page.goto("/no-such-page");
    expect(allowFailedResource(browserErrors, 404)).toBe(1);
    await expect(page.getByRole("heading", { level: 1, name: "404" })).toBeVisible({
      timeout: READY_TIMEOUT,
    });
    await expectAccessible(page);
  });

  for (const [path, form] of [
    ["/login", "Login"],
    ["/signup", "Sign up"],
  ] as const) {
    test(`${path}, with its form's first error`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("form", { name: form })).toBeVisible({ timeout: READY_TIMEOUT });
      await expectAccessible(page);
      await page.getByRole("button", { name: form, exact: true }).click();
      await expect(page.getByRole("alert")).toBeVisible();
      await expectAccessible(page);
    });
  }
});

test.describe("keyboard", () => {
  test("the first Tab reaches a visible skip link that jumps to the content", async ({ page }) => {
    await openShop(page, "/shop?category=herbs");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    const box = await skip.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(20);
    expect(box?.height ?? 0).toBeGreaterThan(10);

    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main$/);
    await page.keyboard.press("Tab");
    // The next stop is inside the main content: the shop's first category tab.
    await expect(
      page.getByRole("main").getByRole("navigation", { name: "Categories" }).getByRole("link", {
        name: "All",
      }),
    ).toBeFocused();
  });

  test("Tab reaches the main navigation links in order", async ({ page }) => {
    await openShop(page, "/shop?category=herbs");
    const home = mainNav(page).getByRole("link", { name: "Home" });
    for (let presses = 0; presses < 6; presses++) {
      await page.keyboard.press("Tab");
      if (await home.evaluate((element) => element === document.activeElement)) break;
    }
    await expect(home).toBeFocused();
    for (const name of ["Shop", "About", "Customer Support", "Admin"]) {
      await page.keyboard.press("Tab");
      await expect(mainNav(page).getByRole("link", { name, exact: true })).toBeFocused();
    }
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    await expect(mainNav(page).getByRole("link", { name: "Shop", exact: true })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/shop");
  });

  test("the add-to-cart button works with Enter", async ({ page }) => {
    await openShop(page, "/shop?category=fruits");
    const add = page.getByRole("button", { name: "Add Kiwi to cart" });
    await add.focus();
    await expect(add).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Added 1 Kiwi to cart")).toBeVisible();
    await expect(cartBadge(page)).toHaveText("1");
    await page.keyboard.press("Enter");
    await expect(cartBadge(page)).toHaveText("2");
  });

  test("filter switches work with the keyboard", async ({ page }) => {
    await openShop(page, "/shop?category=fruits");
    const filters = page.getByRole("button", { name: /^Filters/ });
    await filters.focus();
    await page.keyboard.press("Enter");
    await expect(filters).toHaveAttribute("aria-expanded", "true");
    const local = page.getByRole("switch", { name: "Local" });
    await local.focus();
    await page.keyboard.press("Space");
    await expect(local).toHaveAttribute("aria-checked", "true");
    await expect(page.getByTestId("result-count")).toHaveText("Showing 21 product(s)");
  });

  test.describe("welcome modal", () => {
    test.use({ skipWelcome: false });

    test("keeps the focus inside while open and gives it back to the page after", async ({
      page,
    }) => {
      await page.goto("/");
      const modal = page.getByRole("dialog", { name: "Welcome to Fresh Harvest Hub!" });
      await expect(modal).toBeVisible({ timeout: READY_TIMEOUT });
      // Where the focus is: in the dialog, on the page behind it, or nowhere (browser chrome).
      const focusPlace = () =>
        page.evaluate(() => {
          const active = document.activeElement;
          if (!active || active === document.body) return "none";
          return active.closest("dialog[open]") ? "dialog" : "page";
        });
      await expect.poll(focusPlace).toBe("dialog");
      for (let presses = 0; presses < 5; presses++) {
        await page.keyboard.press("Tab");
        expect(await focusPlace()).not.toBe("page");
      }
      await modal.getByRole("button", { name: "Start Exploring" }).focus();
      await page.keyboard.press("Enter");
      await expect(modal).toBeHidden();
      await page.keyboard.press("Tab");
      expect(await focusPlace()).toBe("page");
    });
  });
});
