import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { checkout, GOOD_CARD, skipRating } from "./support/checkout.ts";
import { expect, expectAccessible, test } from "./support/fixtures.ts";
import {
  findOrder,
  openOrder,
  openSalesBoard,
  packOnBoard,
  placeCashOrder,
  pressHeldMove,
} from "./support/sales.ts";
import { READY_TIMEOUT, seedCart } from "./support/storefront.ts";

// The sales manager's board (/admin/dashboard/2) runs each order from placed to delivered while
// the shopper watches from their own browser.

const PASSWORD = "green mangoes ripen";

async function signUpShopper(page: Page) {
  await page.goto("/signup");
  await page.getByLabel("Full name").fill("Asha Das");
  await page.getByLabel("Email").fill(`board.${Date.now()}@example.in`);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page).toHaveURL("/", { timeout: READY_TIMEOUT });
}

test("a shopper's order reaches the board without a reload, and moved to delivered their My orders says Delivered", async ({
  page,
  browser,
}) => {
  // Two browsers, a whole order walked through every state: minutes on a busy CI machine.
  test.setTimeout(180_000);
  await openSalesBoard(page);

  const shopper = await browser.newContext();
  const shop = await shopper.newPage();
  await signUpShopper(shop);
  await seedCart(shop, [{ id: "tomatoes", quantity: 2_000 }]);
  const orderNumber = await checkout(shop, { payment: { method: "cash" } });
  await skipRating(shop);

  // Live: the new order appears by itself, with a notice that needs no sound or sight of colour.
  // Other suites' shoppers order on the same store meanwhile: the notice may name theirs.
  await expect(page.getByTestId("sales-new-order-notice")).toContainText(/New orders? FHH-\d{6}/);
  await expect(page.getByRole("button", { name: orderNumber, exact: true })).toBeVisible();

  await findOrder(page, orderNumber);
  await page.getByRole("button", { name: `Confirm ${orderNumber}` }).click();
  await page.getByRole("button", { name: `Mark packed ${orderNumber}` }).click();
  const sheet = page.getByRole("dialog", { name: `Pack ${orderNumber}` });
  await expect(sheet.getByLabel("Tomatoes: weight packed (kg)")).toHaveValue("2");
  await sheet.getByRole("button", { name: "Mark packed" }).click();
  await expect(page.getByRole("dialog", { name: `Order ${orderNumber}` })).toContainText("Packed");
  await page.keyboard.press("Escape");
  await pressHeldMove(page, "Out for delivery", orderNumber);
  await pressHeldMove(page, "Mark delivered", orderNumber);

  await page.getByLabel("Status", { exact: true }).selectOption({ label: "All orders" });
  const detail = await openOrder(page, orderNumber);
  await expect(detail).toContainText("Delivered");
  const timeline = detail.getByTestId("sales-timeline-entry");
  await expect(timeline).toHaveCount(5);

  await shop.goto("/my-orders");
  const row = shop.getByTestId("my-order").filter({ hasText: orderNumber });
  await expect(row.getByTestId("my-order-status")).toContainText("Delivered", {
    timeout: READY_TIMEOUT,
  });
  // The GST invoice has its own serial now that the order has left the store.
  const downloading = shop.waitForEvent("download");
  await row.getByRole("link", { name: `Invoice for ${orderNumber}` }).click();
  const html = await readFile((await (await downloading).path())!, "utf8");
  const invoice = await shopper.newPage();
  await invoice.setContent(html);
  await expect(invoice.getByRole("heading", { level: 1 })).toHaveText("Bill of Supply");
  await expect(
    invoice.locator("table.meta").getByRole("row", { name: /Invoice no\./ }),
  ).toContainText(/FHH\/\d{2}-\d{2}\/\d{6}/);
  await shopper.close();
});

test("a card order cancelled after it left the store is refunded in full and gets a credit note", async ({
  page,
  browser,
}) => {
  // Two browsers, a whole order walked through every state: minutes on a busy CI machine.
  test.setTimeout(180_000);
  const shopper = await browser.newContext();
  const shop = await shopper.newPage();
  await seedCart(shop, [{ id: "mangoes", quantity: 1_000 }]);
  const orderNumber = await checkout(shop, { payment: { method: "card", card: GOOD_CARD } });
  await skipRating(shop);

  await openSalesBoard(page);
  await packOnBoard(page, orderNumber);
  await pressHeldMove(page, "Out for delivery", orderNumber);
  await expect(page.getByRole("button", { name: `Mark delivered ${orderNumber}` })).toBeVisible();

  const sheet = await openOrder(page, orderNumber);
  await sheet.getByRole("button", { name: "Cancel order" }).click();
  const cancel = page.getByRole("dialog", { name: `Cancel ${orderNumber}` });
  await expect(cancel).toContainText("refunds the online payment");
  await cancel.getByLabel("Reason").selectOption({ label: "Address not reachable" });
  await cancel.getByRole("button", { name: "Cancel order" }).click();
  const detail = page.getByRole("dialog", { name: `Order ${orderNumber}` });
  await expect(detail.getByTestId("sales-refund")).toContainText("Refunded");
  await expect(detail.getByTestId("sales-credit-note")).toContainText(/FCN\/\d{2}-\d{2}\/\d{6}/);
  // The panel of a cancelled order (the whole board has its own axe test below).
  await expectAccessible(page, {}, '[role="dialog"]');

  // The shopper sees it cancelled, and can download the credit note.
  await shop.goto(`/order-confirmation?order=${orderNumber}`);
  await expect(shop.getByTestId("order-status")).toContainText("Cancelled", {
    timeout: READY_TIMEOUT,
  });
  const notes = shop.getByTestId("credit-notes");
  const downloading = shop.waitForEvent("download");
  await notes.getByRole("link").first().click();
  expect((await downloading).suggestedFilename()).toMatch(
    /^credit-note-FCN-\d{2}-\d{2}-\d{6}\.html$/,
  );
  await shopper.close();
});

