import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./support/fixtures.ts";
import { openSalesBoard, SALES_DASHBOARD } from "./support/sales.ts";
import { READY_TIMEOUT } from "./support/storefront.ts";

// A member saves the board's filters under a name ("Late cash orders") and comes back to them
// in one step; the views are kept on the server, so a reload (or the member's phone) has them.

const NAME = "Late cash orders";
const viewsButton = (page: Page) => page.getByRole("button", { name: "Views", exact: true });
const viewsPanel = (page: Page) => page.getByRole("dialog", { name: "Saved views" });

test("the sales manager saves a view of the board's filters, applies it, and deletes it", async ({
  page,
}) => {
  await openSalesBoard(page);
  await viewsButton(page).click();
  const panel = viewsPanel(page);
  await expect(panel.getByText("No saved views yet")).toBeVisible({ timeout: READY_TIMEOUT });
  await page.keyboard.press("Escape");

  await page.getByLabel("Status", { exact: true }).selectOption({ label: "Confirmed" });
  await page.getByLabel("Payment method").selectOption({ label: "Cash on Delivery" });
  await page.getByLabel("Late only").check();
  await expect(page).toHaveURL(/status=confirmed&payment=cash&late=1$/);

  await viewsButton(page).click();
  // A name is needed: the form says so before anything is sent.
  await panel.getByRole("button", { name: "Save view" }).click();
  await expect(panel.getByText("Please give the view a name.")).toBeVisible();
  await panel.getByLabel("Name").fill(NAME);
  await panel.getByRole("button", { name: "Save view" }).click();
  await expect(page.getByText(`View “${NAME}” saved`)).toBeVisible();
  await expect(panel.getByRole("button", { name: NAME, exact: true })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await expectAccessible(page, {}, '[role="dialog"]');
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(new RegExp(`${SALES_DASHBOARD}$`));
  await expect(page.getByLabel("Late only")).not.toBeChecked();

  await viewsButton(page).click();
  await panel.getByRole("button", { name: NAME, exact: true }).click();
  await expect(panel).toHaveCount(0);
  await expect(page).toHaveURL(/status=confirmed&payment=cash&late=1$/);
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("confirmed");
  await expect(page.getByLabel("Payment method")).toHaveValue("cash");
  await expect(page.getByLabel("Late only")).toBeChecked();

  // Kept on the server: after a reload on the default board, still listed.
  await page.goto(SALES_DASHBOARD);
  await viewsButton(page).click();
  await expect(panel.getByRole("button", { name: NAME, exact: true })).toBeVisible({
    timeout: READY_TIMEOUT,
  });
  await panel.getByRole("button", { name: `Delete view ${NAME}` }).click();
  await expect(page.getByText(`View “${NAME}” deleted`)).toBeVisible();
  await expect(panel.getByText("No saved views yet")).toBeVisible();
});
