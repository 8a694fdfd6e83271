import {
  methodTile,
  newRequester,
  paymentCard,
  sendRequest,
  toast,
} from "./support/bulk-orders.ts";
import { quoteRequest } from "./support/bulk-quote.ts";
import { dismissToasts } from "./support/checkout.ts";
import { expect, expectAccessible, test } from "./support/fixtures.ts";
import { findOrder, openSalesBoard, pressHeldMove, SALES_DASHBOARD } from "./support/sales.ts";
import { signInAsStaff } from "./support/staff.ts";
import { READY_TIMEOUT } from "./support/storefront.ts";

test("an event order from its quote to the pick list on its day, and out of the store with its GST invoice", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  // The planner is quoted catalogue lines with cash on delivery approved, and confirms.
  const requester = newRequester({ eventType: "corporate", cod: true, inDays: 4 });
  const ticketId = await sendRequest(page, requester);
  await quoteRequest(page, ticketId, 0, {
    approveCod: true,
    lines: [
      { productId: "cabbage", quantity: 4 },
      { productId: "desi-ghee", quantity: 1 },
    ],
    discountPercent: 10,
    deliveryChargePaise: 300_00,
  });
  await page.reload();
  const card = paymentCard(page);
  await methodTile(card, "Cash on Delivery").click({ timeout: READY_TIMEOUT });
  await card.getByRole("button", { name: "Confirm Cash on Delivery" }).click();
  await expect(toast(page, "Your bulk order has been confirmed!")).toBeVisible();

  // The event was brought forward: the desk sends it to the Sales board now, saying why.
  const deskContext = await browser.newContext();
  const desk = await deskContext.newPage();
  await signInAsStaff(desk, "customer-relations");
  await desk.goto("/admin/dashboard/3");
  await desk
    .getByTestId("bulk-pipeline")
    .getByRole("button", { name: `Open bulk order ${ticketId}` })
    .click({ timeout: READY_TIMEOUT });
  const sheet = desk.getByRole("dialog", { name: `Bulk order ${ticketId}` });
  const send = sheet.getByRole("button", { name: "Send to the Sales board" });
  await send.click();
  const why = sheet.getByRole("textbox", {
    name: "Why does it go to the board before the event's day?",
  });
  await expect(why).toHaveAccessibleDescription(
    "The event's day has not come: please say why it goes to the board now",
  );
  await why.fill("The offsite moved to today");
  await send.click();
  await expect(toast(desk, `${ticketId} is on the Sales board`)).toBeVisible();
  const onBoard = sheet.getByText(new RegExp(`${ticketId} is on the Sales board as FHH-\\d{6}`));
  await expect(onBoard).toBeVisible();
  const orderNumber = /FHH-\d{6}/.exec((await onBoard.textContent()) ?? "")![0];
  await dismissToasts(desk);
  await expectAccessible(desk);
  await deskContext.close();

  // On the Sales board it is an event order; confirmed, it is on the pick list.
  const salesContext = await browser.newContext();
  const sales = await salesContext.newPage();
  await openSalesBoard(sales);
  await findOrder(sales, orderNumber);
  const row = sales.getByRole("row").filter({ hasText: orderNumber });
  await expect(row).toContainText("Event order");
  await sales.getByRole("button", { name: `Confirm ${orderNumber}` }).click();
  await expect(sales.getByRole("button", { name: `Mark packed ${orderNumber}` })).toBeVisible();
  await sales.getByRole("link", { name: "Pick list" }).click();
  await expect(sales.getByRole("heading", { name: "Pick list" })).toBeVisible({
    timeout: READY_TIMEOUT,
  });
  await expect(sales.getByRole("row").filter({ hasText: "Cabbage" })).toContainText(
    `${orderNumber} × 4`,
  );
  await expect(sales.getByRole("row").filter({ hasText: "Desi Ghee" })).toContainText(
    `${orderNumber} × 1`,
  );

  // Packed and out of the store, it has its invoice from the shop's series.
  await sales.goto(SALES_DASHBOARD);
  await findOrder(sales, orderNumber);
  await sales.getByRole("button", { name: `Mark packed ${orderNumber}` }).click();
  await sales.getByRole("dialog").getByRole("button", { name: "Mark packed" }).click();
  await sales.keyboard.press("Escape");
  await pressHeldMove(sales, "Out for delivery", orderNumber);
  await expectAccessible(sales);
  await salesContext.close();

  // The planner's browser fetches the GST invoice: exempt cabbage and taxed ghee, on one document.
  const invoice = await page.request.get(`/api/orders/${orderNumber}/invoice`);
  expect(invoice.status()).toBe(200);
  const document = await browser.newPage();
  await document.setContent(await invoice.text());
  await expect(document.getByRole("heading", { level: 1 })).toHaveText(
    "Invoice-cum-Bill of Supply",
  );
  await expect(
    document.locator("table.meta").getByRole("row", { name: /Invoice no\./ }),
  ).toContainText(/FHH\/\d{2}-\d{2}\/\d{6}/);
  await expect(document.getByText("Desi Ghee")).toBeVisible();
  await expect(document.getByText("Cabbage")).toBeVisible();
  await document.close();
});
