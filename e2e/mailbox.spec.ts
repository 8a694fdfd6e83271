import type { Page } from "@playwright/test";
import { checkout, newBuyer, watchBrowserErrors } from "./support/checkout.ts";
import { expect, expectAccessible, test } from "./support/fixtures.ts";
import { READY_TIMEOUT, seedCart } from "./support/storefront.ts";

// Demo mode's /dev/mailbox after an order: the confirmation email, whose link opens the order
// (and its invoice) in a browser that never placed it. One order.

test("after an order, /dev/mailbox holds its confirmation email, whose link opens the order anywhere", async ({
  page,
  context,
}) => {
  test.slow();
  await seedCart(page, [{ id: "potatoes", quantity: 1_000 }]);
  // Markup in a name: the email never repeats it; the order's page and invoice keep it text.
  const buyer = newBuyer({ firstName: "<i>Meera</i>", lastName: "Nayak" });
  const orderNumber = await checkout(page, {
    buyer,
    payment: { method: "phonepe", upiId: "meera.nayak@ybl" },
  });

  // The confirmation points to the demo mailbox.
  await expect(page.getByRole("link", { name: "Open the demo mailbox" })).toHaveAttribute(
    "href",
    "/dev/mailbox",
  );
  // It is opened in a tab of its own: the test fixtures' start-up scripts (which write to
  // storage) would also run inside the mail's sandboxed frame, where storage is refused.
  // Axe tries to load itself into every frame, and Chromium logs a refusal from the mail's
  // script-less sandbox; the mail itself has no script (checked below).
  const mailbox = await context.newPage();
  const errors = watchBrowserErrors(mailbox, /Blocked script execution in 'about:srcdoc'/);
  await mailbox.goto("/dev/mailbox");
  await runMailboxChecks(mailbox, buyer.email, orderNumber);
  expect(errors, "the browser reported errors").toEqual([]);
  await mailbox.close();
});

async function runMailboxChecks(page: Page, email: string, orderNumber: string) {
  const subject = `We have received your Fresh Harvest Hub order ${orderNumber}`;
  await expect(page.getByRole("heading", { level: 1, name: "Mailbox" })).toBeVisible({
    timeout: READY_TIMEOUT,
  });

  // The outbox worker writes the mail within a few seconds; the page polls for it.
  const mails = page.getByRole("navigation", { name: "Emails" }).getByRole("button");
  const mail = mails.filter({ hasText: subject });
  await expect(async () => {
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(mail).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(mail).toContainText(`To ${email}`);
  await expect(mail).not.toContainText("attachment");

  await mail.click();
  const opened = page.getByRole("article", { name: subject });
  await expect(opened).toBeVisible();
  await expect(opened.getByRole("heading", { level: 2 })).toHaveText(subject);
  await expect(opened.getByRole("definition").first()).toHaveText(email);
  const text = opened.locator("pre");
  await expect(text).toContainText("Hello,");
  await expect(text).toContainText(`We have received your order ${orderNumber}.`);
  await expect(text).toContainText("Potatoes (1 kg · ₹35.00 per kg): ₹35.00");
  await expect(text).toContainText("Total: ₹84.00");
  await expect(text).toContainText("30-60 minutes");
  await expect(text).not.toContainText("Meera");
  const link = /View your order: (\S+)/.exec((await text.textContent()) ?? "")?.[1];
  expect(link).toContain(`/api/orders/${orderNumber}/open?token=`);

  // Another browser, that never saw the store, follows the link: the order and its invoice open.
  const stranger = await page.context().browser()!.newContext();
  const elsewhere = await stranger.newPage();
  await elsewhere.goto(link!);
  await expect(elsewhere).toHaveURL(new RegExp(`/orders/${orderNumber}$`));
  await expect(elsewhere.getByRole("heading", { level: 1 })).toHaveText(`Order ${orderNumber}`);
  const downloading = elsewhere.waitForEvent("download");
  await elsewhere.getByRole("link", { name: "Download Invoice" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`invoice-${orderNumber}.html`);
  const stream = await download.createReadStream();
  let html = "";
  for await (const chunk of stream) html += chunk;
  expect(html).toContain(orderNumber);
  expect(html).toContain("&lt;i&gt;Meera&lt;/i&gt; Nayak");
  expect(html).not.toContain("<i>Meera</i>");
  expect(html).toContain("₹84.00");
  await stranger.close();

  // The mail's own HTML sits in an empty sandbox, where axe cannot run; it is checked on its own.
  await expectAccessible(page, { selectors: ["iframe"] });
  const body = (await opened.getByTitle(`Email: ${subject}`).getAttribute("srcdoc"))!;
  expect(body).not.toContain("Meera");
  expect(body).not.toMatch(/<script/i);
  await page.setContent(body);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("We have your order!");
  await expect(page.getByText("Hello,")).toBeVisible();
  await expect(page.locator("i")).toHaveCount(0);
  await expectAccessible(page);
}
