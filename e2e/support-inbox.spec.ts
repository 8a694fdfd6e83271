import { mailTo, toast } from "./support/bulk-orders.ts";
import { field } from "./support/checkout.ts";
import { expect, expectAccessible, test } from "./support/fixtures.ts";
import { signInAsStaff } from "./support/staff.ts";
import { openPage, READY_TIMEOUT } from "./support/storefront.ts";

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
