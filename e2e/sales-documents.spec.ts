import { readFile } from "node:fs/promises";
import type { Download } from "@playwright/test";
import { STORE } from "../src/shared/store-info.ts";
import { expect, expectAccessible, test } from "./support/fixtures.ts";
import {
  findOrder,
  openOrder,
  openSalesBoard,
  packOnBoard,
  placeCashOrder,
  pressHeldMove,
  SALES_DASHBOARD,
} from "./support/sales.ts";
import { signInAsStaff } from "./support/staff.ts";
import { READY_TIMEOUT } from "./support/storefront.ts";

// The Sales dashboard's papers: the pick list with the orders the packer chose, the packing slip
// with the shop's name, and the GST documents as PDF beside HTML.

const PICK_LIST = `${SALES_DASHBOARD}/pick-list`;

test("the pick list gathers placed orders beside confirmed ones, each with its state, and the packer narrows it", async ({
  page,
}) => {
  test.slow();
  const waiting = await placeCashOrder(page, [{ productId: "pineapple", quantity: 2 }]);
  const ready = await placeCashOrder(page, [{ productId: "pineapple", quantity: 3 }]);
  await openSalesBoard(page);
  await findOrder(page, ready);
  await page.getByRole("button", { name: `Confirm ${ready}` }).click();
  await expect(page.getByRole("button", { name: `Mark packed ${ready}` })).toBeVisible();

  await page.getByRole("link", { name: "Pick list" }).click();
  await expect(page.getByRole("heading", { name: "Pick list" })).toBeVisible({
    timeout: READY_TIMEOUT,
  });
  const include = page.getByRole("group", { name: "Orders to include" });
  await expect(include.getByRole("checkbox", { name: "Placed" })).toBeChecked();
  await expect(include.getByRole("checkbox", { name: "Confirmed" })).toBeChecked();
  await expect(page.getByText("Placed and confirmed orders", { exact: true })).toBeVisible();
  const pineapple = page.getByRole("row").filter({ hasText: "Pineapple" });
  await expect(pineapple).toContainText(`${waiting} × 2 (Placed)`);
  await expect(pineapple).toContainText(`${ready} × 3 (Confirmed)`);
  await expectAccessible(page);

  // Only the confirmed ones: the choice is the address's, so a reload keeps it.
  await include.getByRole("checkbox", { name: "Placed" }).uncheck();
  await expect(page).toHaveURL(`${PICK_LIST}?status=confirmed`);
  await expect(pineapple).toContainText(`${ready} × 3 (Confirmed)`);
  await expect(pineapple).not.toContainText(waiting);
  // The last kind ticked stays ticked: a pick list of nothing is no list.
  await expect(include.getByRole("checkbox", { name: "Confirmed" })).toBeDisabled();
  await page.reload();
  await expect(pineapple).toContainText(`${ready} × 3 (Confirmed)`);
  await expect(pineapple).not.toContainText(waiting);
  await expect(page.getByText("Confirmed orders", { exact: true })).toBeVisible();

  // On paper the ticks go; which orders the sheet gathers stays.
  await page.emulateMedia({ media: "print" });
  await expect(include).toBeHidden();
  await expect(page.getByText("Confirmed orders", { exact: true })).toBeVisible();
  await expect(pineapple).toContainText(`${ready} × 3 (Confirmed)`);
});

test("the packing slip is headed with the shop's mark, name, address and GSTIN, on screen and on paper", async ({
  page,
}) => {
  const orderNumber = await placeCashOrder(page, [{ productId: "pineapple", quantity: 1 }]);
  await signInAsStaff(page, "sales");
  await page.goto(`${SALES_DASHBOARD}/orders/${orderNumber}/packing-slip`);
  await expect(page.getByRole("heading", { name: `Packing slip ${orderNumber}` })).toBeVisible({
    timeout: READY_TIMEOUT,
  });
  const seller = page.getByTestId("slip-seller");
  await expect(seller).toContainText(STORE.name);
  await expect(seller).toContainText(STORE.city);
  await expect(seller).toContainText(/GSTIN \d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]/);
  await expect(seller.locator("svg")).toBeVisible();
  await expectAccessible(page);
  await page.emulateMedia({ media: "print" });
  await expect(seller).toContainText(/GSTIN \d{2}[A-Z]{5}/);
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  await page.screenshot({ path: "/tmp/sales-docs-slip-print.png", fullPage: true });
});

/** The saved file is a PDF under a .pdf name. */
async function expectPdfDownload(download: Download, name: RegExp) {
  expect(download.suggestedFilename()).toMatch(name);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
}

test("the invoice downloads as a PDF beside the HTML, from the shopper's order page and from the Sales order sheet", async ({
  page,
}) => {
  test.setTimeout(180_000);
  // This browser places the order, so its order page is the shopper's own.
  const orderNumber = await placeCashOrder(page, [{ productId: "pineapple", quantity: 1 }]);
  await page.goto(`/orders/${orderNumber}`);
  const documents = page.getByRole("region", { name: "Invoice and credit notes" });
  await expect(documents.getByRole("link", { name: "Download Invoice" })).toBeVisible({
    timeout: READY_TIMEOUT,
  });
  let downloading = page.waitForEvent("download");
  await documents.getByRole("link", { name: /^Download PDF/ }).click();
  await expectPdfDownload(await downloading, new RegExp(`^invoice-${orderNumber}\\.pdf$`));

  // Out of the store it has its GST invoice, which the Sales sheet offers in both forms.
  await openSalesBoard(page);
  await packOnBoard(page, orderNumber);
  await pressHeldMove(page, "Out for delivery", orderNumber);
  const sheet = await openOrder(page, orderNumber);
  await expect(sheet.getByRole("link", { name: /^Download invoice FHH\// })).toBeVisible();
  downloading = page.waitForEvent("download");
  await sheet.getByRole("link", { name: /^Download PDF invoice FHH\// }).click();
  await expectPdfDownload(await downloading, new RegExp(`^invoice-${orderNumber}\\.pdf$`));
  await expectAccessible(page, {}, '[role="dialog"]');
});
