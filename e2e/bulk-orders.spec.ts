import type { Page } from "@playwright/test";
import {
  BANK_LABELS,
  BULK_TEXTS,
  calendar,
  calendarDay,
  confirmationLinkIn,
  confirmedTicket,
  dateButton,
  detailsCard,
  EVENT_LABELS,
  fillRequest,
  holdRequests,
  longDate,
  methodTile,
  newRequester,
  openRequestPage,
  paymentCard,
  pickDate,
  recordPosts,
  requestForm,
  sendRequest,
  shopDay,
  showMonthOf,
  submitButton,
  TICKET_ID,
  termsBox,
  toast,
} from "./support/bulk-orders.ts";
import { quoteRequest } from "./support/bulk-quote.ts";
import {
  allowFailedResource,
  DECLINED_CARD,
  field,
  GOOD_CARD,
  outcomePanel,
  payIn,
  paymentDialog,
  testCheckout,
  watchBrowserErrors,
} from "./support/checkout.ts";
import { expect, test } from "./support/fixtures.ts";
import { mailTo } from "./support/mailbox.ts";
import { openPage, READY_TIMEOUT, recordScriptChunks } from "./support/storefront.ts";

// /bulk-order-request and /bulk-order-confirmation. Three requests are sent here (the server
// takes 10 an hour from one address; see e2e/support/bulk-orders.ts).

