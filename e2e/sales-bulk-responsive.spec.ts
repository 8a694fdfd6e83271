import { randomUUID } from "node:crypto";
import { expect, expectAccessible, test } from "./support/fixtures.ts";
import { openSalesBoard, placeCashOrder } from "./support/sales.ts";
import { overflowsHorizontally, READY_TIMEOUT } from "./support/storefront.ts";

// Selecting orders and the bar of what to do with them on a 390 px phone: the ticks and the bar
// fit, nothing scrolls sideways, and axe finds nothing serious. Runs in the "mobile" project.

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

test("at 390 px the orders are selected on their cards and the bulk bar fits the screen", async ({
  page,
}) => {
  test.slow();
  await openSalesBoard(page);
  const email = `bulk.phone.${Date.now()}.${randomUUID().slice(0, 6)}@example.in`;
  const orders = [
    await placeCashOrder(page, [{ productId: "onions", quantity: 1_000 }], email),
    await placeCashOrder(page, [{ productId: "onions", quantity: 1_000 }], email),
  ];
  await page.getByLabel("Search order number, phone or email").fill(email);
  for (const orderNumber of orders) {
    await expect(page.getByRole("button", { name: orderNumber, exact: true })).toBeVisible({
      timeout: READY_TIMEOUT,
    });
  }
  for (const orderNumber of orders) {
    await page.getByRole("checkbox", { name: `Select ${orderNumber}` }).check();
  }
  const bar = page.getByRole("toolbar", { name: "Selected orders" });
  await expect(bar).toContainText("2 selected");
  await bar.scrollIntoViewIfNeeded();
  for (const control of [
    bar.getByRole("button", { name: "Confirm 2 orders" }),
    bar.getByRole("link", { name: "Print packing slips" }),
    bar.getByRole("button", { name: "Clear selection" }),
  ]) {
    const box = (await control.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width + 0.5);
  }
  expect(await overflowsHorizontally(page), "the page scrolls sideways").toBe(false);
  await page.screenshot({ path: "/tmp/sales-bulk-phone.png" });

  await bar.getByRole("button", { name: "Confirm 2 orders" }).click();
  await expect(page.getByTestId("sales-bulk-outcome")).toContainText("2 orders confirmed.");
  expect(await overflowsHorizontally(page), "the page scrolls sideways").toBe(false);
  await page.screenshot({ path: "/tmp/sales-bulk-phone-done.png" });
  await expectAccessible(page);
});
