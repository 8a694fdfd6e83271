import type { Page } from "@playwright/test";
import {
  checkout,
  chooseStar,
  expectAccessibleWithin,
  expectConfirmation,
  MESSAGES,
  newBuyer,
  ratingDialog,
  settledToast,
  star,
  toast,
} from "./support/checkout.ts";
import { expect, expectAccessible, test } from "./support/fixtures.ts";
import { READY_TIMEOUT, seedCart } from "./support/storefront.ts";

// /order-confirmation: reload, direct visits, another browser, and the rating pop-up. These
// tests place 3 orders.

const RATING_DELAY_MS = 3_000;

/**
 * Places a cash order for one product and returns its number and the buyer's email: a kilo
 * (1,000 g) of what is weighed, one of what is counted.
 */
async function placeOrder(page: Page, productId: string, quantity: number) {
  await seedCart(page, [{ id: productId, quantity }]);
  const buyer = newBuyer();
  const orderNumber = await checkout(page, { buyer, payment: { method: "cash" } });
  return { orderNumber, email: buyer.email };
}

test.describe("visiting /order-confirmation", () => {
  test("with no order redirects to /shop", async ({ page }) => {
    await page.goto("/order-confirmation");
    await expect(page).toHaveURL("/shop", { timeout: READY_TIMEOUT });
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    // An order parameter that is not an order number is no order either.
    await page.goto("/order-confirmation?order=not-an-order");
    await expect(page).toHaveURL("/shop", { timeout: READY_TIMEOUT });
  });

  test("survives a reload, opens from its emailed link, and is not found from another browser", async ({
    page,
    browser,
  }) => {
    test.slow();
    const { orderNumber, email } = await placeOrder(page, "onions", 1_000);
    const expected = { orderNumber, email, payment: "Cash on Delivery", items: ["Onions"] };
    await expectConfirmation(page, expected);

    await page.reload();
    await expectConfirmation(page, expected);

    // The page a link to the order confirmation (?order=FHH-xxxxxx) opens.
    await page.goto(`/order-confirmation?order=${orderNumber}`);
    await expect(page.getByTestId("order-number")).toHaveText(orderNumber, {
      timeout: READY_TIMEOUT,
    });
    await expect(page.getByRole("main")).toContainText(email);

    // Another browser (its own cookies) cannot see the order, and is told so plainly.
    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      await other.addInitScript(() => window.localStorage.setItem("welcomeSeen", "true"));
      const stranger = await other.newPage();
      await stranger.goto(`/order-confirmation?order=${orderNumber}`);
      await expect(
        stranger.getByRole("heading", { level: 1, name: "We could not find this order here" }),
      ).toBeVisible({ timeout: READY_TIMEOUT });
      await expect(stranger.getByRole("main")).toContainText(
        `Order ${orderNumber} can be viewed from the browser it was placed in.`,
      );
      await expect(stranger.getByTestId("order-number")).toHaveCount(0);
      await expect(stranger.getByRole("main")).not.toContainText(email);
      // Nor its data or invoice through the API.
      expect((await other.request.get(`/api/orders/${orderNumber}`)).status()).toBe(404);
      expect((await other.request.get(`/api/orders/${orderNumber}/invoice`)).status()).toBe(404);
      await stranger.getByRole("link", { name: "Continue Shopping" }).click();
      await expect(stranger).toHaveURL("/shop");
    } finally {
      await other.close();
    }
  });
});

