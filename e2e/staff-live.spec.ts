import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { STAFF_EVENTS_PATH } from "../src/shared/contracts/staff-events.ts";
import { isWeighed } from "../src/shared/rules/measure.ts";
import { DASHBOARDS } from "../src/shared/rules/staff.ts";
import { expect, test } from "./support/fixtures.ts";
import { signInAsInventoryManager } from "./support/inventory.ts";
import { READY_TIMEOUT } from "./support/storefront.ts";

// A change made elsewhere reaches an open dashboard by itself: a shopper in another browser
// places an order and the inventory manager's "Units sold today" moves without a reload, over
// the server-sent event stream that PostgreSQL's (or PGlite's) LISTEN/NOTIFY feeds.

/** Places a cash order through the API, as the checkout page would, from its own browser. */
async function placeOrder(request: APIRequestContext, origin: string, quantity: number) {
  const catalogue = await request.get("/api/products");
  expect(catalogue.ok()).toBe(true);
  const { products } = (await catalogue.json()) as {
    products: { id: string; stock: number; unit: string }[];
  };
  // A counted product: "Units sold today" counts its units one by one (a kilo counts as one).
  const product = products.find(
    (candidate) => !isWeighed(candidate.unit) && candidate.stock >= quantity + 5,
  );
  expect(product, "a product with stock to sell").toBeDefined();
  const response = await request.post("/api/orders", {
    headers: { origin, "idempotency-key": randomUUID() },
    data: {
      contact: {
        firstName: "Meera",
        lastName: "Live",
        email: `live.${Date.now()}@example.in`,
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
      items: [{ productId: product!.id, quantity }],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

const unitsSoldToday = async (text: string | null) =>
  Number((text ?? "").match(/Units sold today\s*([\d,]+)/)?.[1]?.replace(/,/g, "") ?? Number.NaN);

test("the inventory dashboard counts a sale made in another browser without a reload", async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  await signInAsInventoryManager(page);

  const streamOpened = page.waitForResponse(
    (response) => new URL(response.url()).pathname === STAFF_EVENTS_PATH,
    { timeout: READY_TIMEOUT },
  );
  await page.goto(`/admin/dashboard/${DASHBOARDS.inventory.id}`);
  const sold = page.getByTestId("figure-sold");
  await expect(sold).toBeVisible({ timeout: READY_TIMEOUT });
  expect((await streamOpened).status()).toBe(200);
  const before = await unitsSoldToday(await sold.textContent());
  expect(before).not.toBeNaN();
  // Set on this document only: a reload would lose it.
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });

  const shopper = await browser.newContext({ baseURL });
  try {
    const started = Date.now();
    await placeOrder(shopper.request, origin, 3);
    await expect
      .poll(async () => unitsSoldToday(await sold.textContent()), { timeout: 5_000 })
      // Other specs' shoppers order in the same run, so the count may grow by more than ours.
      .toBeGreaterThanOrEqual(before + 3);
    // The spec's promise is 2 s; the poll allows a busy test machine a little more.
    test
      .info()
      .annotations.push({ type: "live update", description: `${Date.now() - started} ms` });
  } finally {
    await shopper.close();
  }
  expect(
    await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
  ).toBe(true);
});
