import type { Locator, Page } from "@playwright/test";
import { DASHBOARDS } from "../../src/shared/rules/staff.ts";
import { expect } from "./fixtures.ts";
import { signInAsStaff } from "./staff.ts";
import { READY_TIMEOUT } from "./storefront.ts";

export const INVENTORY_DASHBOARD = `/admin/dashboard/${DASHBOARDS.inventory.id}`;

/** Signs the page in as the inventory manager, sharing the run's one session (staff.ts). */
export const signInAsInventoryManager = (page: Page) => signInAsStaff(page, "inventory");

/** Opens the inventory dashboard and waits until its product table has loaded. */
export async function openInventoryDashboard(page: Page): Promise<void> {
  await page.goto(INVENTORY_DASHBOARD);
  await expect(page.getByRole("heading", { name: "Products", exact: true })).toBeVisible({
    timeout: READY_TIMEOUT,
  });
  await expect(page.getByRole("button", { name: /^Edit / }).first()).toBeVisible({
    timeout: READY_TIMEOUT,
  });
}

/** Narrows the table to one product by its name, as a manager would. */
export async function findProduct(page: Page, name: string): Promise<void> {
  await page.getByRole("searchbox", { name: "Search products" }).fill(name);
  await expect(page.getByRole("button", { name: /^Edit / })).toHaveCount(1);
  await expect(page.getByRole("button", { name: `Edit ${name}` })).toBeVisible();
}

export async function openEditDialog(page: Page, name: string): Promise<Locator> {
  await findProduct(page, name);
  await page.getByRole("button", { name: `Edit ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Edit ${name}` });
  await expect(dialog.getByLabel(/^Price/)).toBeVisible();
  return dialog;
}

export async function openStockDialog(page: Page, name: string): Promise<Locator> {
  await findProduct(page, name);
  await page.getByRole("button", { name: `Stock of ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Stock of ${name}` });
  await expect(dialog.getByTestId("stock-ledger")).toBeVisible();
  return dialog;
}

/** The product's card on /shop, found by its heading. */
export function shopCard(page: Page, name: string): Locator {
  return page.getByRole("article", { name, exact: true });
}