test.describe("the request page", () => {
  test("terms, why-choose card, every field, and Submit disabled until the terms are ticked", async ({
    page,
  }) => {
    await openRequestPage(page);
    await expect(page).toHaveTitle("Bulk Order Request | Fresh Harvest Hub");

    const terms = page.getByRole("region", { name: "Terms and Conditions" });
    for (const text of [
      "at least 48 hours before the delivery date",
      "50% advance, paid online, is due once our team approves your request",
      "25% cancellation fee",
      "at least 24 hours before delivery",
      "Delivery charges vary with the delivery location and the size of the order",
      "availability and market rates",
      "Cash on delivery is possible only with our team's approval",
    ]) {
      await expect(terms).toContainText(text);
    }
    const why = page.getByRole("region", { name: "Why Choose Our Bulk Order Service?" });
    await expect(why.getByRole("heading", { level: 3 })).toHaveText([
      "Fresh & Premium Quality",
      "Customizable Orders",
      "Reliable Delivery",
    ]);

    const form = requestForm(page);
    for (const label of [
      "Full name",
      "Email",
      "Mobile number",
      "Request purpose",
      "Required products",
      "Delivery location",
    ]) {
      await expect(field(form, label)).toHaveAttribute("required", "");
    }
    await expect(field(form, "Email")).toHaveAttribute("type", "email");
    await expect(field(form, "Required products")).toHaveJSProperty("tagName", "TEXTAREA");
    await expect(field(form, "Delivery location")).toHaveJSProperty("tagName", "TEXTAREA");
    await expect(field(form, "Request purpose").getByRole("option")).toHaveText([
      "Select the occasion",
      ...Object.values(EVENT_LABELS),
    ]);
    await expect(dateButton(page)).toContainText("Pick a date");
    await expect(dateButton(page)).toHaveAccessibleDescription(BULK_TEXTS.dateHint);
    await expect(
      page.getByRole("checkbox", { name: "Request cash on delivery" }),
    ).not.toBeChecked();

    await expect(submitButton(page)).toHaveText("Submit Bulk Order Request");
    await expect(submitButton(page)).toBeDisabled();
    await termsBox(page).check();
    await expect(submitButton(page)).toBeEnabled();
    await termsBox(page).uncheck();
    await expect(submitButton(page)).toBeDisabled();
  });

  test.describe("in a time zone a day behind India's", () => {
    // The shop counts days in Asia/Kolkata; a device in California must not open an extra day.
    test.use({ timezoneId: "America/Los_Angeles" });

    test("the calendar closes past days, today and tomorrow, and days beyond a year", async ({
      page,
    }) => {
      // 20:00 UTC: already the next day in India (01:30), still midday in California.
      const now = new Date();
      now.setUTCHours(20, 0, 0, 0);
      await page.clock.setFixedTime(now);
      const day = (days: number) => shopDay(days, now);
      await openRequestPage(page);
      const deviceToday = await page.evaluate(() => new Date().getDate());
      expect(deviceToday).not.toBe(Number(day(0).slice(8)));

      await dateButton(page).click();
      await expect(calendar(page)).toBeVisible();
      // The calendar opens on the first open day, with the focus on it.
      await expect(calendarDay(page, day(2))).toBeFocused();
      await expect(calendar(page)).toContainText(BULK_TEXTS.dateHint);

      // The calendar starts at the shop's current month, so today and tomorrow can be seen.
      await showMonthOf(page, day(0));
      await expect(calendarDay(page, day(0))).toBeDisabled();
      const yesterday = calendar(page).locator(`[data-day="${day(-1)}"]`);
      if (await yesterday.isVisible()) await expect(yesterday.getByRole("button")).toBeDisabled();
      // The shop's tomorrow is the device's day after tomorrow: closed all the same.
      await showMonthOf(page, day(1));
      await expect(calendarDay(page, day(1))).toBeDisabled();
      await showMonthOf(page, day(2));
      await expect(calendarDay(page, day(2))).toBeEnabled();
      // The day after may be in the next month (at the end of November, 1 December).
      await showMonthOf(page, day(3));
      await expect(calendarDay(page, day(3))).toBeEnabled();

      // The last month: the last open day, then closed days, and no month after it.
      await showMonthOf(page, day(366));
      await expect(calendarDay(page, day(366))).toBeEnabled();
      const after = calendar(page).locator(`[data-day="${day(367)}"]`);
      if (await after.isVisible()) await expect(after.getByRole("button")).toBeDisabled();
      await expect(
        calendar(page).getByRole("button", { name: "Go to the Next Month" }),
      ).toBeDisabled();

      await page.keyboard.press("Escape");
      await expect(calendar(page)).toBeHidden();
      await expect(dateButton(page)).toBeFocused();
    });
  });

  test("a date is picked with the keyboard", async ({ page }) => {
    await openRequestPage(page);
    await dateButton(page).focus();
    await page.keyboard.press("Enter");
    await expect(calendarDay(page, shopDay(2))).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(calendarDay(page, shopDay(3))).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(calendar(page)).toBeHidden();
    await expect(dateButton(page)).toBeFocused();
    await expect(dateButton(page)).toContainText(longDate(shopDay(3)));
    // Opened again, the calendar shows the chosen day, selected.
    await page.keyboard.press("Enter");
    await expect(calendarDay(page, shopDay(3))).toBeFocused();
    await expect(calendar(page).locator(`[data-day="${shopDay(3)}"]`)).toHaveAttribute(
      "aria-selected",
      "true",
    );
  });

  test("missing fields, wrong formats and unticked terms are announced, and nothing is sent", async ({
    page,
  }) => {
    const posts = recordPosts(page, "/api/bulk-orders");
    await openRequestPage(page);
    const form = requestForm(page);
    await termsBox(page).check();
    await submitButton(page).click();
    await expect(toast(page, BULK_TEXTS.required)).toBeVisible();
    await expect(field(form, "Full name")).toBeFocused();
    await expect(field(form, "Full name")).toHaveAttribute("aria-invalid", "true");

    // Everything but the date: still a required field missing.
    const requester = newRequester();
    await field(form, "Full name").fill(requester.name);
    await field(form, "Email").fill(requester.email);
    await field(form, "Mobile number").fill(requester.phone);
    await field(form, "Request purpose").selectOption("wedding");
    await field(form, "Required products").fill(requester.products);
    await field(form, "Delivery location").fill(requester.location);
    await submitButton(page).click();
    await expect(form.getByRole("alert")).toHaveText([BULK_TEXTS.required]);
    await expect(dateButton(page)).toHaveAttribute("aria-invalid", "true");
    await pickDate(page, shopDay(4));
    await expect(form.getByRole("alert")).toHaveCount(0);

    for (const [label, value, message] of [
      ["Email", "meera@", BULK_TEXTS.email],
      ["Mobile number", "12345", BULK_TEXTS.phone],
    ] as const) {
      await field(form, label).fill(value);
      await submitButton(page).click();
      await expect(toast(page, message)).toBeVisible();
      await expect(form.getByRole("alert")).toHaveText([message]);
      await field(form, label).fill(label === "Email" ? requester.email : requester.phone);
    }

    // The button stays disabled without the terms; a submission by other means is refused too.
    await termsBox(page).uncheck();
    await expect(submitButton(page)).toBeDisabled();
    await form.evaluate((element: HTMLFormElement) => element.requestSubmit());
    await expect(toast(page, BULK_TEXTS.terms)).toBeVisible();
    expect(posts).toEqual([]);
  });

  test("the form's checks (zod and react-hook-form among them) load once a person reaches the form, not with the page", async ({
    page,
  }) => {
    const scripts = recordScriptChunks(page);
    await openRequestPage(page);
    await page.waitForLoadState("networkidle");
    const checks = (chunk: string) => /bulk-request-checks|schemas|zod/.test(chunk);
    expect(scripts.filter(checks)).toEqual([]);
    expect(scripts.filter((chunk) => /checked-form|react-hook-form/.test(chunk))).toEqual([]);

    await field(requestForm(page), "Full name").focus();
    await expect.poll(() => scripts.filter(checks).length).toBeGreaterThan(0);
  });

  test("checks that cannot be loaded say the store is out of reach, and nothing is sent", async ({
    page,
    browserErrors,
  }) => {
    const posts = recordPosts(page, "/api/bulk-orders");
    await page.route(/bulk-request-checks/, (route) => route.fulfill({ status: 503, body: "" }));
    await openRequestPage(page);
    await field(requestForm(page), "Full name").fill("Meera Patnaik");
    await termsBox(page).check();
    await submitButton(page).click();
    await expect(
      toast(page, "We could not reach the store. Check your connection and try again."),
    ).toBeVisible();
    await expect(submitButton(page)).toBeEnabled();
    expect(posts).toEqual([]);
    expect(allowFailedResource(browserErrors, 503)).toBeGreaterThan(0);
  });
});

