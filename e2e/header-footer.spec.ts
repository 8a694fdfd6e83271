import { STORE } from "../src/shared/store-info.ts";
import { expect, test } from "./support/fixtures.ts";
import {
  backgroundAlpha,
  CATEGORY_IDS,
  CATEGORY_NAMES,
  cartBadge,
  cartLink,
  mainNav,
  openHome,
  openPage,
  openShop,
  seedCart,
} from "./support/storefront.ts";

test.describe("header", () => {
  test("shows Home, Shop, About, Customer Support and Admin to everyone", async ({ page }) => {
    await openShop(page, "/shop?category=herbs");
    const nav = mainNav(page);
    await expect(nav.getByRole("link")).toHaveText([
      "Home",
      "Shop",
      "About",
      "Customer Support",
      "Admin",
    ]);
    const hrefs = await nav
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(hrefs).toEqual(["/", "/shop", "/about", "/customer-support", "/admin"]);
    await expect(nav.getByRole("link", { name: "Shop" })).toHaveAttribute("aria-current", "page");
  });

  test("header links navigate between pages", async ({ page }) => {
    await openShop(page);
    const nav = mainNav(page);
    await nav.getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL("/about");
    await expect(page.getByRole("heading", { level: 1, name: "Our Story" })).toBeVisible();
    await nav.getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "From Farm to Table, Fresh Every Day",
    );
    await nav.getByRole("link", { name: "Shop" }).click();
    await expect(page).toHaveURL("/shop");
    await expect(page.getByRole("heading", { level: 1, name: "All Products" })).toBeVisible();
    await page
      .getByTestId("site-header")
      .getByRole("link", { name: "Fresh Harvest Hub home" })
      .click();
    await expect(page).toHaveURL("/");
  });

  test("shows Login and Sign up when signed out, and no Logout", async ({ page }) => {
    await openPage(page, "/cart");
    const header = page.getByTestId("site-header");
    await expect(header.getByRole("link", { name: "Login", exact: true })).toHaveAttribute(
      "href",
      "/login",
    );
    await expect(header.getByRole("link", { name: "Sign up", exact: true })).toHaveAttribute(
      "href",
      "/signup",
    );
    await expect(header.getByRole("link", { name: "Login", exact: true })).toBeVisible();
    await expect(header.getByRole("link", { name: "Sign up", exact: true })).toBeVisible();
    await expect(header.getByRole("button", { name: "Logout" })).toHaveCount(0);
  });

  test("cart badge is hidden for an empty cart and counts quantities", async ({ page }) => {
    await openShop(page, "/shop?category=herbs");
    await expect(cartLink(page)).toHaveAccessibleName("Cart, 0 items");
    await expect(cartBadge(page)).toHaveCount(0);

    await page.getByRole("button", { name: "Add Mint to cart" }).click();
    await expect(cartBadge(page)).toHaveText("1");
    await expect(cartLink(page)).toHaveAccessibleName("Cart, 1 item");

    // Two of one product and one of another: the badge sums quantities, not lines.
    await page.getByRole("button", { name: "Add Mint to cart" }).click();
    await page.getByRole("button", { name: "Add Coriander to cart" }).click();
    await expect(cartBadge(page)).toHaveText("3");
    await expect(cartLink(page)).toHaveAccessibleName("Cart, 3 items");

    await cartLink(page).click();
    await expect(page).toHaveURL("/cart");
  });

  test("cart badge reflects a stored cart on first load", async ({ page }) => {
    await seedCart(page, [
      { id: "tomatoes", quantity: 4_000 },
      { id: "paneer", quantity: 2 },
    ]);
    await openPage(page, "/about");
    await expect(cartBadge(page)).toHaveText("6");
  });

  test("becomes more opaque after scrolling past 50 px", async ({ page }) => {
    await openShop(page, "/shop?category=vegetables");
    await expect(page.getByTestId("product-card").first()).toBeVisible();
    const header = page.getByTestId("site-header");
    await expect(header).toHaveAttribute("data-scrolled", "false");
    const topAlpha = await backgroundAlpha(header);

    await page.evaluate(() => window.scrollTo(0, 30));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(30);
    await expect(header).toHaveAttribute("data-scrolled", "false");

    await page.evaluate(() => window.scrollTo(0, 300));
    await expect(header).toHaveAttribute("data-scrolled", "true");
    await expect.poll(() => backgroundAlpha(header)).toBeGreaterThan(topAlpha);

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await expect.poll(() => backgroundAlpha(header)).toBeCloseTo(topAlpha, 2);
  });
});

test.describe("footer", () => {
  test("has quick links to the main pages", async ({ page }) => {
    await openPage(page, "/about");
    const quick = page.getByRole("contentinfo").getByRole("navigation", { name: "Quick Links" });
    for (const [name, href] of [
      ["Home", "/"],
      ["Shop", "/shop"],
      ["About", "/about"],
      ["Customer Support", "/customer-support"],
    ] as const) {
      await expect(quick.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await quick.getByRole("link", { name: "Shop", exact: true }).click();
    await expect(page).toHaveURL("/shop");
  });

  test("category links go to /shop?category={id}", async ({ page }) => {
    await openHome(page);
    const categories = page
      .getByRole("contentinfo")
      .getByRole("navigation", { name: "Categories" });
    await expect(categories.getByRole("link")).toHaveText(
      CATEGORY_IDS.map((id) => CATEGORY_NAMES[id]),
    );
    for (const id of CATEGORY_IDS) {
      await expect(
        categories.getByRole("link", { name: CATEGORY_NAMES[id], exact: true }),
      ).toHaveAttribute("href", `/shop?category=${id}`);
    }
    await categories.getByRole("link", { name: "Dairy" }).click();
    await expect(page).toHaveURL("/shop?category=dairy");
    await expect(page.getByRole("heading", { level: 1, name: "Dairy" })).toBeVisible();
  });

  test("shows the store address, phone and support email", async ({ page }) => {
    await openPage(page, "/cart");
    const footer = page.getByRole("contentinfo");
    const contact = footer.locator("address");
    await expect(contact).toContainText(STORE.street);
    await expect(contact).toContainText("Bhubaneswar");
    await expect(contact).toContainText("Odisha");
    await expect(contact.getByRole("link", { name: STORE.phone })).toHaveAttribute(
      "href",
      `tel:${STORE.phone.replaceAll(" ", "")}`,
    );
    await expect(contact.getByRole("link", { name: STORE.supportEmail })).toHaveAttribute(
      "href",
      `mailto:${STORE.supportEmail}`,
    );
  });

  test("links to the Privacy and Terms pages", async ({ page }) => {
    await openPage(page, "/cart");
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL("/privacy");
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    await footer.getByRole("link", { name: "Terms of Service" }).click();
    await expect(page).toHaveURL("/terms");
    await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
  });
});
