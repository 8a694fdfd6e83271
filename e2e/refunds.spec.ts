import { randomUUID } from "node:crypto";
import { expect, expectAccessible, test } from "./support/fixtures.ts";
import { mailTo } from "./support/mailbox.ts";
import {
  deliverOnBoard,
  fileRefundTicket,
  openOrder,
  openSalesBoard,
  openTicketAtDesk,
  placeCashOrder,
} from "./support/sales.ts";
import { READY_TIMEOUT } from "./support/storefront.ts";

// After delivery: the sales manager refunds part of an order, and the shopper gets the credit note.

test("a delivered cash order is refunded by line: the credit note is issued and mailed, the panel shows how it was paid back", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = `refund.${Date.now()}.${randomUUID().slice(0, 6)}@example.in`;
  const orderNumber = await placeCashOrder(
    page,
    [
      { productId: "tomatoes", quantity: 3_000 },
      { productId: "spinach", quantity: 1 },
    ],
    email,
  );
  await openSalesBoard(page);
  await deliverOnBoard(page, orderNumber);

  const sheet = await openOrder(page, orderNumber);
  await sheet.getByRole("button", { name: "Refund", exact: true }).click();
  const form = page.getByRole("dialog", { name: `Refund ${orderNumber}` });
  // Nothing chosen yet: the form says what it needs instead of sending.
  await form.getByRole("button", { name: /^Refund ₹/ }).click();
  await expect(
    form.getByText("Choose units or an amount on a line, or the delivery fee."),
  ).toBeVisible();
  await expect(form.getByText("Please choose why the order is refunded.")).toBeVisible();

  await form.getByLabel(/^Weight back in kg: Tomatoes/).fill("2");
  await form.getByLabel("Reason").selectOption({ label: "Quality" });
  await form.getByLabel(/^Paid back by/).selectOption({ label: "UPI" });
  await expectAccessible(page, {}, '[role="dialog"]');
  const submit = form.getByRole("button", { name: /^Refund ₹\d/ });
  const label = (await submit.textContent()) ?? "";
  const amount = /₹[\d,]+\.\d{2}/.exec(label)![0];
  await submit.click();

  const detail = page.getByRole("dialog", { name: `Order ${orderNumber}` });
  const refund = detail.getByTestId("sales-delivered-refund");
  await expect(refund).toContainText(`${amount} · Quality`);
  await expect(refund).toContainText("Paid back by UPI");
  await expect(refund).toContainText("Back to stock");
  await expect(detail.getByTestId("sales-credit-note")).toContainText(/FCN\/\d{2}-\d{2}\/\d{6}/);

  const mail = await mailTo(page.request, email, `A refund for your order ${orderNumber}`);
  expect(mail.text).toContain(`${amount} was paid back to you by UPI`);
  expect(mail.text).toMatch(
    /credit note FCN\/\d{2}-\d{2}\/\d{6} against invoice FHH\/\d{2}-\d{2}\/\d{6} is attached/,
  );
  await expect(page.getByText(`${orderNumber}: ${amount} refunded.`)).toBeVisible({
    timeout: READY_TIMEOUT,
  });

  // The shopper's own page (this browser placed the order) lists the credit note to download.
  await page.goto(`/order-confirmation?order=${orderNumber}`);
  const notes = page.getByTestId("credit-notes");
  await expect(notes).toContainText(/Credit note FCN\/\d{2}-\d{2}\/\d{6}/, {
    timeout: READY_TIMEOUT,
  });
  await expect(notes).toContainText(amount);
});