test.describe("rating pop-up", () => {
  test("appears after about 3 s with stars 1-5; Submit waits for a star; Skip closes it for good", async ({
    page,
  }) => {
    test.slow();
    // Notes, in the page's own clock, when the confirmation and then the pop-up appear.
    await page.addInitScript(() => {
      const seen: { order?: number; dialog?: number } = {};
      (window as unknown as { __seen: typeof seen }).__seen = seen;
      new MutationObserver(() => {
        seen.order ??= document.querySelector("[data-testid=order-number]")
          ? performance.now()
          : undefined;
        seen.dialog ??= document.querySelector("[data-testid=rating-dialog]")
          ? performance.now()
          : undefined;
      }).observe(document, { childList: true, subtree: true });
    });
    const { orderNumber, email } = await placeOrder(page, "cucumber", 1_000);
    const dialog = ratingDialog(page);
    await expect(dialog).toBeVisible({ timeout: RATING_DELAY_MS + 5_000 });
    const seen = await page.evaluate(
      () => (window as unknown as { __seen: { order: number; dialog: number } }).__seen,
    );
    const delay = seen.dialog - seen.order;
    expect(delay, "the pop-up comes about 3 s after the confirmation").toBeGreaterThanOrEqual(
      RATING_DELAY_MS - 100,
    );
    expect(delay).toBeLessThan(RATING_DELAY_MS + 1_500);
    await expect(dialog.getByRole("heading")).toHaveText("How was your shopping experience?");
    await expect(dialog.getByRole("radio")).toHaveCount(5);
    for (const value of [1, 2, 3, 4, 5]) await expect(star(dialog, value)).not.toBeChecked();
    await expect(dialog.getByRole("button", { name: "Submit" })).toBeDisabled();
    await expect(dialog.getByRole("button", { name: "Skip" })).toBeEnabled();
    // The stars work from the keyboard too.
    await star(dialog, 1).focus();
    await page.keyboard.press("ArrowRight");
    await expect(star(dialog, 2)).toBeChecked();
    await expect(dialog.getByRole("button", { name: "Submit" })).toBeEnabled();

    await dialog.getByRole("button", { name: "Skip" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(toast(page, MESSAGES.thanks)).toHaveCount(0);

    // The confirmation itself passes axe.
    await expectConfirmation(page, {
      orderNumber,
      email,
      payment: "Cash on Delivery",
      items: ["Cucumber"],
    });
    await expectAccessible(page);

    // Skipped: a reload does not ask again.
    await page.reload();
    await expect(page.getByTestId("order-number")).toHaveText(orderNumber, {
      timeout: READY_TIMEOUT,
    });
    await page.waitForTimeout(RATING_DELAY_MS + 1_500);
    await expect(dialog).toHaveCount(0);
  });

  test("choosing stars and submitting thanks the shopper and stores the rating", async ({
    page,
    context,
  }) => {
    test.slow();
    const { orderNumber } = await placeOrder(page, "bananas", 1);
    const dialog = ratingDialog(page);
    await expect(dialog).toBeVisible({ timeout: RATING_DELAY_MS + 5_000 });
    await expectAccessible(page);

    const submit = dialog.getByRole("button", { name: "Submit" });
    await expect(submit).toBeDisabled();
    await chooseStar(page, 2);
    await expect(star(dialog, 2)).toBeChecked();
    await expect(dialog).toContainText("Fair");
    await expect(submit).toBeEnabled();
    await chooseStar(page, 4);
    await expect(star(dialog, 4)).toBeChecked();
    await expect(star(dialog, 2)).not.toBeChecked();
    await expect(dialog).toContainText("Very good");
    await expectAccessible(page);

    await submit.click();
    await expect(toast(page, MESSAGES.thanks)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await settledToast(page, MESSAGES.thanks);
    await expectAccessibleWithin(page, "[data-sonner-toaster]");

    // Stored on the server with the order.
    const response = await page.request.get(`/api/orders/${orderNumber}`);
    expect(response.ok()).toBe(true);
    expect(((await response.json()) as { rating: number | null }).rating).toBe(4);

    // Neither a reload nor a fresh tab (with its own session storage) asks again.
    await page.reload();
    await expect(page.getByTestId("order-number")).toHaveText(orderNumber, {
      timeout: READY_TIMEOUT,
    });
    const tab = await context.newPage();
    await tab.goto(`/order-confirmation?order=${orderNumber}`);
    await expect(tab.getByTestId("order-number")).toHaveText(orderNumber, {
      timeout: READY_TIMEOUT,
    });
    await tab.waitForTimeout(RATING_DELAY_MS + 1_500);
    await expect(ratingDialog(tab)).toHaveCount(0);
    await expect(dialog).toHaveCount(0);
    await tab.close();
  });
});
