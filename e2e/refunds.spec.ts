import { randomUUID } from "node:crypto";
import { expect, expectAccessible, test } from "./support/fixtures.ts";
import { mailTo } from "./support/mailbox.ts";
import { deliverOnBoard, openOrder, openSalesBoard, placeCashOrder } from "./support/sales.ts";
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
      { productId: "tomatoes", quantity: 3 },
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

  await form.getByLabel(/^Units back: Tomatoes/).fill("2");
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
});
