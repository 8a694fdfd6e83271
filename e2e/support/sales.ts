import { randomUUID } from "node:crypto";
import { type Browser, type Locator, type Page, test } from "@playwright/test";
import { DASHBOARDS } from "../../src/shared/rules/staff.ts";
import { expect } from "./fixtures.ts";
import { signInAsStaff } from "./staff.ts";
import { READY_TIMEOUT } from "./storefront.ts";

export const SALES_DASHBOARD = `/admin/dashboard/${DASHBOARDS.sales.id}`;

/** Opens the sales manager's board, signed in, and waits until its orders have loaded. */
export async function openSalesBoard(page: Page) {
  await signInAsStaff(page, "sales");
  await page.goto(SALES_DASHBOARD);
  await expect(page.getByRole("heading", { name: "Orders", exact: true })).toBeVisible({
    timeout: READY_TIMEOUT,
  });
  await expect(page.getByText(/orders? on page 1/)).toBeVisible({
    timeout: READY_TIMEOUT,
  });
}

/** Narrows the board to one order by its number, as a manager would with the search box. */
export async function findOrder(page: Page, orderNumber: string) {
  await page.getByLabel("Search order number, phone or email").fill(orderNumber);
  await expect(page.getByRole("button", { name: orderNumber, exact: true })).toBeVisible({
    timeout: READY_TIMEOUT,
  });
}

/** Opens an order's side panel from the board. */
export async function openOrder(page: Page, orderNumber: string): Promise<Locator> {
  await page.getByRole("button", { name: orderNumber, exact: true }).click();
  const sheet = page.getByRole("dialog", { name: `Order ${orderNumber}` });
  await expect(sheet).toBeVisible();
  return sheet;
}

/** A cash order placed through the API from a browser of its own; answers its number. */
export async function placeCashOrder(
  page: Page,
  items: { productId: string; quantity: number }[],
  email = `sales.${Date.now()}.${randomUUID().slice(0, 6)}@example.in`,
): Promise<string> {
  const origin = new URL(test.info().project.use.baseURL ?? "").origin;
  const response = await page.request.post("/api/orders", {
    headers: { origin, "idempotency-key": randomUUID() },
    data: {
      contact: {
        firstName: "Meera",
        lastName: "Sahoo",
        email,
        phone: `9${String(Date.now()).slice(-9)}`,
      },
      delivery: {
        address: "Plot 12, Saheed Nagar",
        city: "Bhubaneswar",
        state: "Odisha",
        pincode: "751007",
      },
      notes: "",
      payment: { method: "cash" },
      items,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { orderNumber: string }).orderNumber;
}

/**
 * Presses a move the board holds back for a few seconds with an Undo (leaving the store,
 * delivery), and waits until it has been sent and the order has moved on.
 */
export async function pressHeldMove(page: Page, label: string, orderNumber: string) {
  await page.getByRole("button", { name: `${label} ${orderNumber}` }).click();
  await expect(
    page.getByRole("button", { name: new RegExp(`^Undo .* ${orderNumber}$`) }),
  ).toHaveCount(0, {
    timeout: READY_TIMEOUT,
  });
  await expect(page.getByRole("button", { name: `${label} ${orderNumber}` })).toHaveCount(0, {
    timeout: READY_TIMEOUT,
  });
}

/** Finds an order on the board, confirms it and packs it in full, as the manager does. */
export async function packOnBoard(page: Page, orderNumber: string) {
  await findOrder(page, orderNumber);
  await page.getByRole("button", { name: `Confirm ${orderNumber}` }).click();
  await page.getByRole("button", { name: `Mark packed ${orderNumber}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Mark packed" }).click();
  await page.keyboard.press("Escape");
}

/** Walks an order on the board from placed to delivered, as the manager presses each step. */
export async function deliverOnBoard(page: Page, orderNumber: string) {
  await packOnBoard(page, orderNumber);
  await pressHeldMove(page, "Out for delivery", orderNumber);
  await pressHeldMove(page, "Mark delivered", orderNumber);
  // A delivered order leaves the open orders: the board is asked for all of them.
  await page.getByLabel("Status", { exact: true }).selectOption({ label: "All orders" });
  await expect(page.getByRole("button", { name: orderNumber, exact: true })).toBeVisible();
}

/** A shopper's contact-form message about a refund of their order; answers its reference. */
export async function fileRefundTicket(
  page: Page,
  ticket: { email: string; orderNumber: string; message: string },
): Promise<string> {
  const origin = new URL(test.info().project.use.baseURL ?? "").origin;
  const filed = await page.request.post("/api/support/tickets", {
    headers: { origin },
    data: { name: "Meera Sahoo", queryType: "refund_request", ...ticket },
  });
  expect(filed.status(), await filed.text()).toBe(201);
  return ((await filed.json()) as { reference: string }).reference;
}

/** Customer Relations, signed in in a browser of its own, with a ticket open from the inbox. */
export async function openTicketAtDesk(browser: Browser, reference: string) {
  const context = await browser.newContext();
  const desk = await context.newPage();
  await signInAsStaff(desk, "customer-relations");
  await desk.goto("/admin/dashboard/3");
  await desk
    .getByTestId("support-inbox")
    .getByRole("button", { name: `Open ticket ${reference}` })
    .click({ timeout: READY_TIMEOUT });
  return { context, desk, ticket: desk.getByRole("dialog", { name: `Ticket ${reference}` }) };
}
