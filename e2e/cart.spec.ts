import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { cartBadge, openShop, READY_TIMEOUT, seedCart } from "./support/storefront.ts";

const lines = (page: Page) => page.getByTestId("cart-line");
const line = (page: Page, name: string) => lines(page).filter({ hasText: name });
const quantity = (page: Page, name: string) => line(page, name).getByTestId("quantity");
const summary = (page: Page) => page.getByRole("complementary", { name: "Order Summary" });
const emptyHeading = (page: Page) =>
  page.getByRole("heading", { level: 1, name: "Your cart is empty" });

async function openCart(page: Page) {
  await page.goto("/cart");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: READY_TIMEOUT });
}

/** The Order Summary figures, as shown. */
async function expectSummary(
  page: Page,
  figures: { subtotal: string; gst: string; delivery: string; total: string },
) {
  const box = summary(page);
  await expect(box.getByTestId("subtotal")).toHaveText(figures.subtotal);
  await expect(box.getByTestId("gst")).toHaveText(figures.gst);
  await expect(box.getByTestId("delivery")).toHaveText(figures.delivery);
  await expect(box.getByTestId("total")).toHaveText(figures.total);
}

test.describe("empty cart", () => {
  test("says Your cart is empty and Browse Products goes to /shop", async ({ page }) => {
    await openCart(page);
    await expect(emptyHeading(page)).toBeVisible();
    await expect(lines(page)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Proceed to Checkout" })).toHaveCount(0);
    await page.getByRole("link", { name: "Browse Products" }).click();
    await expect(page).toHaveURL("/shop");
  });
});

test.describe("cart with items", () => {
  test("shows what was added in the shop, with price per kg and weight", async ({ page }) => {
    await openShop(page, "/shop?category=vegetables");
    // The weight picker starts at the least a shopper can buy, 250 g; three steps make a kilo.
    const tomatoes = page.getByTestId("product-card").filter({ hasText: "Tomatoes" });
    await expect(tomatoes.getByTestId("weight-choice")).toHaveText("250 g · ₹10.00");
    for (let step = 0; step < 3; step += 1) {
      await page.getByRole("button", { name: "Increase weight of Tomatoes" }).click();
    }
    await expect(tomatoes.getByTestId("weight-choice")).toHaveText("1 kg · ₹40.00");
    await page.getByRole("button", { name: "Add 1 kg Tomatoes to cart" }).click();
    await page.getByRole("button", { name: "Add 1 kg Tomatoes to cart" }).click();
    await page.getByRole("button", { name: "Add 250 g Brinjal to cart" }).click();
    // A kilo or part of one is one item: 2 kg of tomatoes and 250 g of brinjal are three.
    await expect(cartBadge(page)).toHaveText("3");
    await page.getByRole("link", { name: /^Cart, 3 items$/ }).click();

    await expect(page).toHaveURL("/cart");
    await expect(page.getByRole("heading", { level: 1, name: "Your Cart" })).toBeVisible();
    await expect(lines(page)).toHaveCount(2);
    await expect(line(page, "Tomatoes")).toContainText("₹40.00 per kg");
    await expect(quantity(page, "Tomatoes")).toHaveText("2 kg");
    await expect(line(page, "Tomatoes")).toContainText("₹80.00");
    await expect(quantity(page, "Brinjal")).toHaveText("250 g");
    await expect(line(page, "Brinjal")).toContainText("₹12.50");
    await expectSummary(page, {
      subtotal: "₹92.50",
      gst: "₹0.00",
      delivery: "₹49.00",
      total: "₹141.50",
    });
  });

  test("plus adds one step, minus takes one away, and minus at the least weight removes the item", async ({
    page,
  }) => {
    await seedCart(page, [
      { id: "tomatoes", quantity: 1_000 },
      { id: "mint", quantity: 2 },
    ]);
    await openCart(page);
    await expect(quantity(page, "Tomatoes")).toHaveText("1 kg");
    await expect(quantity(page, "Mint")).toHaveText("2 bunch");

    // Tomatoes go in steps of 250 g; a kilo or part of one counts as one item on the badge.
    await page.getByRole("button", { name: "Increase quantity of Tomatoes" }).click();
    await expect(quantity(page, "Tomatoes")).toHaveText("1.25 kg");
    await expect(cartBadge(page)).toHaveText("4");
    await expect(summary(page).getByTestId("subtotal")).toHaveText("₹70.00");

    await page.getByRole("button", { name: "Decrease quantity of Tomatoes" }).click();
    await expect(quantity(page, "Tomatoes")).toHaveText("1 kg");
    await expect(cartBadge(page)).toHaveText("3");

    for (let step = 0; step < 3; step += 1) {
      await page.getByRole("button", { name: "Decrease quantity of Tomatoes" }).click();
    }
    await expect(quantity(page, "Tomatoes")).toHaveText("250 g");
    await expect(summary(page).getByTestId("subtotal")).toHaveText("₹30.00");

    await page.getByRole("button", { name: "Decrease quantity of Tomatoes" }).click();
    await expect(line(page, "Tomatoes")).toHaveCount(0);
    await expect(lines(page)).toHaveCount(1);
    await expect(cartBadge(page)).toHaveText("2");

    await page.getByRole("button", { name: "Decrease quantity of Mint" }).click();
    await page.getByRole("button", { name: "Decrease quantity of Mint" }).click();
    await expect(emptyHeading(page)).toBeVisible();
    await expect(cartBadge(page)).toHaveCount(0);
  });

  test("Remove deletes one item", async ({ page }) => {
    await seedCart(page, [
      { id: "tomatoes", quantity: 3_000 },
      { id: "paneer", quantity: 1 },
    ]);
    await openCart(page);
    await expect(lines(page)).toHaveCount(2);
    await page.getByRole("button", { name: "Remove Tomatoes" }).click();
    await expect(lines(page)).toHaveCount(1);
    await expect(line(page, "Paneer")).toBeVisible();
    await expect(cartBadge(page)).toHaveText("1");
    await expect(summary(page).getByTestId("subtotal")).toHaveText("₹110.00");
  });

  test("Clear Cart empties the cart and its stored copy", async ({ page }) => {
    await seedCart(page, [
      { id: "tomatoes", quantity: 3_000 },
      { id: "paneer", quantity: 1 },
    ]);
    await openCart(page);
    await page.getByRole("button", { name: "Clear Cart" }).click();
    await expect(emptyHeading(page)).toBeVisible();
    await expect(cartBadge(page)).toHaveCount(0);
    expect(await page.evaluate(() => window.localStorage.getItem("cart"))).toBeNull();
    await page.reload();
    await expect(emptyHeading(page)).toBeVisible({ timeout: READY_TIMEOUT });
  });

  test("Continue Shopping goes to /shop", async ({ page }) => {
    await seedCart(page, [{ id: "tomatoes", quantity: 1_000 }]);
    await openCart(page);
    await page.getByRole("link", { name: "Continue Shopping" }).click();
    await expect(page).toHaveURL("/shop");
    await expect(cartBadge(page)).toHaveText("1");
  });

  test("Proceed to Checkout goes to /checkout", async ({ page }) => {
    await seedCart(page, [{ id: "tomatoes", quantity: 1_000 }]);
    await openCart(page);
    await expect(summary(page).getByRole("heading", { name: "Order Summary" })).toBeVisible();
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    await expect(page).toHaveURL("/checkout");
    await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  });

  test("survives a reload through localStorage key cart", async ({ page }) => {
    await openShop(page, "/shop?category=fruits");
    await page.getByRole("button", { name: "Add Kiwi to cart" }).click();
    await page.getByRole("button", { name: "Add Kiwi to cart" }).click();
    await expect(cartBadge(page)).toHaveText("2");
    const stored = await page.evaluate(() =>
      JSON.parse(window.localStorage.getItem("cart") ?? "null"),
    );
    expect(stored).toEqual([
      expect.objectContaining({ product: expect.objectContaining({ id: "kiwi" }), quantity: 2 }),
    ]);

    await page.goto("/cart");
    await page.reload();
    await expect(quantity(page, "Kiwi")).toHaveText("2 pack", { timeout: READY_TIMEOUT });
    await expect(cartBadge(page)).toHaveText("2");
  });
});

test.describe("order summary", () => {
  test("charges ₹49.00 delivery at a ₹500.00 subtotal, and none above it", async ({ page }) => {
    // 500 g of strawberries at ₹600.00 per kg and 5 kg of tomatoes at ₹40.00 per kg.
    await seedCart(page, [
      { id: "strawberries", quantity: 500 },
      { id: "tomatoes", quantity: 5_000 },
    ]);
    await openCart(page);
    await expect(summary(page)).toContainText("Free delivery on orders over ₹500.00");
    await expectSummary(page, {
      subtotal: "₹500.00",
      gst: "₹0.00",
      delivery: "₹49.00",
      total: "₹549.00",
    });

    // One step of 250 g more: ₹10.00.
    await page.getByRole("button", { name: "Increase quantity of Tomatoes" }).click();
    await expectSummary(page, {
      subtotal: "₹510.00",
      gst: "₹0.00",
      delivery: "Free",
      total: "₹510.00",
    });

    await page.getByRole("button", { name: "Decrease quantity of Tomatoes" }).click();
    await page.getByRole("button", { name: "Decrease quantity of Tomatoes" }).click();
    await expectSummary(page, {
      subtotal: "₹490.00",
      gst: "₹0.00",
      delivery: "₹49.00",
      total: "₹539.00",
    });
  });

  test("adds 5% GST on Desi Ghee", async ({ page }) => {
    await seedCart(page, [{ id: "desi-ghee", quantity: 1 }]);
    await openCart(page);
    await expect(line(page, "Desi Ghee")).toContainText("₹1,000.00 / liter");
    await expectSummary(page, {
      subtotal: "₹1,000.00",
      gst: "₹50.00",
      delivery: "Free",
      total: "₹1,050.00",
    });
  });

  test("taxes only the items that carry GST", async ({ page }) => {
    // White Butter (5%, ₹640.00 per kg, sold by the 500 g) with fresh produce (GST-exempt).
    await seedCart(page, [
      { id: "white-butter", quantity: 500 },
      { id: "tomatoes", quantity: 2_000 },
    ]);
    await openCart(page);
    await expectSummary(page, {
      subtotal: "₹400.00",
      gst: "₹16.00",
      delivery: "₹49.00",
      total: "₹465.00",
    });
  });

  test("prices the cart with the server's catalogue, not the prices stored in the browser", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      if (window.sessionStorage.getItem("e2e-cart-seeded")) return;
      const stale = { id: "tomatoes", name: "Tomatoes", pricePaise: 1, unit: "kg" };
      window.localStorage.setItem("cart", JSON.stringify([{ product: stale, quantity: 2 }]));
      window.sessionStorage.setItem("e2e-cart-seeded", "true");
    });
    await openCart(page);
    await expect(summary(page).getByTestId("subtotal")).toHaveText("₹80.00");
  });
});

test.describe("the most of one product an order takes", () => {
  test("stops the cart and the product card at the cap and says so", async ({ page }) => {
    await seedCart(page, [{ id: "bananas", quantity: 49 }]);
    await openCart(page);
    await expect(line(page, "Bananas").getByTestId("per-order-note")).toHaveCount(0);
    await line(page, "Bananas")
      .getByRole("button", { name: "Increase quantity of Bananas" })
      .click();
    await expect(quantity(page, "Bananas")).toHaveText("50 dozen");
    await expect(line(page, "Bananas")).toContainText("Up to 50 dozen per order");
    await expect(
      line(page, "Bananas").getByRole("button", { name: "Increase quantity of Bananas" }),
    ).toBeDisabled();

    await openShop(page, "/shop?category=fruits");
    const card = page.getByTestId("product-card").filter({ hasText: "Bananas" });
    await expect(card).toContainText("Up to 50 dozen per order");
    await expect(
      card.getByRole("button", { name: /^Bananas: up to 50 dozen per order/ }),
    ).toBeDisabled();
    await expect(cartBadge(page)).toHaveText("50");
  });
});