test("without a ticket, the confirmation page sends you to the request page", async ({ page }) => {
  for (const path of ["/bulk-order-confirmation", "/bulk-order-confirmation?ticket=BOR-1"]) {
    await page.goto(path);
    await expect(page).toHaveURL("/bulk-order-request");
    await expect(requestForm(page)).toBeVisible({ timeout: READY_TIMEOUT });
  }
});

/** Everything the spec puts on /bulk-order-confirmation about the request itself. */
async function expectRequestShown(
  page: Page,
  ticketId: string,
  requester: ReturnType<typeof newRequester>,
  status: string,
) {
  await expect(
    page.getByRole("heading", { level: 1, name: "Request Submitted Successfully!" }),
  ).toBeVisible({ timeout: READY_TIMEOUT });
  const details = detailsCard(page);
  await expect(details.getByTestId("bulk-ticket-id")).toHaveText(ticketId);
  await expect(details.getByTestId("bulk-status")).toHaveText(status);
  const value = (term: string) =>
    details
      .locator("div")
      .filter({ has: page.getByText(term, { exact: true }) })
      .locator("dd");
  await expect(value("Name")).toHaveText(requester.name);
  await expect(value("Email")).toHaveText(requester.email);
  await expect(value("Phone")).toHaveText("+91 98765 43210");
  // The event type as the form's list names it ("Family Event"), never its stored code.
  await expect(details.getByTestId("bulk-event-type")).toHaveText(
    EVENT_LABELS[requester.eventType],
  );
  await expect(value("Delivery date")).toHaveText(longDate(shopDay(requester.inDays)));
  await expect(value("Delivery location")).toHaveText(requester.location);
  await expect(details.getByTestId("bulk-products")).toHaveText(requester.products);
}

