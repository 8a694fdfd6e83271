import type { Locator, Page } from "@playwright/test";
import { dismissToasts, toast } from "./support/checkout.ts";
import { expect, expectAccessible, test } from "./support/fixtures.ts";
import { signInAsStaff } from "./support/staff.ts";
import { overflowsHorizontally, READY_TIMEOUT } from "./support/storefront.ts";

// The reply box with its saved-reply picker, and the saved replies' dialog, on a 390 px phone.

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

async function expectFitsPhone(page: Page, within: Locator) {
  expect(await overflowsHorizontally(page), "the page scrolls sideways").toBe(false);
  await expect(within).toBeVisible();
  const inside = await within.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(inside, "it scrolls sideways").toBeLessThanOrEqual(1);
  for (const control of await within.locator("button, select, textarea, input").all()) {
    if (!(await control.isVisible())) continue;
    const edge = (await control.boundingBox())!;
    expect(edge.x, (await control.getAttribute("aria-label")) ?? undefined).toBeGreaterThanOrEqual(
      0,
    );
    expect(edge.x + edge.width).toBeLessThanOrEqual(PHONE.width + 0.5);
  }
  await dismissToasts(page);
  await expectAccessible(page);
}

test("the reply box, its saved-reply picker and the saved replies fit a phone", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsStaff(page, "customer-relations");
  const origin = new URL(test.info().project.use.baseURL ?? "").origin;
  const filed = await page.request.post("/api/support/tickets", {
    headers: { origin },
    data: {
      name: "Lipika Swain",
      email: `phone.${Date.now().toString(36)}@example.com`,
      queryType: "order_status",
      message: "Can the rider call before coming?",
    },
  });
  expect(filed.status()).toBe(201);
  const reference = ((await filed.json()) as { reference: string }).reference;
  const title = `Rider will call ${Date.now().toString(36)}`;
  const saved = await page.request.post("/api/staff/customer-relations/saved-replies", {
    headers: { origin },
    data: { title, body: "Dear {name}, the rider will call you before coming ({ticket})." },
  });
  expect(saved.status()).toBe(201);

  await page.goto(`/admin/dashboard/3?ticket=${reference}`);
  const sheet = page.getByRole("dialog", { name: `Ticket ${reference}` });
  const reply = sheet.getByLabel("Your reply");
  await expect(reply).toBeVisible({ timeout: READY_TIMEOUT });
  const picker = sheet.getByLabel("Insert saved reply");
  await picker.selectOption({ label: title });
  await sheet.getByRole("button", { name: "Insert", exact: true }).click();
  await expect(reply).toHaveValue(
    `Dear Lipika, the rider will call you before coming (${reference}).`,
  );
  await expect(toast(page, `Inserted “${title}”`)).toBeVisible();
  await picker.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/tmp/desk-replies-phone-reply.png" });
  await expectFitsPhone(page, sheet);

  await sheet.getByRole("button", { name: "Saved replies" }).click();
  const dialog = page.getByRole("dialog", { name: "Saved replies" });
  await expect(dialog.getByRole("list", { name: "Saved replies" })).toContainText(title);
  await page.screenshot({ path: "/tmp/desk-replies-phone-saved.png" });
  await expectFitsPhone(page, dialog);
  await dialog.getByRole("button", { name: `Delete ${title}` }).click();
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(dialog.getByText(title)).toHaveCount(0);
});
