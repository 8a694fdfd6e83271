import type { Browser, Page } from "@playwright/test";
import { dismissToasts, toast } from "./support/checkout.ts";
import { expect, expectAccessible, test } from "./support/fixtures.ts";
import { memberName, signInAsStaff } from "./support/staff.ts";
import { READY_TIMEOUT } from "./support/storefront.ts";

// Two desks of Customer Relations on one ticket: a reply written while the other desk answered
// or resolved is asked about before it goes, with the text kept.

async function fileTicket(
  page: Page,
  name: string,
  message: string,
  orderNumber?: string,
): Promise<string> {
  const origin = new URL(test.info().project.use.baseURL ?? "").origin;
  const filed = await page.request.post("/api/support/tickets", {
    headers: { origin },
    data: {
      name,
      email: `desk.${Date.now().toString(36)}@example.com`,
      queryType: "order_status",
      message,
      ...(orderNumber && { orderNumber }),
    },
  });
  expect(filed.status(), await filed.text()).toBe(201);
  return ((await filed.json()) as { reference: string }).reference;
}

/** A desk: its own browser, signed in as Customer Relations, with the ticket open. */
async function deskOn(browser: Browser, reference: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsStaff(page, "customer-relations");
  await page.goto(`/admin/dashboard/3?ticket=${reference}`);
  const sheet = page.getByRole("dialog", { name: `Ticket ${reference}` });
  await expect(sheet.getByLabel("Your reply")).toBeVisible({ timeout: READY_TIMEOUT });
  await expect(page.getByTestId("support-inbox").getByText("Live")).toBeVisible({
    timeout: READY_TIMEOUT,
  });
  return { context, page, sheet };
}

test("a reply written while the other desk answered or resolved asks before it goes, and keeps the text", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const opener = await browser.newContext();
  const reference = await fileTicket(
    await opener.newPage(),
    "Kavya Mishra",
    "My basket has not come.",
  );
  await opener.close();
  const a = await deskOn(browser, reference);
  const b = await deskOn(browser, reference);
  const who = await memberName(a.page);

  // B starts writing; A answers first. B's sheet shows A's reply by itself, and warns.
  const mine = "Sorry! I have asked the rider to call you.";
  await b.sheet.getByLabel("Your reply").fill(mine);
  await a.sheet.getByLabel("Your reply").fill("Your basket left the store at 10.");
  await a.sheet.getByRole("button", { name: "Send reply" }).click();
  await expect(toast(a.page, `Reply sent for ${reference}`)).toBeVisible();
  const conversation = b.sheet.getByRole("list", { name: "Conversation" });
  await expect(conversation).toContainText("Your basket left the store at 10.");
  await expect(
    b.sheet.getByText("This ticket has changed since you started writing"),
  ).toBeVisible();

  // B sends: asked, with who and what, and nothing went out.
  await b.sheet.getByRole("button", { name: "Send reply" }).click();
  const question = b.sheet.getByRole("region", {
    name: "This ticket changed while you were writing",
  });
  await expect(question).toBeVisible();
  await expect(question).toBeFocused();
  await expect(question).toContainText(new RegExp(`${who} replied at \\d{1,2}:\\d{2} [ap]m`));
  await expect(question).toContainText("Your basket left the store at 10.");
  await expect(b.sheet.getByLabel("Your reply")).toHaveValue(mine);
  await b.page.screenshot({ path: "/tmp/desk-replies-stale.png" });
  await dismissToasts(b.page);
  await expectAccessible(b.page);

  // Review first: the conversation is shown, the text stays, and the next send goes.
  await question.getByRole("button", { name: "Review first" }).click();
  await expect(question).toBeHidden();
  await expect(b.sheet.getByRole("heading", { name: "Conversation" })).toBeFocused();
  await b.sheet.getByRole("button", { name: "Send reply" }).click();
  await expect(toast(b.page, `Reply sent for ${reference}`)).toBeVisible();
  await expect(conversation).toContainText(mine);
  await expect(b.sheet.getByLabel("Your reply")).toHaveValue("");

  // A resolves while B writes again: asked, then sent anyway.
  await dismissToasts(b.page);
  await b.sheet.getByLabel("Your reply").fill("One more thing: the bag is on its way.");
  await expect(a.sheet.getByRole("list", { name: "Conversation" })).toContainText(mine);
  await a.sheet.getByRole("button", { name: "Mark resolved" }).click();
  await expect(toast(a.page, `${reference} is resolved`)).toBeVisible();
  await b.sheet.getByRole("button", { name: "Send reply" }).click();
  await expect(question).toContainText(new RegExp(`${who} resolved this ticket at`));
  await expect(question).toContainText("The ticket is now resolved.");
  await question.getByRole("button", { name: "Send anyway" }).click();
  await expect(toast(b.page, `Reply sent for ${reference}`)).toBeVisible();
  await expect(conversation).toContainText("the bag is on its way");
  // Each reply is in the thread once.
  await expect(conversation.getByText(mine)).toHaveCount(1);
  await expect(conversation.getByRole("listitem")).toHaveCount(4);
  await a.context.close();
  await b.context.close();
});

