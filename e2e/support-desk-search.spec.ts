import type { Page } from "@playwright/test";
import { dismissToasts, toast } from "./support/checkout.ts";
import { expect, expectAccessible, test } from "./support/fixtures.ts";
import { placeCashOrder } from "./support/sales.ts";
import { signInAsStaff } from "./support/staff.ts";
import { READY_TIMEOUT } from "./support/storefront.ts";

// Customer Relations finds tickets by order number and email, filters them by type, resolves two
// together, follows a ticket to its order, and opens an earlier ticket from a low-rating card.

const origin = () => new URL(test.info().project.use.baseURL ?? "").origin;

/** A contact-form message; answers its reference. */
async function fileTicket(page: Page, ticket: Record<string, string>): Promise<string> {
  const filed = await page.request.post("/api/support/tickets", {
    headers: { origin: origin() },
    data: { name: "Meera Sahoo", message: "Please help.", ...ticket },
  });
  expect(filed.status(), await filed.text()).toBe(201);
  return ((await filed.json()) as { reference: string }).reference;
}

test("the desk searches, filters, resolves in bulk and follows tickets to their order", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const run = Date.now().toString(36);
  const email = `desk.${run}@example.in`;
  const orderNumber = await placeCashOrder(
    page,
    [{ productId: "tomatoes", quantity: 1_000 }],
    email,
  );
  const rated = await page.request.post(`/api/orders/${orderNumber}/rating`, {
    headers: { origin: origin() },
    data: { rating: 1 },
  });
  expect(rated.status(), await rated.text()).toBe(204);
  const tag = `crate${run}`;
  const refund = await fileTicket(page, {
    email,
    orderNumber,
    queryType: "refund_request",
    message: "Two tomatoes were squashed.",
  });
  const late = await fileTicket(page, {
    email,
    orderNumber,
    queryType: "shipping_issue",
    message: `The ${tag} came an hour late.`,
  });
  const otherEmail = `other.${run}@example.in`;
  const question = await fileTicket(page, {
    email: otherEmail,
    queryType: "product_inquiry",
    message: `Do you sell the ${tag} of mangoes?`,
  });

  await signInAsStaff(page, "customer-relations");
  await page.goto("/admin/dashboard/3");
  const inbox = page.getByTestId("support-inbox");
  const search = inbox.getByLabel("Search tickets");
  await expect(search).toBeVisible({ timeout: READY_TIMEOUT });
  const row = (reference: string) =>
    inbox.getByRole("button", { name: `Open ticket ${reference}` });
  const rows = inbox.getByRole("button", { name: /^Open ticket SUP-\d{6}$/ });

  // By order number: both tickets about the order, and the address keeps the search.
  await search.fill(orderNumber);
  await expect(rows).toHaveCount(2);
  await expect(row(refund)).toBeVisible();
  await expect(row(late)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`q=${orderNumber}`));

  // By type, with labels: only the refund; a reload keeps both.
  const type = inbox.getByLabel("Type");
  await expect(type.getByRole("option", { name: "Refund Request" })).toHaveCount(1);
  await type.selectOption({ label: "Refund Request" });
  await expect(rows).toHaveCount(1);
  await expect(row(refund)).toBeVisible();
  await page.reload();
  await expect(search).toHaveValue(orderNumber, { timeout: READY_TIMEOUT });
  await expect(type).toHaveValue("refund_request");
  await expect(rows).toHaveCount(1);
  await page.screenshot({ path: "/tmp/desk-find-search.png" });

  // Nothing matches: said so, and one button clears the search and the filters.
  await search.fill(`nothing-${run}`);
  await expect(inbox.getByText(`No tickets match “nothing-${run}”.`)).toBeVisible();
  await expectAccessible(page, {}, "[data-testid='support-inbox']");
  await inbox.getByRole("button", { name: "Clear filters" }).click();
  await expect(search).toHaveValue("");
  await expect(type).toHaveValue("");

  // By email.
  await search.fill(otherEmail.toUpperCase());
  await expect(rows).toHaveCount(1);
  await expect(row(question)).toBeVisible();

  // Two tickets resolved together; the resolved tab lists them.
  await search.fill(tag);
  await expect(rows).toHaveCount(2);
  await inbox.getByRole("checkbox", { name: `Select ${late}` }).check();
  await inbox.getByRole("checkbox", { name: `Select ${question}` }).check();
  await expect(inbox.getByRole("checkbox", { name: "Select all shown" })).toBeChecked();
  await page.screenshot({ path: "/tmp/desk-find-bulk.png" });
  // A colleague resolves one of them meanwhile: it is reported, the other is resolved.
  const tickets = "/api/staff/customer-relations/tickets";
  const { version } = (await (await page.request.get(`${tickets}/${question}`)).json()) as {
    version: number;
  };
  const elsewhere = await page.request.post(`${tickets}/${question}/resolve`, {
    headers: { origin: origin() },
    data: { version },
  });
  expect(elsewhere.status(), await elsewhere.text()).toBe(200);
  await inbox.getByRole("button", { name: "Resolve 2 tickets" }).click();
  await expect(toast(page, "1 ticket resolved")).toBeVisible();
  await expect(inbox.getByRole("alert")).toContainText("1 ticket was not resolved");
  await expect(inbox.getByRole("alert")).toContainText(
    `${question}: This ticket is already resolved.`,
  );
  await inbox.getByRole("button", { name: "Resolved", exact: true }).click();
  await expect(rows).toHaveCount(2);
  await expect(row(late)).toBeVisible();
  await expect(row(question)).toBeVisible();
  await dismissToasts(page);

  // The refund ticket links to its order, which opens in the customer's orders beside it.
  await page.goto(`/admin/dashboard/3?ticket=${refund}`);
  const sheet = page.getByRole("dialog", { name: `Ticket ${refund}` });
  await sheet.getByRole("button", { name: `Open order ${orderNumber}` }).click({
    timeout: READY_TIMEOUT,
  });
  const entry = sheet.getByTestId("customer-order").filter({ hasText: orderNumber });
  await expect(entry.getByText("Tomatoes")).toBeInViewport();
  await expect(entry.getByText(`Lines, payments and refunds of ${orderNumber}`)).toBeFocused();
  await page.screenshot({ path: "/tmp/desk-find-order-link.png" });
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();

  // The low-rating card names the earlier tickets about its order; each opens.
  const card = page.getByTestId("low-rating").filter({ hasText: orderNumber });
  await expect(card).toContainText(`2 earlier tickets about this order: ${refund}, ${late}`);
  await card.getByRole("button", { name: late, exact: true }).click();
  await expect(page.getByRole("dialog", { name: `Ticket ${late}` })).toContainText(
    `The ${tag} came an hour late.`,
  );
  await page.keyboard.press("Escape");

  // "Follow up" keeps its name once opened.
  const followUp = card.getByRole("button", { name: `Follow up the rating of ${orderNumber}` });
  await followUp.click();
  await expect(followUp).toHaveAttribute("aria-expanded", "true");
  await expect(card.getByLabel("Your message to the customer")).toBeVisible();
  await page.screenshot({ path: "/tmp/desk-find-rating.png" });
  await expectAccessible(page, {}, "[data-testid='ratings-panel']");
});