test("a request: Submitting..., its confirmation, a reload, another browser, and the emailed link", async ({
  page,
  browser,
}) => {
  test.slow();
  // Markup typed into the form stays text everywhere.
  const requester = newRequester({
    name: "<b>Meera</b> Nayak",
    products: "Tomatoes 50 kg\n<img src=x onerror=alert(1)> 10 kg",
    cod: true,
  });
  await openRequestPage(page);
  await fillRequest(page, requester);
  const release = await holdRequests(page, "**/api/bulk-orders");
  await submitButton(page).click();
  await expect(submitButton(page)).toHaveText("Submitting...");
  await expect(submitButton(page)).toBeDisabled();
  release();
  const ticketId = await confirmedTicket(page);
  expect(ticketId).toMatch(TICKET_ID);
  await expect(page).toHaveURL(`/bulk-order-confirmation?ticket=${ticketId}`);
  await expect(page).toHaveTitle("Bulk Order Request Submitted | Fresh Harvest Hub");
  await expectRequestShown(page, ticketId, requester, "Awaiting Review");
  await expect(page.locator("img[src=x]")).toHaveCount(0);
  await expect(detailsCard(page)).toContainText("Requested, subject to approval");

  const steps = page.getByRole("region", { name: "Next Steps" });
  await expect(steps.getByRole("listitem")).toHaveCount(3);
  await expect(steps).toContainText("reviews your request");
  await expect(steps).toContainText("quote");
  await expect(steps).toContainText("50% advance payment");

  // Before a quote: the four methods are shown, nothing can be paid yet.
  const card = paymentCard(page);
  await expect(card).toContainText("Our team is reviewing your request");
  await expect(card).toContainText("once the quote has been sent");
  for (const name of ["Credit/Debit Card", "UPI", "Net Banking", "Cash on Delivery"]) {
    await expect(card.getByRole("radio", { name })).toBeDisabled();
  }
  await expect(methodTile(card, "Cash on Delivery")).toContainText("Subject to approval");
  await expect(card.getByRole("button", { name: "Pay Advance" })).toBeDisabled();
  await expect(card.getByRole("link", { name: "Contact Customer Support" })).toHaveAttribute(
    "href",
    "/customer-support",
  );

  // A reload keeps it: the address has the ticket, and this browser holds the server's cookie.
  await page.reload();
  await expectRequestShown(page, ticketId, requester, "Awaiting Review");

  // Another browser without the cookie or the link's token is told it cannot be found here.
  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  const strangerErrors = watchBrowserErrors(strangerPage);
  await strangerPage.goto(`/bulk-order-confirmation?ticket=${ticketId}`);
  await expect(
    strangerPage.getByRole("heading", { level: 1, name: "We could not find this request" }),
  ).toBeVisible({ timeout: READY_TIMEOUT });
  await expect(strangerPage.getByRole("main")).not.toContainText(requester.email);
  await expect(strangerPage.getByRole("link", { name: "Request Bulk Order" })).toHaveAttribute(
    "href",
    "/bulk-order-request",
  );
  expect(allowFailedResource(strangerErrors, 404)).toBeGreaterThan(0);
  expect(strangerErrors).toEqual([]);

  // The acknowledgement email's link opens the request in any browser; the email itself repeats
  // nothing typed into the form, which anyone could have sent to this address.
  const mail = await mailTo(
    page.request,
    requester.email,
    `We received your bulk order request ${ticketId}`,
  );
  expect(mail.text).not.toContain("Meera");
  expect(mail.html).not.toContain("Meera");
  const link = confirmationLinkIn(mail.text);
  expect(link).toMatch(new RegExp(`^/bulk-order-confirmation\\?ticket=${ticketId}&token=`));
  await strangerPage.goto(link);
  await expectRequestShown(strangerPage, ticketId, requester, "Awaiting Review");
  expect(strangerErrors).toEqual([]);
  await stranger.close();
});

