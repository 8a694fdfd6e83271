// Runs in the "mobile" project (Pixel 7) only; see playwright.config.ts.
import { expect, expectAccessible, test } from "./support/fixtures.ts";
import { ADMIN_URL, logoutButton, openAdmin, signInAs, staffHeader } from "./support/staff.ts";
import { overflowsHorizontally } from "./support/storefront.ts";

test("/admin fits a phone, with the hint inside the screen", async ({ page }) => {
  await openAdmin(page);
  expect(await overflowsHorizontally(page)).toBe(false);
  await page.getByRole("button", { name: "Demo credentials" }).click();
  const hint = page.getByRole("dialog", { name: "Demo staff credentials" });
  await expect(hint).toBeVisible();
  const box = await hint.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  expect(await overflowsHorizontally(page)).toBe(false);
});

test("a dashboard fits a phone: name, title and Logout in reach, nothing sideways", async ({
  page,
}) => {
  // Customer relations signs in least often in the run: staff sign-ins are limited per member.
  await signInAs(page, "customer-relations");
  const header = staffHeader(page);
  await expect(header.getByTestId("staff-member-name")).toBeVisible();
  await expect(logoutButton(page)).toBeInViewport();
  expect(await overflowsHorizontally(page)).toBe(false);
  await expectAccessible(page);
  await logoutButton(page).click();
  await expect(page).toHaveURL(ADMIN_URL);
});
