// The pick list and the packing slip on a 390 px phone: nothing scrolls sideways, the packer's
// ticks and the shop's heading stay in reach, and axe finds nothing serious.
import { expect, expectAccessible, test } from "./support/fixtures.ts";
import { placeCashOrder, SALES_DASHBOARD } from "./support/sales.ts";
import { signInAsStaff } from "./support/staff.ts";
import { overflowsHorizontally, READY_TIMEOUT } from "./support/storefront.ts";

test.use({ viewport: { width: 390, height: 844 } });

test("the pick list and a packing slip fit a 390 px phone", async ({ page }) => {
  test.slow();
  const orderNumber = await placeCashOrder(page, [{ productId: "pineapple", quantity: 2 }]);
  await signInAsStaff(page, "sales");

  await page.goto(`${SALES_DASHBOARD}/pick-list`);
  await expect(page.getByRole("heading", { name: "Pick list" })).toBeVisible({
    timeout: READY_TIMEOUT,
  });
  await expect(page.getByRole("checkbox", { name: "Placed" })).toBeChecked();
  // On a phone each product is a card; the placed order is on it with its state.
  const card = page.getByRole("listitem").filter({ hasText: "Pineapple" });
  await expect(card).toBeVisible();
  await expect(card).toContainText(`${orderNumber} × 2 (Placed)`);
  expect(await overflowsHorizontally(page), "the pick list scrolls sideways").toBe(false);
  await page.screenshot({ path: "/tmp/sales-docs-pick-390.png", fullPage: true });
  await expectAccessible(page);

  await page.goto(`${SALES_DASHBOARD}/orders/${orderNumber}/packing-slip`);
  await expect(page.getByRole("heading", { name: `Packing slip ${orderNumber}` })).toBeVisible({
    timeout: READY_TIMEOUT,
  });
  await expect(page.getByTestId("slip-seller")).toContainText(/GSTIN \d{2}[A-Z]{5}/);
  expect(await overflowsHorizontally(page), "the slip scrolls sideways").toBe(false);
  await page.screenshot({ path: "/tmp/sales-docs-slip-390.png", fullPage: true });
  await expectAccessible(page);
});
