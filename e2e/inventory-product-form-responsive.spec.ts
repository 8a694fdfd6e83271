// Runs in the "mobile" project (Pixel 7, 412 px) at 390 px: the product form on a phone.
import { expect, expectAccessible, test } from "./support/fixtures.ts";
import { INVENTORY_DASHBOARD, signInAsInventoryManager } from "./support/inventory.ts";
import { overflowsHorizontally, READY_TIMEOUT } from "./support/storefront.ts";

test.use({ viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ page }) => {
  await signInAsInventoryManager(page);
});

async function fitsThePhone(
  page: import("@playwright/test").Page,
  dialog: import("@playwright/test").Locator,
) {
  expect(await overflowsHorizontally(page)).toBe(false);
  const box = await dialog.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  const scrolls = await dialog.evaluate((element) => element.scrollWidth > element.clientWidth);
  expect(scrolls).toBe(false);
}

test("the Add dialog fits a phone, with its photo, HSN suggestion and no axe violations", async ({
  page,
}) => {
  await page.goto(`${INVENTORY_DASHBOARD}?add=1`);
  const dialog = page.getByRole("dialog", { name: "Add a product" });
  await expect(dialog.getByLabel(/^Name/)).toBeVisible({ timeout: READY_TIMEOUT });
  await dialog.getByLabel(/^Name/).fill("Thick Curd");
  await dialog.getByLabel(/^Category/).selectOption({ label: "Dairy" });
  await expect(dialog.getByLabel(/^HSN code/)).toHaveValue("0403");
  await expect(dialog.getByLabel(/^GST rate/)).toHaveValue("500");
  await expect(dialog.getByText("Suggested for Dairy: curd and yoghurt.")).toBeVisible();
  await expect(dialog.getByLabel("Choose a photo")).toBeVisible();
  await fitsThePhone(page, dialog);
  await expectAccessible(page);
  await page.screenshot({ path: "/tmp/inv-form-add-phone.png", fullPage: false });
});

test("the Edit dialog and its price question fit a phone, with no axe violations", async ({
  page,
}) => {
  await page.goto(`${INVENTORY_DASHBOARD}?edit=jamun`);
  const dialog = page.getByRole("dialog", { name: "Edit Jamun" });
  await expect(dialog.getByLabel(/^Price/)).toBeVisible({ timeout: READY_TIMEOUT });
  await fitsThePhone(page, dialog);
  await expectAccessible(page);
  await page.screenshot({ path: "/tmp/inv-form-edit-phone.png", fullPage: false });

  await dialog.getByLabel(/^Price/).fill("2000");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  const confirm = page.getByRole("dialog", { name: "Save a large price change?" });
  await expect(confirm).toContainText("₹200 → ₹2,000 per kg: 10 times the old price.");
  await expect(confirm.getByRole("button", { name: "Save anyway" })).toBeInViewport();
  expect(await overflowsHorizontally(page)).toBe(false);
  await expectAccessible(page);
  await page.screenshot({ path: "/tmp/inv-form-confirm-phone.png", fullPage: false });
  await confirm.getByRole("button", { name: "Go back to the price" }).click();
  await expect(confirm).toBeHidden();
});
