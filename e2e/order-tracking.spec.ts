import type { Page } from "@playwright/test";
import { orderEventsPath, orderTrackingPath } from "../src/shared/contracts/order-tracking.ts";
import { allowFailedResource } from "./support/checkout.ts";
import { expect, expectAccessible, test } from "./support/fixtures.ts";
import { findOrder, openSalesBoard, placeCashOrder } from "./support/sales.ts";
import { overflowsHorizontally, READY_TIMEOUT } from "./support/storefront.ts";

// /orders/{number}: the order's states with their times, the promise counting down, its
// documents, and the sales manager's moves arriving live from another browser.

const items = [{ productId: "carrots", quantity: 1_000 }];

/** Opens the order's page and waits until it shows the order and hears its changes live. */
async function openTracking(page: Page, orderNumber: string) {
  await page.goto(orderTrackingPath(orderNumber));
  await expect(page.getByRole("heading", { level: 1, name: `Order ${orderNumber}` })).toBeVisible({
    timeout: READY_TIMEOUT,
  });
  await expect(page.getByRole("status").filter({ hasText: "Live updates" })).toBeVisible({
    timeout: READY_TIMEOUT,
  });
}

const step = (page: Page, status: string) => page.getByTestId(`step-${status}`);

test("a sales manager's move shows on the order's page within seconds, without a reload", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  // The shopper's own browser: the API request shares its cookies, as checkout would.
  const orderNumber = await placeCashOrder(page, items);
  await page.goto(`/order-confirmation?order=${orderNumber}`);
  await expect(page.getByRole("link", { name: "Track your order" })).toHaveAttribute(
    "href",
    orderTrackingPath(orderNumber),
    { timeout: READY_TIMEOUT },
  );

  await openTracking(page, orderNumber);
  await expect(page.getByTestId("tracking-status")).toHaveText("Placed");
  await expect(step(page, "placed")).toContainText(/\d{1,2}:\d{2}\s?[ap]m/i);
  await expect(step(page, "confirmed")).toContainText("Not yet");
  await expect(page.getByTestId("delivery-countdown")).toContainText(/Arriving by .*\d+ min left/);
  await expect(page.getByRole("link", { name: "Download Invoice" })).toBeVisible();
  await expectAccessible(page);
  // Set on this document only: a reload would lose it.
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });

  const staff = await browser.newContext({ baseURL });
  try {
    const board = await staff.newPage();
    await openSalesBoard(board);
    await findOrder(board, orderNumber);
    const started = Date.now();
    await board.getByRole("button", { name: `Confirm ${orderNumber}` }).click();
    await expect(page.getByTestId("tracking-status")).toHaveText("Confirmed", { timeout: 5_000 });
    await expect(step(page, "confirmed")).toContainText(/\d{1,2}:\d{2}\s?[ap]m/i);
    await expect(step(page, "confirmed")).toHaveAttribute("aria-current", "step");
    // The promise is 2 s; the wait allows a busy test machine a little more.
    test
      .info()
      .annotations.push({ type: "live update", description: `${Date.now() - started} ms` });
  } finally {
    await staff.close();
  }
  expect(
    await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
  ).toBe(true);
});

test("fits a phone, and says when live updates are paused while still showing the order", async ({
  page,
  browserErrors,
}) => {
  const orderNumber = await placeCashOrder(page, items);
  await page.setViewportSize({ width: 360, height: 780 });
  // A stream that cannot open: the page shows the order anyway, and says updates are paused.
  await page.route(`**${orderEventsPath(orderNumber)}`, (route) =>
    route.fulfill({ status: 503, body: "" }),
  );
  await page.goto(orderTrackingPath(orderNumber));
  await expect(page.getByRole("heading", { level: 1, name: `Order ${orderNumber}` })).toBeVisible({
    timeout: READY_TIMEOUT,
  });
  await expect(page.getByRole("status").filter({ hasText: "Live updates paused" })).toBeVisible();
  await expect(step(page, "placed")).toBeVisible();
  expect(await overflowsHorizontally(page)).toBe(false);
  await expectAccessible(page);
  expect(allowFailedResource(browserErrors, 503)).toBeGreaterThanOrEqual(1);
});

test("another browser is told the order is not here, and cannot open its stream", async ({
  page,
  browser,
  baseURL,
}) => {
  const orderNumber = await placeCashOrder(page, items);
  const other = await browser.newContext({ baseURL });
  try {
    const stranger = await other.newPage();
    await stranger.goto(orderTrackingPath(orderNumber));
    await expect(
      stranger.getByRole("heading", { level: 1, name: "We could not find this order here" }),
    ).toBeVisible({ timeout: READY_TIMEOUT });
    await expect(stranger.getByTestId("order-progress")).toHaveCount(0);
    await expectAccessible(stranger);
    expect((await other.request.get(orderEventsPath(orderNumber))).status()).toBe(404);
  } finally {
    await other.close();
  }
});
