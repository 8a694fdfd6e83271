import type { Page } from "@playwright/test";
import { SIGN_IN_GUARD } from "../src/shared/rules/sign-in-guard.ts";
import { allowFailedResource } from "./support/checkout.ts";
import { expect, test } from "./support/fixtures.ts";
import { READY_TIMEOUT } from "./support/storefront.ts";

// The per-account limit on code checks of src/server/modules/auth/auth-limits.ts, and sign-in's
// wait after repeated failures at an account from one client (src/shared/rules/sign-in-guard.ts).
// Every browser test comes from one client address, so these use a fresh email, well inside the
// address's limits the other tests share.
const CODE_CHECKS_PER_ACCOUNT = 15;

let counter = 0;
const newEmail = () => `limited${Date.now()}${++counter}@example.in`;
const toast = (page: Page, text: string | RegExp) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text });

test("login says in a toast when this browser has to wait after too many tries, and how long", async ({
  page,
  browserErrors,
  baseURL,
}) => {
  const email = newEmail();
  // The Origin the store's pages send; a script must send it too (origin-check.ts).
  const STORE_ORIGIN = new URL(baseURL!).origin;
  await page.goto("/login");
  await expect(page.getByRole("form", { name: "Login" })).toBeVisible({ timeout: READY_TIMEOUT });
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("green mangoes ripen");
  // Someone guessing from this browser's address, as a script would: straight at the API, waiting
  // as told, until the next try has to wait 8 seconds.
  for (let failures = 0; failures < SIGN_IN_GUARD.freeFailures + 3; ) {
    const response = await page.request.post("/api/auth/sign-in/email", {
      data: { email, password: `a wrong guess ${failures}` },
      headers: { origin: STORE_ORIGIN },
    });
    if (response.status() === 429) {
      await page.waitForTimeout(Number(response.headers()["retry-after"]) * 1000);
      continue;
    }
    expect(response.status()).toBe(401);
    failures++;
  }
  await page.getByRole("button", { name: "Login" }).click();
  await expect(
    toast(page, /Too many sign-in attempts\. Please try again in [1-8] seconds?\./),
  ).toBeVisible();
  await expect(page).toHaveURL("/login");
  expect(allowFailedResource(browserErrors, 429)).toBe(1);
});

test("the code step says in a toast, not under the code, when too many codes were tried", async ({
  page,
  browserErrors,
  baseURL,
}) => {
  const email = newEmail();
  const STORE_ORIGIN = new URL(baseURL!).origin;
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send OTP" }).click();
  await expect(page.getByRole("main")).toContainText(email);
  for (let attempt = 0; attempt < CODE_CHECKS_PER_ACCOUNT; attempt++) {
    const response = await page.request.post("/api/auth/email-otp/check-verification-otp", {
      data: { email, otp: "000000", type: "forget-password" },
      headers: { origin: STORE_ORIGIN },
    });
    expect(response.status()).toBe(400);
  }
  const input = page.getByLabel("Verification code");
  await input.fill("123456");
  await page.getByRole("button", { name: "Verify OTP" }).click();
  await expect(
    toast(page, /Too many code attempts\. Please try again in (59|60) minutes\./),
  ).toBeVisible();
  await expect(page).toHaveURL("/forgot-password");
  await expect(page.getByText("Invalid OTP")).toHaveCount(0);
  expect(allowFailedResource(browserErrors, 429)).toBe(1);
});