test("two windows on one ticket see each other, viewing and then replying, until one closes it", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const opener = await browser.newContext();
  const reference = await fileTicket(await opener.newPage(), "Arjun Behera", "Wrong mangoes.");
  await opener.close();
  const a = await deskOn(browser, reference);
  const b = await deskOn(browser, reference);
  // The shop has one Customer Relations member: a second desk is another window signed in as
  // them, named as such (a member never sees their own window, nor themselves by name).
  const others = (desk: typeof a) =>
    desk.sheet.getByRole("status", { name: "Also on this ticket" });
  await expect(others(a)).toHaveText("Another window signed in as you has this ticket open");
  await expect(others(b)).toHaveText("Another window signed in as you has this ticket open");

  // Typing tells the other desk once, not at every key.
  const beats: string[] = [];
  b.page.on("request", (request) => {
    if (request.url().endsWith(`/tickets/${reference}/presence`)) {
      beats.push(request.postDataJSON().activity);
    }
  });
  await b.sheet.getByLabel("Your reply").pressSequentially("We will swap them today.", {
    delay: 20,
  });
  await expect(others(a)).toHaveText("Another window signed in as you is replying");
  // One beat when the typing starts (a regular beat may fall in too), not 24 for 24 keys.
  expect(beats.filter((activity) => activity === "replying").length).toBeGreaterThanOrEqual(1);
  expect(beats.length).toBeLessThanOrEqual(2);
  await a.page.screenshot({ path: "/tmp/desk-replies-presence.png" });
  await expectAccessible(a.page);

  await b.sheet.getByRole("button", { name: "Close" }).click();
  await expect(others(a)).toHaveText("");
  await a.context.close();
  await b.context.close();
});

test("the desk writes a saved reply and inserts it with the customer's name and order filled in", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const opener = await browser.newContext();
  const reference = await fileTicket(
    await opener.newPage(),
    "Sunita Pradhan",
    "Where is my order?",
    "FHH-123456",
  );
  await opener.close();
  const desk = await deskOn(browser, reference);
  const { page, sheet } = desk;
  const title = `Running late ${Date.now().toString(36)}`;

  await sheet.getByRole("button", { name: "Saved replies" }).click();
  const dialog = page.getByRole("dialog", { name: "Saved replies" });
  await expect(dialog).toContainText("{name} becomes the customer's first name");
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  await expect(dialog.getByText("Please give the saved reply a title")).toBeVisible();
  await dialog.getByLabel("Title").fill(title);
  await dialog
    .getByLabel("Text")
    .fill("Hi {name}, order {order} is on its way (ticket {ticket}). It arrives in {eta}.");
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page, `Saved “${title}”`)).toBeVisible();
  await expect(dialog.getByRole("list", { name: "Saved replies" })).toContainText(title);
  await page.screenshot({ path: "/tmp/desk-replies-saved-dialog.png" });
  // The dialog's form is its own: saving there sends nothing from the reply box under it.
  await expect(page.locator("textarea[name=body]")).not.toHaveAttribute("aria-invalid", "true");
  await dismissToasts(page);
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Close saved replies" }).click();
  await expect(dialog).toBeHidden();

  await sheet.getByLabel("Insert saved reply").selectOption({ label: title });
  await sheet.getByRole("button", { name: "Insert", exact: true }).click();
  const reply = sheet.getByLabel("Your reply");
  await expect(reply).toHaveValue(
    `Hi Sunita, order FHH-123456 is on its way (ticket ${reference}). It arrives in {eta}.`,
  );
  await expect(reply).toBeFocused();
  // The unknown placeholder is named before anything goes, and holds the reply back.
  await expect(sheet.getByText("{eta} is not filled in: replace it before sending.")).toBeVisible();
  await sheet.getByRole("button", { name: "Send reply" }).click();
  await expect(reply).toHaveAttribute("aria-invalid", "true");
  await page.screenshot({ path: "/tmp/desk-replies-placeholder.png" });
  await reply.fill(
    `Hi Sunita, order FHH-123456 is on its way (ticket ${reference}). It arrives in 20 minutes.`,
  );
  await sheet.getByRole("button", { name: "Send reply" }).click();
  await expect(toast(page, `Reply sent for ${reference}`)).toBeVisible();
  await expect(sheet.getByRole("list", { name: "Conversation" })).toContainText(
    "It arrives in 20 minutes.",
  );

  // Deleted for the whole desk, after a question.
  await sheet.getByRole("button", { name: "Saved replies" }).click();
  await dialog.getByRole("button", { name: `Delete ${title}` }).click();
  await expect(dialog.getByRole("button", { name: "Keep" })).toBeFocused();
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(toast(page, `Deleted “${title}”`)).toBeVisible();
  await expect(dialog.getByText(title)).toHaveCount(0);
  await desk.context.close();
});
