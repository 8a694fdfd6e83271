import { MEASURE_MESSAGES } from "../src/shared/rules/measure.ts";
import {
  BULK_TEXTS,
  confirmationLinkIn,
  newRequester,
  paymentCard,
  sendRequest,
  toast,
} from "./support/bulk-orders.ts";
import {
  checkout,
  chooseStar,
  dismissToasts,
  field,
  GOOD_CARD,
  newBuyer,
  payIn,
  ratingDialog,
} from "./support/checkout.ts";
import { expect, expectAccessible, test } from "./support/fixtures.ts";
import { mailTo } from "./support/mailbox.ts";
import { fileRefundTicket, openTicketAtDesk, placeCashOrder } from "./support/sales.ts";
import { signInAsStaff } from "./support/staff.ts";
import { openPage, READY_TIMEOUT, seedCart } from "./support/storefront.ts";

// Customer Relations' inbox (/admin/dashboard/3) answering a message from the contact form, while
// the shopper writes from their own browser and answers through the link in the reply email.

test("a support message reaches the inbox live; the reply's link lets the shopper answer, and the ticket opens again", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInAsStaff(page, "customer-relations");
  await page.goto("/admin/dashboard/3");
  const inbox = page.getByTestId("support-inbox");
  await expect(inbox.getByRole("heading", { name: "Support inbox" })).toBeVisible({
    timeout: READY_TIMEOUT,
  });
  await expect(inbox.getByText("Live")).toBeVisible({ timeout: READY_TIMEOUT });

  const shopper = await browser.newContext();
  const shop = await shopper.newPage();
  const email = `inbox.${Date.now().toString(36)}@example.com`;
  await openPage(shop, "/customer-support");
  const form = shop.getByRole("form", { name: "Contact us" });
  await field(form, "Name").fill("Meera <i>Nayak</i>");
  await field(form, "Email").fill(email);
  await field(form, "Query type").selectOption({ label: "Shipping Issue" });
  await field(form, "Message").fill("My basket has not come yet.\nIt was due at noon.");
  await form.getByRole("button", { name: "Send Message" }).click();
  const reference = (await shop.getByTestId("support-reference").textContent())!;
  expect(reference).toMatch(/^SUP-\d{6}$/);

  // Live: the ticket appears without a reload, with the reply promise's clock.
  const open = inbox.getByRole("button", { name: `Open ticket ${reference}` });
  await expect(open).toBeVisible();
  const row = inbox
    .getByRole("listitem")
    .filter({ has: page.getByRole("button", { name: `Open ticket ${reference}` }) });
  await expect(row).toContainText("Meera <i>Nayak</i>");
  await expect(row).toContainText("Shipping Issue");
  await expect(row).toContainText(/Due in 2[34] h/);
  await expectAccessible(page);

  await open.click();
  const sheet = page.getByRole("dialog", { name: `Ticket ${reference}` });
  await expect(sheet).toContainText("It was due at noon.");
  await sheet.getByRole("button", { name: "Internal note" }).click();
  await sheet.getByLabel("Note for the team").fill("Rider stuck at the flyover.");
  await sheet.getByRole("button", { name: "Add note" }).click();
  await expect(toast(page, "Note added")).toBeVisible();
  await sheet.getByRole("button", { name: "Reply to customer" }).click();
  // An empty reply is refused on the spot, and nothing is sent.
  await sheet.getByRole("button", { name: "Send reply" }).click();
  await expect(sheet.getByText("Please write a message before sending")).toBeVisible();
  await sheet.getByLabel("Your reply").fill("Sorry for the wait!\nYour basket arrives by 1 pm.");
  await sheet.getByRole("button", { name: "Send reply" }).click();
  await expect(toast(page, `Reply sent for ${reference}`)).toBeVisible();
  await expect(
    sheet.getByRole("paragraph").filter({ hasText: "Waiting on customer" }),
  ).toBeVisible();
  // Toasts fading in or out are judged mid-animation: axe looks at the page without them.
  await dismissToasts(page);
  await expectAccessible(page);

  // The shopper opens the reply's link in their own browser and answers.
  const mail = await mailTo(shop.request, email, `Re: your message ${reference}`);
  expect(mail.text).toContain("Your basket arrives by 1 pm.");
  expect(mail.text).not.toContain("flyover");
  const link = /Read and answer: (\S+)/.exec(mail.text)![1]!;
  const { pathname, search } = new URL(link);
  expect(pathname).toBe(`/support/ticket/${reference}`);
  await shop.goto(`${pathname}${search}`);
  await expect(shop.getByRole("heading", { level: 1 })).toHaveText(`Your message ${reference}`, {
    timeout: READY_TIMEOUT,
  });
  const conversation = shop.getByRole("list", { name: "Conversation" });
  await expect(conversation).toContainText("Your basket arrives by 1 pm.");
  await expect(conversation).not.toContainText("flyover");
  await expectAccessible(shop);
  await shop.getByLabel("Your answer").fill("Got it, thank you! One bag was torn though.");
  await shop.getByRole("button", { name: "Send answer" }).click();
  await expect(toast(shop, "Thank you: your answer is with our team.")).toBeVisible();
  await expect(conversation).toContainText("One bag was torn though.");

  // The ticket opens again on the dashboard, by itself.
  await expect(sheet.getByRole("list", { name: "Conversation" })).toContainText(
    "One bag was torn though.",
  );
  await expect(sheet.getByRole("paragraph").filter({ hasText: /^Open$/ })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(row).toContainText("One bag was torn though.");

  // A link for another ticket, or an edited one, opens nothing.
  await shop.goto(`/support/ticket/${reference}?token=${"A".repeat(32)}9999999999`);
  await expect(shop.getByRole("heading", { name: "We could not open this message" })).toBeVisible();
  await shopper.close();
});