test("leaving the store waits a few seconds with an Undo; undone, the order stays packed and has no invoice", async ({
  page,
}) => {
  test.slow();
  const orderNumber = await placeCashOrder(page, [{ productId: "onions", quantity: 1_000 }]);
  await openSalesBoard(page);
  await packOnBoard(page, orderNumber);
  await page.getByRole("button", { name: `Out for delivery ${orderNumber}` }).click();
  const undo = page.getByRole("button", { name: `Undo out for delivery ${orderNumber}` });
  await expect(undo).toBeVisible();
  await undo.click();
  await expect(page.getByText(`${orderNumber} stays as it was.`)).toBeVisible();
  // Well past the hold: nothing was sent, the order is still packed with no invoice number.
  await page.waitForTimeout(6_500);
  const sheet = await openOrder(page, orderNumber);
  await expect(sheet).toContainText("Packed");
  await expect(sheet).toContainText("Issued when the order leaves the store.");
  await page.keyboard.press("Escape");
  // Pressed and left alone, it goes.
  await pressHeldMove(page, "Out for delivery", orderNumber);
  await expect(page.getByRole("button", { name: `Mark delivered ${orderNumber}` })).toBeVisible();
});

test("the pick list gathers confirmed orders by product, ready to print", async ({ page }) => {
  test.slow();
  const first = await placeCashOrder(page, [
    { productId: "spinach", quantity: 2 },
    { productId: "onions", quantity: 1_000 },
  ]);
  const second = await placeCashOrder(page, [{ productId: "spinach", quantity: 3 }]);
  await openSalesBoard(page);
  for (const orderNumber of [first, second]) {
    await findOrder(page, orderNumber);
    await page.getByRole("button", { name: `Confirm ${orderNumber}` }).click();
    await expect(page.getByRole("button", { name: `Mark packed ${orderNumber}` })).toBeVisible();
  }
  await page.getByRole("link", { name: "Pick list" }).click();
  await expect(page.getByRole("heading", { name: "Pick list" })).toBeVisible({
    timeout: READY_TIMEOUT,
  });
  // Other tests' confirmed orders share the list, so each order's own units are checked.
  const spinach = page.getByRole("row").filter({ hasText: "Spinach" });
  await expect(spinach).toContainText(`${first} × 2`);
  await expect(spinach).toContainText(`${second} × 3`);
  await expect(page.getByRole("row").filter({ hasText: "Onions" })).toContainText(`${first} × 1`);
  // The product's total is the sum of its orders' units.
  const cells = await spinach.getByRole("cell").allTextContents();
  const perOrder = [...cells.join(" ").matchAll(/× (\d+)/g)].map((match) => Number(match[1]));
  expect(Number.parseFloat(cells[0]!)).toBe(perOrder.reduce((sum, units) => sum + units, 0));
  await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
  await expectAccessible(page);
});

test("the board and an order's panel pass axe, on a desktop", async ({ page }) => {
  // axe over the whole dashboard (board, figures, charts) takes tens of seconds on a busy machine.
  test.setTimeout(180_000);
  const orderNumber = await placeCashOrder(page, [{ productId: "tomatoes", quantity: 1_000 }]);
  await openSalesBoard(page);
  await expectAccessible(page);
  await findOrder(page, orderNumber);
  await openOrder(page, orderNumber);
  await expectAccessible(page);
});

test("the board's filters and the open order live in the address: a reload and a shared link keep them", async ({
  page,
  browser,
}) => {
  const orderNumber = await placeCashOrder(page, [{ productId: "tomatoes", quantity: 500 }]);
  await openSalesBoard(page);
  await page.getByLabel("Status", { exact: true }).selectOption({ label: "All orders" });
  await findOrder(page, orderNumber);
  await expect(page).toHaveURL(new RegExp(`\\?status=all&q=${orderNumber}$`));
  await openOrder(page, orderNumber);
  await expect(page).toHaveURL(new RegExp(`\\?status=all&q=${orderNumber}&order=${orderNumber}$`));

  await page.reload();
  const sheet = page.getByRole("dialog", { name: `Order ${orderNumber}` });
  await expect(sheet).toBeVisible({ timeout: READY_TIMEOUT });
  await expect(page.getByLabel("Search order number, phone or email")).toHaveValue(orderNumber);
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("");
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`\\?status=all&q=${orderNumber}$`));

  // A colleague opening the link sees the same order, over the same board.
  const colleague = await browser.newContext();
  try {
    const other = await colleague.newPage();
    await openSalesBoard(other);
    await other.goto(`/admin/dashboard/2?status=all&order=${orderNumber}`);
    await expect(other.getByRole("dialog", { name: `Order ${orderNumber}` })).toBeVisible({
      timeout: READY_TIMEOUT,
    });
    // An address the board cannot read opens the default board, not an error.
    await other.goto("/admin/dashboard/2?status=shipped&order=<b>");
    await expect(other.getByLabel("Status", { exact: true })).toHaveValue("open", {
      timeout: READY_TIMEOUT,
    });
    await expect(other.getByRole("dialog")).toHaveCount(0);
  } finally {
    await colleague.close();
  }
});
