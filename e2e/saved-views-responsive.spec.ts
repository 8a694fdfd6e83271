// The Views control and its panel on a 390 px phone: both inside the screen, every button in
// reach, and axe finds nothing serious. Runs in the "mobile" project, narrowed to 390 px.
import { expect, expectAccessible, test } from "./support/fixtures.ts";
import { openSalesBoard } from "./support/sales.ts";
import { READY_TIMEOUT } from "./support/storefront.ts";

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

test("the Views control fits a 390 px phone and reads well", async ({ page }) => {
  await openSalesBoard(page);
  const button = page.getByRole("button", { name: "Views", exact: true });
  const trigger = (await button.boundingBox())!;
  expect(trigger.x + trigger.width).toBeLessThanOrEqual(PHONE.width);
  await button.click();
  const panel = page.getByRole("dialog", { name: "Saved views" });
  await expect(panel.getByRole("button", { name: "Save view" })).toBeVisible({
    timeout: READY_TIMEOUT,
  });
  await panel.getByLabel("Name").fill("Placed cash orders");
  await panel.getByRole("button", { name: "Save view" }).click();
  const saved = panel.getByRole("button", { name: "Placed cash orders", exact: true });
  await expect(saved).toBeVisible();

  const box = (await panel.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  for (const control of await panel.getByRole("button").all()) {
    const edge = (await control.boundingBox())!;
    expect(edge.x).toBeGreaterThanOrEqual(0);
    expect(edge.x + edge.width).toBeLessThanOrEqual(PHONE.width);
  }
  expect(await panel.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
  await expectAccessible(page, {}, '[role="dialog"]');
  await page.screenshot({ path: "/tmp/keys-views-phone.png" });

  await panel.getByRole("button", { name: "Delete view Placed cash orders" }).click();
  await expect(panel.getByText("No saved views yet")).toBeVisible();
});
