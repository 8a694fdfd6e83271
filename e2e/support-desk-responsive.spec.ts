// The desk's search, filters and bulk selection on a 390 px phone: everything fits the screen,
// nothing scrolls sideways, and axe finds nothing serious. Runs in the "mobile" project.
import { expect, expectAccessible, test } from "./support/fixtures.ts";
import { signInAsStaff } from "./support/staff.ts";
import { overflowsHorizontally, READY_TIMEOUT } from "./support/storefront.ts";

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

test("the desk's search and filters fit a phone, with a ticket selected and none found", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const origin = new URL(test.info().project.use.baseURL ?? "").origin;
  const filed = await page.request.post("/api/support/tickets", {
    headers: { origin },
    data: {
      name: "Sasmita Das",
      email: `phone.desk.${run}@example.in`,
      queryType: "shipping_issue",
      message: `The basket ${run} has not come.`,
    },
  });
  expect(filed.status(), await filed.text()).toBe(201);
  const { reference } = (await filed.json()) as { reference: string };

  await signInAsStaff(page, "customer-relations");
  await page.goto(`/admin/dashboard/3?q=${run}&type=shipping_issue&age=hour`);
  const inbox = page.getByTestId("support-inbox");
  const search = inbox.getByLabel("Search tickets");
  await expect(inbox.getByRole("button", { name: `Open ticket ${reference}` })).toBeVisible({
    timeout: READY_TIMEOUT,
  });
  await expect(search).toHaveValue(run);
  await expect(inbox.getByLabel("Type")).toHaveValue("shipping_issue");
  await expect(inbox.getByLabel("Age")).toHaveValue("hour");
  await inbox.getByRole("checkbox", { name: `Select ${reference}` }).check();
  await expect(inbox.getByRole("button", { name: "Resolve 1 ticket" })).toBeVisible();

  for (const control of [
    search,
    inbox.getByLabel("Type"),
    inbox.getByLabel("Age"),
    inbox.getByRole("button", { name: "Resolve 1 ticket" }),
  ]) {
    const box = (await control.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }
  expect(await overflowsHorizontally(page), "the page scrolls sideways").toBe(false);
  await inbox.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/tmp/desk-find-phone.png" });
  await expectAccessible(page);

  // A long word that matches nothing still wraps inside the screen.
  await search.fill(`nothing-${run}-${"x".repeat(60)}`);
  await expect(inbox.getByRole("button", { name: "Clear filters" })).toBeVisible();
  expect(await overflowsHorizontally(page), "the page scrolls sideways").toBe(false);
  await page.screenshot({ path: "/tmp/desk-find-phone-empty.png" });
  await expectAccessible(page, {}, "[data-testid='support-inbox']");
});