test("quote, then the 50% advance: the methods, a declined card in the provider's window, then paid, and the emails", async ({
  page,
  browserErrors,
}) => {
  test.slow();
  const requester = newRequester({ eventType: "corporate", inDays: 10 });
  const ticketId = await sendRequest(page, requester);
  await quoteRequest(page, ticketId, 12_500);

  await page.reload();
  await expectRequestShown(page, ticketId, requester, "Awaiting Payment");
  const card = paymentCard(page);
  await expect(card.getByTestId("bulk-quote")).toContainText("₹12,500.00");
  await expect(card.getByTestId("bulk-advance")).toHaveText("₹6,250.00");
  const pay = card.getByRole("button", {
    name: /^(Pay ₹6,250.00 Advance|Processing Payment\.\.\.)$/,
  });
  await expect(pay).toBeEnabled();
  // Cash on delivery was not approved for this request.
  await expect(card.getByRole("radio", { name: "Cash on Delivery" })).toBeDisabled();
  await expect(methodTile(card, "Cash on Delivery")).toContainText("Subject to approval");

  // The methods: card first. No card or UPI details are typed here: they go in the window.
  await expect(card.getByRole("radio", { name: "Credit/Debit Card" })).toBeChecked();
  await expect(card.getByRole("textbox")).toHaveCount(0);
  await expect(card).toContainText("secure window");

  // UPI: three apps, as tabs.
  await methodTile(card, "UPI").click();
  const tabs = card.getByRole("tablist", { name: "UPI app" }).getByRole("tab");
  await expect(tabs).toHaveText(["Google Pay", "PhonePe", "Other UPI"]);
  await expect(tabs.first()).toHaveAttribute("aria-selected", "true");
  await card.getByRole("tab", { name: "PhonePe" }).click();
  await expect(card.getByRole("tab", { name: "PhonePe" })).toHaveAttribute("aria-selected", "true");
  await expect(card.getByRole("tabpanel")).toContainText("PhonePe");
  await card.getByRole("tab", { name: "PhonePe" }).press("ArrowRight");
  await expect(card.getByRole("tab", { name: "Other UPI" })).toBeFocused();
  await expect(card.getByRole("tab", { name: "Other UPI" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(card.getByRole("textbox")).toHaveCount(0);

  // Net banking: a bank is needed, from the spec's list.
  await methodTile(card, "Net Banking").click();
  await expect(field(card, "Bank").getByRole("option")).toHaveText([
    "Select your bank",
    ...BANK_LABELS,
  ]);
  await pay.click();
  await expect(toast(page, BULK_TEXTS.bank)).toBeVisible();
  await expect(field(card, "Bank")).toBeFocused();
  await expect(paymentDialog(page)).toHaveCount(0);

  // Card: Processing Payment... while the store makes the provider's order, then its window.
  await methodTile(card, "Credit/Debit Card").click();
  const release = await holdRequests(page, `**/api/bulk-orders/${ticketId}/advance`);
  await pay.click();
  await expect(pay).toHaveText("Processing Payment...");
  await expect(pay).toBeDisabled();
  release();
  await expect(paymentDialog(page)).toBeVisible({ timeout: READY_TIMEOUT });
  await expect(testCheckout(page).getByTestId("test-amount")).toHaveText("₹6,250.00");
  await expect(testCheckout(page).getByTestId("test-receipt")).toHaveText(ticketId);

  // A declined card: the window says why; closed, the card offers Try again (and no cash).
  await payIn(page, { card: DECLINED_CARD });
  await expect(testCheckout(page).getByRole("alert")).toContainText(
    "Your card was declined by the bank.",
  );
  await page.getByRole("button", { name: "Close payment window" }).click();
  const outcome = outcomePanel(page);
  await expect(outcome).toContainText("Payment failed. Your card was declined by the bank.");
  await expect(outcome.getByRole("button", { name: "Pay cash on delivery instead" })).toHaveCount(
    0,
  );
  await expect(detailsCard(page).getByTestId("bulk-status")).toHaveText("Awaiting Payment");
  expect(allowFailedResource(browserErrors, 402)).toBe(1);

  // Try again reopens the window: the good card, the spec's message, the paid state, then home.
  await outcome.getByRole("button", { name: "Try again" }).click();
  await payIn(page, { card: GOOD_CARD });
  await expect(toast(page, BULK_TEXTS.paid)).toBeVisible({ timeout: READY_TIMEOUT });
  await expect(card.getByTestId("bulk-payment-summary")).toHaveText("Visa ending 1111");
  await expect(detailsCard(page).getByTestId("bulk-status")).toHaveText("Advance Paid");
  await expect(page).toHaveURL(/\/bulk-order-confirmation/);
  await expect(page).toHaveURL("/", { timeout: 5_000 });

  // Back on the request's page: paid, with nothing left to pay.
  await page.goto(`/bulk-order-confirmation?ticket=${ticketId}`);
  await expectRequestShown(page, ticketId, requester, "Advance Paid");
  await expect(paymentCard(page).getByTestId("bulk-paid")).toContainText("Advance paid");
  await expect(paymentCard(page).getByRole("button", { name: /Pay/ })).toHaveCount(0);

  const quoteMail = await mailTo(
    page.request,
    requester.email,
    `Your quote for bulk order ${ticketId}: ₹12,500.00`,
  );
  expect(quoteMail.text).toContain("₹6,250.00");
  const receipt = await mailTo(
    page.request,
    requester.email,
    `Advance payment received for bulk order ${ticketId}`,
  );
  expect(receipt.text).toContain("Paid: ₹6,250.00 (Visa ending 1111)");
  expect(receipt.text).toContain("Balance due on delivery: ₹6,250.00");
});

test("cash on delivery, once approved with the quote, confirms the order without an advance", async ({
  page,
}) => {
  test.slow();
  const requester = newRequester({ eventType: "wedding", cod: true, inDays: 20 });
  const ticketId = await sendRequest(page, requester);
  await quoteRequest(page, ticketId, 40_000, { approveCod: true });

  await page.reload();
  await expectRequestShown(page, ticketId, requester, "Awaiting Payment");
  await expect(detailsCard(page)).toContainText("Approved");
  const card = paymentCard(page);
  const cod = card.getByRole("radio", { name: "Cash on Delivery" });
  await expect(cod).toBeEnabled();
  await expect(methodTile(card, "Cash on Delivery")).toContainText("Approved for your order");
  await methodTile(card, "Cash on Delivery").click();
  await expect(cod).toBeChecked();
  await card.getByRole("button", { name: "Confirm Cash on Delivery" }).click();
  await expect(toast(page, "Your bulk order has been confirmed!")).toBeVisible();
  await expect(detailsCard(page).getByTestId("bulk-status")).toHaveText("Confirmed");
  await expect(card.getByTestId("bulk-paid")).toContainText("Your bulk order is confirmed.");
  await expect(page).toHaveURL("/", { timeout: 5_000 });

  const mail = await mailTo(
    page.request,
    requester.email,
    `Bulk order ${ticketId} confirmed: cash on delivery`,
  );
  expect(mail.text).toContain("Due on delivery: ₹40,000.00");
});

test("the footer's Bulk Orders link opens the request page", async ({ page }) => {
  await openPage(page, "/about");
  await page
    .getByRole("contentinfo")
    .getByRole("navigation", { name: "Quick Links" })
    .getByRole("link", { name: "Bulk Orders" })
    .click();
  await expect(page).toHaveURL("/bulk-order-request");
  await expect(requestForm(page)).toBeVisible({ timeout: READY_TIMEOUT });
});