test("a 1-star rating reaches the dashboard live and one action opens a conversation about the order; feedback is answered the same way", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInAsStaff(page, "customer-relations");
  await page.goto("/admin/dashboard/3");
  const ratings = page.getByTestId("ratings-panel");
  await expect(ratings.getByRole("heading", { name: "Order ratings" })).toBeVisible({
    timeout: READY_TIMEOUT,
  });

  const shopper = await browser.newContext();
  const shop = await shopper.newPage();
  await seedCart(shop, [{ id: "tomatoes", quantity: 1_000 }]);
  const buyer = newBuyer();
  const orderNumber = await checkout(shop, { buyer, payment: { method: "cash" } });
  await chooseStar(shop, 1);
  await ratingDialog(shop).getByRole("button", { name: "Submit" }).click();
  await expect(ratingDialog(shop)).toBeHidden();

  // Live: the low rating appears by itself, with a follow-up that names the order.
  const low = ratings.getByTestId("low-rating").filter({ hasText: orderNumber });
  await expect(low).toContainText("1 of 5 stars");
  await low.getByRole("button", { name: `Follow up the rating of ${orderNumber}` }).click();
  await low.getByLabel("Your message to the customer").fill("We are sorry. What went wrong?");
  await low.getByRole("button", { name: "Send" }).click();
  const opened = toast(page, /^Conversation SUP-\d{6} opened$/);
  await expect(opened).toBeVisible();
  const reference = /SUP-\d{6}/.exec((await opened.textContent())!)![0];
  await low.getByRole("button", { name: `Open conversation ${reference}` }).click();
  const sheet = page.getByRole("dialog", { name: `Ticket ${reference}` });
  await expect(sheet).toContainText(`Rated order ${orderNumber} 1 of 5 stars.`);
  await expect(sheet).toContainText("We are sorry. What went wrong?");
  await expect(sheet).toContainText(`${orderNumber}: Placed, ₹`);
  // Toasts fading in or out are judged mid-animation: axe looks at the page without them.
  await dismissToasts(page);
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  const mail = await mailTo(shop.request, buyer.email, `Re: your message ${reference}`);
  expect(mail.text).toContain("What went wrong?");

  // Feedback from the home page, answered by email from the dashboard.
  const feedbackEmail = `feedback.${Date.now().toString(36)}@example.com`;
  const sent = await shop.request.post("/api/feedback", {
    data: { name: "Priya Rout", email: feedbackEmail, message: "Please stock jackfruit." },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(sent.status()).toBe(201);
  const message = page
    .getByTestId("feedback-message")
    .filter({ hasText: "Please stock jackfruit." })
    .filter({ hasText: feedbackEmail });
  await expect(message).toContainText("Unread");
  await message.getByRole("button", { name: "Mark the message from Priya Rout read" }).click();
  await expect(message).toContainText("Read by");
  await message.getByRole("button", { name: "Reply by email to Priya Rout" }).click();
  await message.getByLabel("Your reply").fill("Jackfruit comes in April. We will tell you!");
  await message.getByRole("button", { name: "Send reply" }).click();
  await expect(toast(page, /^Conversation SUP-\d{6} opened$/).last()).toBeVisible();
  await expect(
    message.getByRole("button", { name: /^Open conversation SUP-\d{6}$/ }),
  ).toBeVisible();
  const answer = await mailTo(shop.request, feedbackEmail, /^Re: your message SUP-\d{6}$/);
  expect(answer.text).toContain("Jackfruit comes in April.");
  // Toasts fading in or out are judged mid-animation: axe looks at the page without them.
  await dismissToasts(page);
  await expectAccessible(page);
  await shopper.close();
});

test("a whole bulk order from the dashboard: request, quote, advance paid by the test gateway, confirm, deliver", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signInAsStaff(page, "customer-relations");
  await page.goto("/admin/dashboard/3");
  const pipeline = page.getByTestId("bulk-pipeline");
  await expect(pipeline.getByRole("heading", { name: "Event and bulk orders" })).toBeVisible({
    timeout: READY_TIMEOUT,
  });

  const planner = await browser.newContext();
  const plan = await planner.newPage();
  const requester = newRequester({ eventType: "corporate", inDays: 12 });
  const ticketId = await sendRequest(plan, requester);

  // Live: the request appears in the pipeline by itself.
  const open = pipeline.getByRole("button", { name: `Open bulk order ${ticketId}` });
  await expect(open).toBeVisible();
  await open.click();
  const sheet = page.getByRole("dialog", { name: `Bulk order ${ticketId}` });
  await expect(sheet).toContainText("Awaiting Review");
  // The quote is built from catalogue lines; the preview follows the shared pricing rule.
  const first = sheet.getByRole("group", { name: "Line 1" });
  await first.getByLabel("Product").selectOption({ label: "Pumpkin (₹40.00 per kg)" });
  await expect(first.getByLabel("Price per kg (₹)")).toHaveValue("40");
  // Kilograms take at most three decimals (2.5 kg would be a fine quantity of pumpkin).
  await first.getByLabel("Quantity (kg)").fill("2.5555");
  await sheet.getByRole("button", { name: "Send quote" }).click();
  await expect(first.getByText(MEASURE_MESSAGES.weightText)).toBeVisible();
  await first.getByLabel("Quantity (kg)").fill("300");
  await first.getByLabel("Price per kg (₹)").fill("50");
  await sheet.getByRole("button", { name: "Add a product" }).click();
  const second = sheet.getByRole("group", { name: "Line 2" });
  await second.getByLabel("Product").selectOption({ label: "Desi Ghee (₹1,000.00 per liter)" });
  await second.getByLabel("Quantity (liter)").fill("2");
  await sheet.getByLabel("Event discount (%)").fill("10");
  await sheet.getByLabel("Delivery charge (₹)").fill("2610");
  // ₹17,000 at list price, 10% off, 5% GST on the ghee only, and the delivery charge.
  const preview = sheet.getByRole("definition");
  await expect(sheet.getByLabel("The quote as it stands")).toContainText("− ₹1,700.00");
  await expect(preview.filter({ hasText: "₹90.00" })).toHaveCount(1);
  await expect(preview.filter({ hasText: "₹18,000.00" })).toHaveCount(1);
  await sheet
    .getByLabel("What the quote covers (optional)")
    .fill("Pumpkin cut for sambar; delivered by 7 am");
  await sheet.getByRole("button", { name: "Send quote" }).click();
  await expect(toast(page, `Quote sent for ${ticketId}`)).toBeVisible();
  await expect(
    sheet.getByRole("paragraph").filter({ hasText: /^Awaiting Payment$/ }),
  ).toBeVisible();
  // Toasts fading in or out are judged mid-animation: axe looks at the page without them.
  await dismissToasts(page);
  await expectAccessible(page);

  // The planner pays the advance from the quote email's link, with the test gateway's card.
  const mail = await mailTo(
    plan.request,
    requester.email,
    `Your quote for bulk order ${ticketId}: ₹18,000.00`,
  );
  expect(mail.text).toContain("Pumpkin: 300 kg × ₹50.00");
  expect(mail.text).toContain("Event discount (10%)");
  await plan.goto(confirmationLinkIn(mail.text));
  const card = paymentCard(plan);
  await expect(card.getByTestId("bulk-advance")).toHaveText("₹9,000.00", {
    timeout: READY_TIMEOUT,
  });
  await card.getByRole("button", { name: "Pay ₹9,000.00 Advance" }).click();
  await payIn(plan, { card: GOOD_CARD });
  await expect(toast(plan, BULK_TEXTS.paid)).toBeVisible({ timeout: READY_TIMEOUT });

  // Inventory sees what the event needs on its day, against the stock on hand.
  const store = await browser.newContext();
  const stockroom = await store.newPage();
  await signInAsStaff(stockroom, "inventory");
  await stockroom.goto("/admin/dashboard/1");
  const outlook = stockroom.getByRole("region", { name: "Event orders ahead" });
  await expect(outlook).toContainText(ticketId, { timeout: READY_TIMEOUT });
  // Other tests' quotes of pumpkin may share the event's day: its row holds at least these 300 kg.
  const day = outlook.getByRole("listitem").filter({ hasText: ticketId });
  const pumpkin = day.getByRole("row", { name: /^Pumpkin/ });
  await expect
    .poll(async () =>
      // "300 kg", "1,300 kg": the kilos committed that day.
      Number.parseFloat(
        ((await pumpkin.getByRole("cell").first().textContent()) ?? "").replaceAll(",", ""),
      ),
    )
    .toBeGreaterThanOrEqual(300);
  await expect(pumpkin).toContainText(/Short by \d+ kg|Enough/);
  await expectAccessible(stockroom);
  await store.close();

  // The sheet follows live; confirm, then deliver with the balance paid in cash.
  await expect(sheet.getByRole("paragraph").filter({ hasText: /^Advance Paid$/ })).toBeVisible();
  await sheet.getByRole("button", { name: "Confirm order" }).last().click();
  await expect(toast(page, `${ticketId} is confirmed`)).toBeVisible();
  await expect(sheet).toContainText(
    "Processing has begun: the 25% fee of ₹4,500.00 is kept and ₹4,500.00 is refunded.",
  );
  await expect(sheet).toContainText("Balance due: ₹9,000.00");
  await sheet.getByRole("radio", { name: "Cash on delivery" }).check();
  // The event is 12 days away: the desk says why it is delivered now, or nothing moves.
  await expect(sheet).toContainText("The event is in 12 days: say why it is delivered now.");
  await sheet.getByRole("button", { name: "Mark delivered" }).click();
  const why = sheet.getByRole("textbox", { name: "Why is it delivered before the event?" });
  await expect(why).toHaveAccessibleDescription(
    /The event has not happened yet: please say why it is delivered early/,
  );
  await expect(sheet.getByRole("paragraph").filter({ hasText: /^Confirmed$/ })).toBeVisible();
  await why.fill("The company moved its offsite forward");
  await sheet.getByRole("button", { name: "Mark delivered" }).click();
  await expect(toast(page, `${ticketId} is delivered`)).toBeVisible();
  await expect(sheet.getByRole("paragraph").filter({ hasText: /^Delivered$/ })).toBeVisible();
  // Toasts fading in or out are judged mid-animation: axe looks at the page without them.
  await dismissToasts(page);
  await expectAccessible(page);
  const delivered = await mailTo(plan.request, requester.email, `Bulk order ${ticketId} delivered`);
  expect(delivered.text).toContain("Paid in full: ₹18,000.00");
  await planner.close();
});

test("the open ticket lives in the address: a reload and a shared link open it again", async ({
  page,
  browser,
}) => {
  const orderNumber = await placeCashOrder(page, [{ productId: "tomatoes", quantity: 500 }]);
  const reference = await fileRefundTicket(page, {
    email: `address.${Date.now()}@example.in`,
    orderNumber,
    message: "Two of the tomatoes were squashed.",
  });
  const { context, desk, ticket } = await openTicketAtDesk(browser, reference);
  try {
    await expect(ticket).toBeVisible();
    await expect(desk).toHaveURL(new RegExp(`/admin/dashboard/3\\?ticket=${reference}$`));
    await desk.reload();
    await expect(desk.getByRole("dialog", { name: `Ticket ${reference}` })).toBeVisible({
      timeout: READY_TIMEOUT,
    });
    await desk.keyboard.press("Escape");
    await expect(desk).toHaveURL(/\/admin\/dashboard\/3$/);
  } finally {
    await context.close();
  }
});
