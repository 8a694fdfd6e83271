// Bulk actions on the product table at a desk: tick rows, then archive, unarchive, change their
// category or change their prices by a percentage after a preview. Each test makes products of
// its own, so nothing another spec works on changes.
import type { Page } from "@playwright/test";
import { BULK_MESSAGES } from "../src/shared/contracts/inventory-bulk.ts";
import { formatRupees } from "../src/shared/money.ts";
import { PRICE_CHANGE_MESSAGES } from "../src/shared/rules/price-change.ts";
import { allowFailedResource } from "./support/checkout.ts";
import { expect, expectAccessible, test } from "./support/fixtures.ts";
import { openInventoryDashboard, signInAsInventoryManager } from "./support/inventory.ts";
import { archiveMadeProducts, makeProducts, repriceAsColleague } from "./support/inventory-bulk.ts";

test.beforeEach(async ({ page }) => {
  await signInAsInventoryManager(page);
  await openInventoryDashboard(page);
});

test.afterEach(async ({ page }) => {
  await archiveMadeProducts(page);
});

/** Narrows the table to this test's products. */
async function showOnly(page: Page, tag: string, count: number) {
  await page.getByRole("searchbox", { name: "Search products" }).fill(tag);
  await expect(page.getByTestId("inventory-row").filter({ visible: true })).toHaveCount(count);
}

const row = (page: Page, name: string) => page.locator("tr", { hasText: name });
const bar = (page: Page) => page.getByRole("region", { name: "Selected products" });

test("prices change by a percentage after a preview of each new price", async ({ page }) => {
  const { tag, products } = await makeProducts(page, { Kiwano: 4000, Lychee: 4999, Plum: 1000 });
  await page.reload();
  await showOnly(page, tag, 3);
  const [kiwi, lychee, plum] = products.map((p) => p.name) as [string, string, string];

  await page.getByRole("checkbox", { name: `Select ${kiwi}` }).check();
  await page.getByRole("checkbox", { name: `Select ${lychee}` }).check();
  await expect(bar(page)).toContainText("2 selected");
  await bar(page).getByRole("button", { name: "Change prices" }).click();

  const dialog = page.getByRole("dialog", { name: "Change 2 prices by a percentage" });
  await dialog.getByLabel(/^Change by/).fill("+12.5");
  const preview = dialog.getByTestId("price-preview");
  // 4999 × 1.125 = 5623.875: rounded to the paisa, half up.
  await expect(preview.locator("tr", { hasText: kiwi })).toContainText(formatRupees(4000));
  await expect(preview.locator("tr", { hasText: kiwi })).toContainText(formatRupees(4500));
  await expect(preview.locator("tr", { hasText: lychee })).toContainText(formatRupees(5624));
  await expect(preview).not.toContainText(plum);
  await expectAccessible(page, {}, '[role="dialog"]');

  // More than half asks for a confirm first.
  await dialog.getByLabel(/^Change by/).fill("60");
  await dialog.getByRole("button", { name: "Change 2 prices" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(PRICE_CHANGE_MESSAGES.largeChange);
  await dialog.getByLabel(/^Change by/).fill("+12.5");
  await dialog.getByRole("button", { name: "Change 2 prices" }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByText("Changed 2 prices")).toBeVisible();
  await expect(row(page, kiwi)).toContainText(formatRupees(4500));
  await expect(row(page, lychee)).toContainText(formatRupees(5624));
  await expect(row(page, plum)).toContainText(formatRupees(1000));
  await expect(bar(page)).toBeHidden();
});

test("several products move to another category", async ({ page }) => {
  const { tag, products } = await makeProducts(page, { Sorrel: 2000, Lovage: 3000 });
  await page.reload();
  await showOnly(page, tag, 2);

  await page.getByRole("checkbox", { name: "Select all 2 shown" }).check();
  await expect(bar(page)).toContainText("2 selected");
  await bar(page).getByRole("button", { name: "Change category" }).click();
  const dialog = page.getByRole("dialog", { name: "Change the category of 2 products" });
  await dialog.getByRole("button", { name: "Move 2 products" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Please choose a category");
  await dialog.getByLabel(/^New category/).selectOption({ label: "Herbs" });
  await dialog.getByRole("button", { name: "Move 2 products" }).click();
  await expect(dialog).toBeHidden();
  for (const { name } of products) await expect(row(page, name)).toContainText("Herbs");
});

test("products archive together and unarchive together", async ({ page }) => {
  const { tag, products } = await makeProducts(page, { Fig: 2000, Date: 3000, Pear: 2500 });
  const [fig, date, pear] = products.map((p) => p.name) as [string, string, string];
  await page.reload();
  await showOnly(page, tag, 3);

  await page.getByRole("checkbox", { name: `Select ${fig}` }).check();
  await page.getByRole("checkbox", { name: `Select ${date}` }).check();
  await expect(bar(page).getByRole("button", { name: "Unarchive" })).toBeHidden();
  await bar(page).getByRole("button", { name: "Archive" }).click();
  const dialog = page.getByRole("dialog", { name: "Archive 2 products" });
  await expect(dialog).toContainText(fig);
  await dialog.getByRole("button", { name: "Archive 2 products" }).click();
  await expect(dialog).toBeHidden();
  await showOnly(page, tag, 1);
  await expect(row(page, pear)).toBeVisible();

  await page.getByRole("checkbox", { name: "Show archived" }).check();
  await expect(page.getByTestId("inventory-row").filter({ visible: true })).toHaveCount(3);
  await page.getByRole("checkbox", { name: "Select all 3 shown" }).check();
  await expect(bar(page)).toContainText("3 selected");
  // Unarchive acts on the two archived; the one on sale stays as it is.
  await bar(page).getByRole("button", { name: "Unarchive" }).click();
  await page
    .getByRole("dialog", { name: "Unarchive 2 products" })
    .getByRole("button", { name: "Unarchive 2 products" })
    .click();
  await expect(page.getByText("Unarchived 2 products")).toBeVisible();
  await expect(row(page, fig)).not.toContainText("Archived");
  await expect(row(page, date)).not.toContainText("Archived");
});

test("a product changed meanwhile is named, and nothing changes", async ({
  page,
  browserErrors,
}) => {
  const { tag, products } = await makeProducts(page, { Rambutan: 8000, Pomelo: 6000 });
  const [rambutan, pomelo] = products as [
    { id: string; name: string },
    { id: string; name: string },
  ];
  await page.reload();
  await showOnly(page, tag, 2);
  await page.getByRole("checkbox", { name: "Select all 2 shown" }).check();
  await bar(page).getByRole("button", { name: "Change prices" }).click();
  const dialog = page.getByRole("dialog", { name: "Change 2 prices by a percentage" });
  await dialog.getByLabel(/^Change by/).fill("10");
  // A colleague reprices the pomelo just as the change is sent: after this page last heard.
  await page.route("**/products/bulk/price", async (route) => {
    await repriceAsColleague(page, pomelo.id, 6500);
    await route.continue();
  });
  await dialog.getByRole("button", { name: "Change 2 prices" }).click();
  await expect(dialog.getByRole("alert")).toContainText(BULK_MESSAGES.stale([pomelo.name]));
  await expect(dialog.getByRole("alert")).toBeFocused();
  expect(allowFailedResource(browserErrors, 409)).toBe(1);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(row(page, rambutan.name)).toContainText(formatRupees(8000));
  await expect(row(page, pomelo.name)).toContainText(formatRupees(6500));
});
