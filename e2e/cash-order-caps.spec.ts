import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { PAYMENT_LABELS } from "../src/shared/contracts/payments.ts";
import { STAFF_EVENTS_PATH } from "../src/shared/contracts/staff-events.ts";
import { LARGE_ORDER_TEXT } from "../src/shared/rules/large-order-share.ts";
import {
  choosePayment,
  expectAccessibleWithin,
  openCheckout,
  placeOrderButton,
  recordOrderPosts,
} from "./support/checkout.ts";
import { expect, test } from "./support/fixtures.ts";
import { INVENTORY_DASHBOARD, signInAsInventoryManager } from "./support/inventory.ts";
import { openSalesBoard } from "./support/sales.ts";
import { fetchProducts, READY_TIMEOUT, seedCart } from "./support/storefront.ts";

// Cash on delivery's caps as the shopper meets them (before Place Order, nothing sent), and a
// large-share order as the Sales and Inventory dashboards see it arrive, without a reload.

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

const CASH_CAPS =
  /Cash on delivery is for orders up to ₹5,000, 100 items and 30 different products/;

test.describe("the checkout's cash caps", () => {
  test("says so before Place Order and sends no cash order over them", async ({ page }) => {
    // 30 kg of apples at Rs 220: Rs 6,600, over the total's cap only.
    await seedCart(page, [{ id: "kashmir-apples", quantity: 30_000 }]);
    const posts = recordOrderPosts(page);
    await openCheckout(page);

    await choosePayment(page, "cash");
    const note = page.getByTestId("cash-cap-note");
    await expect(note).toBeVisible();
    await expect(note).toHaveText(CASH_CAPS);
    await expect(note).toContainText("this one comes to ₹6,600");
    await expect(note).toContainText("Please pay online, or make the order smaller.");
    await expect(placeOrderButton(page)).toBeDisabled();
    await expect(page.getByTestId("cash-cap-hint")).toBeVisible();
    await expectAccessibleWithin(page, "form[aria-label='Checkout']");
    // At a phone's width the note is whole and the page does not scroll sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await note.scrollIntoViewIfNeeded();
    await expect(note).toBeInViewport({ ratio: 1 });
    expect(await fitsWidth(page)).toBe(true);

    // Paying online, the same cart may be ordered.
    await choosePayment(page, "card");
    await expect(note).toHaveCount(0);
    await expect(placeOrderButton(page)).toBeEnabled();
    expect(posts).toEqual([]);
  });

  test("takes a cart within the caps in cash", async ({ page }) => {
    await seedCart(page, [{ id: "kashmir-apples", quantity: 20_000 }]);
    await openCheckout(page);
    await choosePayment(page, "cash");
    await expect(page.getByTestId("cash-cap-note")).toHaveCount(0);
    await expect(placeOrderButton(page)).toBeEnabled();
  });
});

