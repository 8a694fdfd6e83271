// Every staff page and dialog on a 390 px phone: nothing scrolls sideways, every dialog stays
// inside the screen with its buttons in reach, and axe finds nothing serious. Runs in the
// "mobile" project (a touch phone), narrowed to 390 px.
import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./support/fixtures.ts";
import {
  openInventoryDashboard,
  openStockDialog,
  signInAsInventoryManager,
} from "./support/inventory.ts";
import {
  fileRefundTicket,
  findOrder,
  openOrder,
  openSalesBoard,
  openTicketAtDesk,
  placeCashOrder,
} from "./support/sales.ts";
import { openShop, overflowsHorizontally, READY_TIMEOUT } from "./support/storefront.ts";

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

/** The page, and the dialog open on it, fit the phone's width; axe reads the whole page. */
async function expectFitsPhone(page: Page, dialog?: Locator) {
  expect(await overflowsHorizontally(page), "the page scrolls sideways").toBe(false);
  if (dialog) {
    await expect(dialog).toBeVisible();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width + 0.5);
    // Nothing inside the dialog is wider than the dialog (a table or a long line pushing its
    // Close button or its prices off screen).
    const inside = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(inside, "the dialog scrolls sideways").toBeLessThanOrEqual(1);
    for (const button of await dialog.getByRole("button").all()) {
      if (!(await button.isVisible())) continue;
      const edge = (await button.boundingBox())!;
      expect(edge.x + edge.width, await button.innerText()).toBeLessThanOrEqual(PHONE.width + 0.5);
    }
  }
  await expectAccessible(page);
}

test.describe("staff pages and dialogs at 390 px", () => {
  // Whole dashboards load and axe reads each state of them.
  test.slow();

  test("Inventory: the dashboard, Add product, Edit, Stock and the CSV import", async ({
    page,
  }) => {
    await signInAsInventoryManager(page);
    await openInventoryDashboard(page);
    await expectFitsPhone(page);

    await page.getByRole("button", { name: "Add product" }).click();
    const add = page.getByRole("dialog", { name: "Add a product" });
    await expectFitsPhone(page, add);
    await page.keyboard.press("Escape");
    await expect(add).toBeHidden();

    const stock = await openStockDialog(page, "Tomatoes");
    await expectFitsPhone(page, stock);
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "Edit Tomatoes" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Tomatoes" });
    await expect(edit.getByLabel(/^Price/)).toBeVisible();
    await expectFitsPhone(page, edit);
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "Import CSV" }).click();
    const csv = page.getByRole("dialog", { name: "Import price and stock changes" });
    await expectFitsPhone(page, csv);
  });

  test("Sales: the board, an order, its pack sheet and cancel, the pick list and a packing slip", async ({
    page,
  }) => {
    const orderNumber = await placeCashOrder(page, [
      { productId: "tomatoes", quantity: 750 },
      { productId: "coriander", quantity: 1 },
    ]);
    await openSalesBoard(page);
    await expectFitsPhone(page);

    await findOrder(page, orderNumber);
    const sheet = await openOrder(page, orderNumber);
    await expectFitsPhone(page, sheet);
    await sheet.getByRole("button", { name: "Cancel order" }).click();
    const cancel = page.getByRole("dialog", { name: `Cancel ${orderNumber}` });
    await expectFitsPhone(page, cancel);
    await page.keyboard.press("Escape");
    await expect(cancel).toBeHidden();
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();

    await page.getByRole("button", { name: `Confirm ${orderNumber}` }).click();
    await page.getByRole("button", { name: `Mark packed ${orderNumber}` }).click();
    const pack = page.getByRole("dialog", { name: `Pack ${orderNumber}` });
    await expect(pack.getByLabel("Tomatoes: weight packed (kg)")).toHaveValue("0.75");
    await expectFitsPhone(page, pack);
    await page.keyboard.press("Escape");

    await page.goto("/admin/dashboard/2/pick-list");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: READY_TIMEOUT });
    await expectFitsPhone(page);
    await page.goto(`/admin/dashboard/2/orders/${orderNumber}/packing-slip`);
    await expect(page.getByText(orderNumber).first()).toBeVisible({ timeout: READY_TIMEOUT });
    await expectFitsPhone(page);
  });

  test("Customer Relations: the desk and a ticket", async ({ page, browser }) => {
    const orderNumber = await placeCashOrder(page, [{ productId: "tomatoes", quantity: 500 }]);
    const reference = await fileRefundTicket(page, {
      email: `phone.${Date.now()}@example.in`,
      orderNumber,
      message: "The tomatoes were bruised; please refund them.",
    });
    const { context, desk, ticket } = await openTicketAtDesk(browser, reference);
    try {
      await desk.setViewportSize(PHONE);
      await expectFitsPhone(desk, ticket);
      await desk.keyboard.press("Escape");
      await expect(ticket).toBeHidden();
      await expectFitsPhone(desk);
    } finally {
      await context.close();
    }
  });
});

test("the shop's weight chooser fits a 390 px phone, its buttons in reach", async ({ page }) => {
  await openShop(page);
  const card = page.getByRole("article", { name: "Tomatoes", exact: true });
  await card.scrollIntoViewIfNeeded();
  for (const name of ["Decrease weight of Tomatoes", "Increase weight of Tomatoes"]) {
    const button = card.getByRole("button", { name });
    await expect(button).toBeVisible();
    const box = (await button.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }
  await card.getByRole("button", { name: "Increase weight of Tomatoes" }).click();
  await expect(card.getByRole("button", { name: /^Add 500 g Tomatoes to cart/ })).toBeVisible();
  expect(await overflowsHorizontally(page)).toBe(false);
});
