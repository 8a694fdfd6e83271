import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type BrowserContext, type Locator, type Page, test } from "@playwright/test";
import { DASHBOARDS } from "../../src/shared/rules/staff.ts";
import { expect } from "./fixtures.ts";
import { STAFF_ACCOUNTS } from "./staff.ts";
import { READY_TIMEOUT } from "./storefront.ts";

export const INVENTORY_DASHBOARD = `/admin/dashboard/${DASHBOARDS.inventory.id}`;

type Cookies = Awaited<ReturnType<BrowserContext["cookies"]>>;

// Staff sign-ins are limited to 10 per username per quarter-hour, so the whole run shares one
// session: the first test to need it signs in and leaves the cookie beside the run's database.
const sessionFile = () =>
  path.join(process.env.E2E_DATA_DIR ?? ".tmp", "inventory-manager-session.json");
let session: Cookies | undefined;

function savedSession(): Cookies | undefined {
  try {
    return JSON.parse(readFileSync(sessionFile(), "utf8")) as Cookies;
  } catch {
    return undefined;
  }
}

/**
 * Signs the page's browser context in as the inventory manager through the staff sign-in API
 * (the sign-in form has its own tests: admin-sign-in.spec.ts), so the dashboard opens at once.
 */
export async function signInAsInventoryManager(page: Page): Promise<void> {
  session ??= savedSession();
  if (session) {
    await page.context().addCookies(session);
    if ((await page.request.get("/api/staff/me")).ok()) return;
    await page.context().clearCookies();
  }
  const origin = new URL(test.info().project.use.baseURL ?? "").origin;
  const response = await page.request.post("/api/staff/auth/sign-in/username", {
    data: STAFF_ACCOUNTS.inventory,
    headers: { origin },
  });
  expect(response.ok(), `staff sign-in answered ${response.status()}`).toBe(true);
  session = await page.context().cookies();
  mkdirSync(path.dirname(sessionFile()), { recursive: true });
  writeFileSync(sessionFile(), JSON.stringify(session));
}

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
