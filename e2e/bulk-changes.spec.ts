import {
  confirmationLinkIn,
  newRequester,
  paymentCard,
  sendRequest,
  toast,
} from "./support/bulk-orders.ts";
import { quoteRequest } from "./support/bulk-quote.ts";
import { dismissToasts, GOOD_CARD, payIn } from "./support/checkout.ts";
import { expect, expectAccessible, test } from "./support/fixtures.ts";
import { mailTo } from "./support/mailbox.ts";
import { signInAsStaff } from "./support/staff.ts";
import { READY_TIMEOUT } from "./support/storefront.ts";

test("the planner changes the order from the emailed link, pays the difference, then takes some off and is refunded; the desk changes a price", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  // 100 kg of pumpkin at Rs 100 a kg, its advance of Rs 5,000 paid by card.
  const requester = newRequester({ eventType: "wedding", inDays: 6 });
  const ticketId = await sendRequest(page, requester);
  await quoteRequest(page, ticketId, 100_00);
  await page.reload();
  await paymentCard(page)
    .getByRole("button", { name: "Pay ₹5,000.00 Advance" })
    .click({ timeout: READY_TIMEOUT });
  await payIn(page, { card: GOOD_CARD });
  await expect(toast(page, /Advance payment successful/)).toBeVisible({ timeout: READY_TIMEOUT });

  // From another browser, through the link in the receipt.
  const receipt = await mailTo(
    page.request,
    requester.email,
    `Advance payment received for bulk order ${ticketId}`,
  );
  const elsewhere = await browser.newContext();
  const planner = await elsewhere.newPage();
  await planner.goto(confirmationLinkIn(receipt.text));
  const change = planner.getByRole("region", { name: "Change your order" });
  await expect(change).toContainText("You can change products and quantities until", {
    timeout: READY_TIMEOUT,
  });
  const pumpkin = change.getByRole("group", { name: "Pumpkin" });
  await pumpkin.getByRole("textbox", { name: "Quantity (kg)" }).fill("150");
  // Quoted products keep the price they were quoted at.
  await expect(change.getByRole("definition").first()).toHaveText("₹15,000.00");
  await change.getByRole("button", { name: "Add a product" }).click();
  const added = change.getByRole("group", { name: "New product 1" });
  await added.getByRole("combobox", { name: "Product" }).selectOption("cabbage");
  await added.getByRole("textbox", { name: /^Quantity/ }).fill("10");
  await expectAccessible(planner);
  await change.getByRole("button", { name: "Save the changes" }).click();
  await expect(toast(planner, `${ticketId} has been changed`)).toBeVisible();
  await expect(planner.getByTestId("bulk-quote-lines")).toContainText("Cabbage");

  // The advance stays half of the order: the difference is paid here, through the provider.
  const card = paymentCard(planner);
  const difference = card.getByTestId("bulk-difference");
  await expect(difference).toBeVisible();
  const due = (await difference.textContent())!;
  await dismissToasts(planner);
  await card.getByRole("button", { name: `Pay the difference of ${due}` }).click();
  await payIn(planner, { card: GOOD_CARD });
  await expect(toast(planner, "Payment received: your changed order is paid for.")).toBeVisible({
    timeout: READY_TIMEOUT,
  });
  await expect(card.getByTestId("bulk-difference")).toHaveCount(0);
  await mailTo(page.request, requester.email, `Payment received for bulk order ${ticketId}`);

  // Fewer pumpkins: what was paid beyond the new advance goes back.
  await dismissToasts(planner);
  await change
    .getByRole("group", { name: "Pumpkin" })
    .getByRole("textbox", { name: "Quantity (kg)" })
    .fill("50");
  await change.getByRole("button", { name: "Save the changes" }).click();
  await expect(toast(planner, `${ticketId} has been changed`)).toContainText(
    "goes back to your payment method",
  );
  const changed = await mailTo(page.request, requester.email, /changed: ₹/);
  expect(changed.text).toContain("goes back to your Visa ending 1111");
  await elsewhere.close();

  // The desk sees the order as changed, and changes a price itself.
  const deskContext = await browser.newContext();
  const desk = await deskContext.newPage();
  await signInAsStaff(desk, "customer-relations");
  await desk.goto("/admin/dashboard/3");
  await desk
    .getByTestId("bulk-pipeline")
    .getByRole("button", { name: `Open bulk order ${ticketId}` })
    .click({ timeout: READY_TIMEOUT });
  const sheet = desk.getByRole("dialog", { name: `Bulk order ${ticketId}` });
  const lines = sheet.getByRole("region", { name: "Change the lines" });
  await expect(lines).toContainText("You can change products and quantities until");
  await lines
    .getByRole("group", { name: "Line 1" })
    .getByRole("textbox", { name: "Price per kg (₹)" })
    .fill("90");
  await lines.getByRole("button", { name: "Save the changes" }).click();
  await expect(toast(desk, `${ticketId} has been changed`)).toBeVisible();
  await expectAccessible(desk);
  await deskContext.close();
  await mailTo(page.request, requester.email, /changed: ₹/);
});