test("an order awaiting its online payment offers cash on delivery only within the caps", async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const awaiting = async (items: { productId: string; quantity: number }[]) => {
    const response = await page.request.post("/api/orders", {
      headers: { origin, "idempotency-key": randomUUID() },
      data: {
        contact: {
          firstName: "Meera",
          lastName: "Online",
          email: `online.${Date.now()}@example.in`,
          phone: `9${String(Date.now()).slice(-9)}`,
        },
        delivery: {
          address: "Plot 12, Saheed Nagar",
          city: "Bhubaneswar",
          state: "Odisha",
          pincode: "751007",
        },
        notes: "",
        payment: { method: "card" },
        items,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    const { orderNumber } = (await response.json()) as { orderNumber: string };
    await page.goto(`/order-confirmation?order=${orderNumber}`);
    await expect(page.getByRole("button", { name: PAYMENT_LABELS.payNow })).toBeVisible({
      timeout: READY_TIMEOUT,
    });
  };
  const cashButton = () => page.getByRole("button", { name: PAYMENT_LABELS.payCashInstead });

  // 30 kg of apples, Rs 6,600: online only.
  await awaiting([{ productId: "kashmir-apples", quantity: 30_000 }]);
  await expect(cashButton()).toHaveCount(0);
  await awaiting([{ productId: "kashmir-apples", quantity: 2_000 }]);
  await expect(cashButton()).toBeVisible();
});

/** A cash order through the API, from a browser of its own, taking over a quarter of a product. */
async function placeLargeShareOrder(request: APIRequestContext, origin: string) {
  const products = await (await request.get("/api/products")).json();
  const product = (products.products as { id: string; name: string; stock: number }[]).find(
    (candidate) => candidate.id === "curry-leaves",
  )!;
  const quantity = Math.floor(product.stock / 4) + 1;
  const response = await request.post("/api/orders", {
    headers: { origin, "idempotency-key": randomUUID() },
    data: {
      contact: {
        firstName: "Meera",
        lastName: "Large",
        email: `large.${Date.now()}@example.in`,
        phone: `9${String(Date.now()).slice(-9)}`,
      },
      delivery: {
        address: "Plot 12, Saheed Nagar",
        city: "Bhubaneswar",
        state: "Odisha",
        pincode: "751007",
      },
      notes: "",
      payment: { method: "cash" },
      items: [{ productId: product.id, quantity }],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { orderNumber } = (await response.json()) as { orderNumber: string };
  return { orderNumber, name: product.name, quantity };
}

/** Waits for the dashboard's event stream to open, as a page that hears changes does. */
const streamOpened = (page: Page) =>
  page.waitForResponse((response) => new URL(response.url()).pathname === STAFF_EVENTS_PATH, {
    timeout: READY_TIMEOUT,
  });

async function expectNoticeLive(page: Page, openShopper: () => Promise<APIRequestContext>) {
  const origin = new URL(page.url()).origin;
  const shopper = await openShopper();
  const order = await placeLargeShareOrder(shopper, origin);
  const notices = page.getByTestId("large-order-notices");
  await expect(notices).toBeVisible({ timeout: 5_000 });
  await expect(notices.getByRole("heading", { name: LARGE_ORDER_TEXT.heading })).toBeVisible();
  await expect(notices).toContainText(
    `Order ${order.orderNumber} took ${order.name} × ${order.quantity} bunch`,
  );
  return order;
}

test("the Sales and Inventory dashboards show a large-share order as it is placed", async ({
  page,
  browser,
  baseURL,
}) => {
  await fetchProducts(page.request);
  const contexts: { close(): Promise<void> }[] = [];
  const openShopper = async () => {
    const context = await browser.newContext({ baseURL });
    contexts.push(context);
    return context.request;
  };
  try {
    const salesLive = streamOpened(page);
    await openSalesBoard(page);
    expect((await salesLive).status()).toBe(200);
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    const order = await expectNoticeLive(page, openShopper);
    expect(
      await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
    ).toBe(true);
    // The manager opens the order from the notice.
    await page
      .getByTestId("large-order-notices")
      .getByRole("button", { name: LARGE_ORDER_TEXT.openOrderFor(order.orderNumber) })
      .click();
    await expect(page.getByRole("dialog", { name: `Order ${order.orderNumber}` })).toBeVisible();
    await expectAccessibleWithin(page, "[data-testid='large-order-notices']");
    await page.keyboard.press("Escape");

    // The inventory manager at a phone's width.
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsInventoryManager(page);
    const inventoryLive = streamOpened(page);
    await page.goto(INVENTORY_DASHBOARD);
    // On a phone the figures are one line that opens, below the products.
    await expect(page.getByRole("button", { name: /^Today's figures/ })).toBeVisible({
      timeout: READY_TIMEOUT,
    });
    expect((await inventoryLive).status()).toBe(200);
    const second = await expectNoticeLive(page, openShopper);
    expect(await fitsWidth(page)).toBe(true);
    // The inventory manager opens the product's stock from the notice.
    await page
      .getByTestId("large-order-notices")
      .getByRole("button", { name: LARGE_ORDER_TEXT.openStockFor(second.name) })
      .first()
      .click();
    await expect(page.getByRole("dialog", { name: `Stock of ${second.name}` })).toBeVisible();
  } finally {
    for (const context of contexts) await context.close();
  }
});
