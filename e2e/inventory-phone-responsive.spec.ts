// The inventory dashboard on a 390 px phone: a compact list of products that comes first, the
// figures folded into one line that opens, bulk actions within thumb's reach, and a dialog's
// refusal drawn where the person is looking.
import type { Page } from "@playwright/test";
import { formatRupees } from "../src/shared/money.ts";
import { allowFailedResource } from "./support/checkout.ts";
import { expect, expectAccessible, test } from "./support/fixtures.ts";
import { openInventoryDashboard, signInAsInventoryManager } from "./support/inventory.ts";
import { archiveMadeProducts, makeProducts, repriceAsColleague } from "./support/inventory-bulk.ts";
import { overflowsHorizontally } from "./support/storefront.ts";

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

test.beforeEach(async ({ page }) => {
  await signInAsInventoryManager(page);
});

test.afterEach(async ({ page }) => {
  await archiveMadeProducts(page);
});

const rows = (page: Page) => page.getByTestId("inventory-row").filter({ visible: true });

test("the products come first as a compact list, the figures as one line that opens", async ({
  page,
}) => {
  // Whole dashboard under axe on a shared machine.
  test.slow();
  await openInventoryDashboard(page);
  expect(await overflowsHorizontally(page), "the page scrolls sideways").toBe(false);

  // The products come before the figures, and rows are compact. (The day's notices, such as a
  // large order other specs placed, may stand above them: the figures never do.)
  await expect(rows(page).first()).toBeVisible();
  const first = (await rows(page).first().boundingBox())!;
  const figuresLine = (await page.getByRole("button", { name: /^Today's figures/ }).boundingBox())!;
  expect(first.y).toBeLessThan(figuresLine.y);
  // Two lines at most: name, then stock and price (a card of four figures was 200 px).
  expect(first.height).toBeLessThanOrEqual(96);
  await expect(
    rows(page)
      .first()
      .getByRole("button", { name: /^Stock of / }),
  ).toBeVisible();
  await expect(
    rows(page)
      .first()
      .getByRole("button", { name: /^Edit / }),
  ).toBeVisible();

  const figures = page.getByRole("button", { name: /^Today's figures/ });
  await expect(figures).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByTestId("figure-in-stock")).toBeHidden();
  await figures.click();
  await expect(figures).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByTestId("figure-in-stock")).toBeVisible();
  await expect(page.getByTestId("figure-margin")).toBeVisible();
  expect(await overflowsHorizontally(page), "the open figures scroll sideways").toBe(false);
  await expectAccessible(page);
});

test("a bulk price change works on a phone", async ({ page }) => {
  await openInventoryDashboard(page);
  const { tag, products } = await makeProducts(page, { Sapota: 6000, Jamun: 9000 });
  await page.reload();
  await page.getByRole("searchbox", { name: "Search products" }).fill(tag);
  await expect(rows(page)).toHaveCount(2);

  await page.getByRole("checkbox", { name: "Select all 2 shown" }).check();
  const bar = page.getByRole("region", { name: "Selected products" });
  await expect(bar).toContainText("2 selected");
  await expect(bar).toBeInViewport();
  await bar.getByRole("button", { name: "Change prices" }).click();
  const dialog = page.getByRole("dialog", { name: "Change 2 prices by a percentage" });
  await dialog.getByLabel(/^Change by/).fill("-5");
  await expect(dialog.getByTestId("price-preview")).toContainText(formatRupees(5700));
  const inside = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(inside, "the dialog scrolls sideways").toBeLessThanOrEqual(1);
  await expectAccessible(page, {}, '[role="dialog"]');
  await dialog.getByRole("button", { name: "Change 2 prices" }).click();
  await expect(dialog).toBeHidden();
  await expect(rows(page).filter({ hasText: products[0]!.name })).toContainText(formatRupees(5700));
  await expect(rows(page).filter({ hasText: products[1]!.name })).toContainText(formatRupees(8550));
});

test("an edit refused because a colleague saved first is shown in view", async ({
  page,
  browserErrors,
}) => {
  await openInventoryDashboard(page);
  const { tag, products } = await makeProducts(page, { Amla: 12000 });
  const amla = products[0]!;
  await page.reload();
  await page.getByRole("searchbox", { name: "Search products" }).fill(tag);
  await expect(rows(page)).toHaveCount(1);
  await page.getByRole("button", { name: `Edit ${amla.name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Edit ${amla.name}` });
  await expect(dialog.getByLabel(/^Price/)).toBeVisible();

  // The colleague's save lands just as this one is sent, after this page last heard of it.
  let colleagueSaved = false;
  await page.route(`**/api/staff/inventory/products/${amla.id}`, async (route) => {
    if (route.request().method() === "PUT" && !colleagueSaved) {
      colleagueSaved = true;
      await repriceAsColleague(page, amla.id, 12500);
    }
    await route.continue();
  });
  const save = dialog.getByRole("button", { name: "Save changes" });
  await save.scrollIntoViewIfNeeded();
  await save.click();
  const refusal = dialog.getByRole("alert").filter({ hasText: /changed|saved/i });
  await expect(refusal).toBeVisible();
  await expect(refusal).toBeInViewport();
  await expect(refusal).toBeFocused();
  expect(allowFailedResource(browserErrors, 409)).toBe(1);
});