test("a refund asked for from a ticket reaches the Sales board live, and once made the ticket says so and the shopper has the credit note", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const email = `ticket.refund.${Date.now()}.${randomUUID().slice(0, 6)}@example.in`;
  const orderNumber = await placeCashOrder(
    page,
    [{ productId: "tomatoes", quantity: 2_000 }],
    email,
  );
  await openSalesBoard(page);
  await deliverOnBoard(page, orderNumber);

  // The shopper writes in about the delivered order.
  const reference = await fileRefundTicket(page, {
    email,
    orderNumber,
    message: "Two of the tomatoes were crushed.",
  });

  // The desk opens the ticket, reads the customer's orders beside it, and asks Sales.
  const { context: deskContext, desk, ticket } = await openTicketAtDesk(browser, reference);
  await expect(ticket.getByTestId("customer-order")).toContainText(`${orderNumber} · Delivered`, {
    timeout: READY_TIMEOUT,
  });
  // Written in through the contact form: the address is anyone's until the customer answers.
  await expect(ticket.getByTestId("ticket-email-unproven")).toContainText("not proven");
  await ticket.getByText(`Lines, payments and refunds of ${orderNumber}`).click();
  await expect(ticket.getByTestId("customer-order")).toContainText("Tomatoes: 2 kg");
  await ticket.getByLabel(/^Order to refund/).selectOption(orderNumber);
  await ticket.getByLabel(/^What should Sales refund/).fill("Refund 1 kg of crushed tomatoes.");
  await ticket.getByRole("button", { name: "Ask Sales for a refund" }).click();
  await expect(ticket.getByTestId("ticket-refund-requests")).toContainText("Waiting for Sales");
  await expectAccessible(desk, {}, '[role="dialog"]');

  // Live on the Sales board: the request, which opens the order's refund with it chosen.
  const requests = page.getByTestId("sales-refund-requests");
  await expect(requests).toContainText(`${orderNumber} · ${reference}`);
  await requests.getByRole("button", { name: `Refund ${orderNumber}` }).click();
  const form = page.getByRole("dialog", { name: `Refund ${orderNumber}` });
  await expect(form.getByLabel("Answers the request")).toHaveValue(/\d+/);
  await form.getByLabel(/^Weight back in kg: Tomatoes/).fill("1");
  await form.getByLabel("Reason").selectOption({ label: "Damaged" });
  await form.getByLabel("Units given back").selectOption({ label: "Written off" });
  await form.getByLabel(/^Paid back by/).selectOption({ label: "Cash" });
  await form.getByRole("button", { name: /^Refund ₹\d/ }).click();
  await expect(
    page
      .getByRole("dialog", { name: `Order ${orderNumber}` })
      .getByTestId("sales-delivered-refund"),
  ).toContainText("Written off");
  // Answered, it leaves the list (other requests may wait there meanwhile).
  await expect(page.getByRole("button", { name: `Refund ${orderNumber}` })).toHaveCount(0);

  // The ticket says it was done, without a reload.
  await expect(ticket.getByTestId("ticket-refund-requests")).toContainText(
    /refunded by .*credit note FCN\//,
  );

  const mail = await mailTo(page.request, email, `A refund for your order ${orderNumber}`);
  expect(mail.text).toContain("was paid back to you by Cash");
  expect(mail.text).toMatch(/credit note FCN\/\d{2}-\d{2}\/\d{6}/);
  await deskContext.close();
});

test("Sales declines a refund request with a reason, and the ticket shows it", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const email = `ticket.decline.${Date.now()}.${randomUUID().slice(0, 6)}@example.in`;
  const orderNumber = await placeCashOrder(page, [{ productId: "spinach", quantity: 1 }], email);
  await openSalesBoard(page);
  await deliverOnBoard(page, orderNumber);
  const reference = await fileRefundTicket(page, { email, orderNumber, message: "Wilted." });

  const { context: deskContext, ticket } = await openTicketAtDesk(browser, reference);
  await ticket.getByLabel(/^Order to refund/).selectOption(orderNumber, { timeout: READY_TIMEOUT });
  await ticket.getByLabel(/^What should Sales refund/).fill("Refund the spinach.");
  await ticket.getByRole("button", { name: "Ask Sales for a refund" }).click();

  const requests = page.getByTestId("sales-refund-requests");
  await requests.getByRole("button", { name: `Decline ${orderNumber}` }).click();
  // Without a reason the desk could not tell the customer anything: it is asked for.
  await requests.getByRole("button", { name: "Decline request" }).click();
  await expect(requests.getByText("Please say why the order is not refunded")).toBeVisible();
  await requests.getByLabel(`Why is ${orderNumber} not refunded?`).fill("Delivered fresh at 9:10.");
  await requests.getByRole("button", { name: "Decline request" }).click();
  await expect(page.getByText(`The request for ${orderNumber} is declined.`)).toBeVisible();

  const asked = ticket.getByTestId("ticket-refund-requests");
  await expect(asked).toContainText(`${orderNumber}: declined by`);
  await expect(asked).toContainText("Delivered fresh at 9:10.");
  await deskContext.close();
});
