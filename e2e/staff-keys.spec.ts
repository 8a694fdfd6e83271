import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./support/fixtures.ts";
import { INVENTORY_DASHBOARD } from "./support/inventory.ts";
import { fileRefundTicket, openSalesBoard, placeCashOrder } from "./support/sales.ts";
import { signInAsStaff } from "./support/staff.ts";
import { READY_TIMEOUT } from "./support/storefront.ts";

// The dashboards worked from the keyboard alone, as in Linear or Gmail: `/` searches, `j`/`k`
// select rows, Enter opens, Esc closes, `?` lists the keys, `m` makes an order's next move.

const selectedRow = (page: Page) => page.locator('[data-shortcut-row][aria-current="true"]');
const keyOf = (row: Locator) => row.getAttribute("data-shortcut-row");

/** `j` `j` `k`: the first of the visible rows ends up selected, outlined and announced. */
async function selectFirstByKeys(page: Page, rows: Locator) {
  await expect(rows.nth(1)).toBeVisible({ timeout: READY_TIMEOUT });
  await page.keyboard.press("j");
  await expect(selectedRow(page)).toHaveAttribute("data-shortcut-row", (await keyOf(rows.nth(0)))!);
  await page.keyboard.press("j");
  await expect(selectedRow(page)).toHaveAttribute("data-shortcut-row", (await keyOf(rows.nth(1)))!);
  await page.keyboard.press("k");
  const first = (await keyOf(rows.nth(0)))!;
  await expect(selectedRow(page)).toHaveAttribute("data-shortcut-row", first);
  await expect(selectedRow(page)).toHaveCount(1);
  await expect(selectedRow(page)).toHaveCSS("outline-style", "solid");
  return first;
}

async function helpListsKeys(page: Page, extra: string[] = []) {
  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help).toBeVisible();
  for (const text of [
    "Go to the search box",
    "Select the next row",
    "Open the selected row",
    ...extra,
  ]) {
    await expect(help.getByRole("row", { name: new RegExp(text) })).toBeVisible();
  }
  // A key pressed while the list is open does nothing behind it.
  await page.keyboard.press("j");
  await expectAccessible(page, {}, '[data-testid="shortcuts-help"]');
  await page.keyboard.press("Escape");
  await expect(help).toHaveCount(0);
}

test("the Sales board from the keyboard: search, select, open, close, help, and the next move", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `keys.${Date.now()}@example.in`;
  const first = await placeCashOrder(page, [{ productId: "tomatoes", quantity: 500 }], email);
  const second = await placeCashOrder(page, [{ productId: "onions", quantity: 1_000 }], email);
  await openSalesBoard(page);
  await expect(page.getByRole("button", { name: "Keyboard shortcuts" })).toBeVisible();

  await page.keyboard.press("/");
  const search = page.getByLabel("Search order number, phone or email");
  await expect(search).toBeFocused();
  await page.keyboard.type(email);
  await expect(search).toHaveValue(email);
  const rows = page.locator("tr[data-shortcut-row]");
  await expect(rows).toHaveCount(2, { timeout: READY_TIMEOUT });
  await page.keyboard.press("Enter");
  await expect(search).not.toBeFocused();
  await expect(search).toHaveValue(email);

  const selected = await selectFirstByKeys(page, rows);
  expect([first, second]).toContain(selected);
  await page.keyboard.press("Enter");
  const sheet = page.getByRole("dialog", { name: `Order ${selected}` });
  await expect(sheet).toBeVisible();
  // `j` inside the open order moves nothing behind it.
  await page.keyboard.press("j");
  await page.keyboard.press("Escape");
  await expect(sheet).toHaveCount(0);
  await expect(page).not.toHaveURL(/order=/);
  await expect(selectedRow(page)).toHaveAttribute("data-shortcut-row", selected);

  await helpListsKeys(page, ["next move"]);

  // `m` is the selected order's next-move button: a placed order is confirmed.
  await expect(page.getByRole("button", { name: `Confirm ${selected}` })).toBeVisible();
  await page.keyboard.press("m");
  await expect(page.getByRole("button", { name: `Mark packed ${selected}` })).toBeVisible({
    timeout: READY_TIMEOUT,
  });
  const other = selected === first ? second : first;
  await expect(page.getByRole("button", { name: `Confirm ${other}` })).toBeVisible();

  // In the search box a `j` is a letter, not a move.
  await page.keyboard.press("/");
  await expect(search).toBeFocused();
  await page.keyboard.press("End");
  await page.keyboard.type("j");
  await expect(search).toHaveValue(`${email}j`);
  // That search matches no order once the board filters it: taken back, the same row is selected.
  await page.keyboard.press("Backspace");
  await expect(search).toHaveValue(email);
  await expect(selectedRow(page)).toHaveAttribute("data-shortcut-row", selected);
  // Nor with Ctrl held, outside it.
  await page.keyboard.press("Escape");
  await page.keyboard.press("Control+j");
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("the Inventory table from the keyboard: search, select, the stock dialog, help", async ({
  page,
}) => {
  await signInAsStaff(page, "inventory");
  await page.goto(INVENTORY_DASHBOARD);
  await expect(page.getByRole("button", { name: /^Edit / }).first()).toBeVisible({
    timeout: READY_TIMEOUT,
  });
  await page.keyboard.press("/");
  const search = page.getByRole("searchbox", { name: "Search products" });
  await expect(search).toBeFocused();
  await page.keyboard.type("gourd");
  const rows = page.locator("tr[data-shortcut-row]");
  await expect(rows).toHaveCount(4, { timeout: READY_TIMEOUT });
  await page.keyboard.press("Escape");
  await expect(search).toHaveValue("gourd");

  const selected = await selectFirstByKeys(page, rows);
  const stockButton = rows.nth(0).getByRole("button", { name: /^Stock of / });
  const name = ((await stockButton.textContent()) ?? "").trim().replace(/^Stock of /, "");
  expect(selected).toMatch(/gourd/);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: `Stock of ${name}` });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`stock=${selected}`));
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  await helpListsKeys(page);
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toHaveCount(0);
});

test("the Customer Relations inbox from the keyboard: search, select, open the ticket, close, help", async ({
  page,
}) => {
  const orders: string[] = [];
  for (const message of ["The okra was limp.", "One bag of onions was missing."]) {
    const orderNumber = await placeCashOrder(page, [{ productId: "okra", quantity: 500 }]);
    await fileRefundTicket(page, { email: `keys.${Date.now()}@example.in`, orderNumber, message });
    orders.push(orderNumber);
  }
  await signInAsStaff(page, "customer-relations");
  await page.goto("/admin/dashboard/3");
  const rows = page.getByTestId("support-inbox").locator("[data-shortcut-row]");
  const selected = await selectFirstByKeys(page, rows);
  await page.keyboard.press("Enter");
  const ticket = page.getByRole("dialog", { name: `Ticket ${selected}` });
  await expect(ticket).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(ticket).toHaveCount(0);
  // Esc with nothing open clears the selection.
  await page.keyboard.press("Escape");
  await expect(selectedRow(page)).toHaveCount(0);
  await helpListsKeys(page);
  await page.keyboard.press("/");
  const search = page.getByRole("searchbox", { name: "Search tickets" });
  await expect(search).toBeFocused();
  await page.keyboard.type(orders[1]!);
  await expect(page).toHaveURL(new RegExp(`q=${orders[1]}`));
  await expect(rows).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(search).toHaveValue(orders[1]!);
});
