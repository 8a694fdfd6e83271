import type { Page } from "@playwright/test";
import { allowFailedResource } from "./support/checkout.ts";
import { expect, test } from "./support/fixtures.ts";
import { READY_TIMEOUT } from "./support/storefront.ts";

// The per-account limits of src/server/modules/auth/auth-limits.ts. Every browser test comes from
// one client address, so these reach a per-account limit with a fresh email, well inside the
// address's limit the other tests share.
const SIGN_INS_PER_ACCOUNT = 10;
const CODE_CHECKS_PER_ACCOUNT = 15;

let counter = 0;
const newEmail = () => `limited${Date.now()}${++counter}@example.in`;
const toast = (page: Page, text: string | RegExp) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text });

test("login says in a toast when an account has had too many tries, and when to come back", async ({
  page,
  browserErrors,
  baseURL,
}) => {
  const email = newEmail();
  // The Origin the store's pages send; a script must send it too (origin-check.ts).
  const STORE_ORIGIN = new URL(baseURL!).origin;
  // Someone else guessing, as a script would: straight at the API.
  for (let attempt = 0; attempt < SIGN_INS_PER_ACCOUNT; attempt++) {
    const response = await page.request.post("/api/auth/sign-in/email", {
      data: { email, password: "a wrong guess" },
      headers: { origin: STORE_ORIGIN },
    });
    expect(response.status()).toBe(401);
  }
  await page.goto("/login");
  await expect(page.getByRole("form", { name: "Login" })).toBeVisible({ timeout: READY_TIMEOUT });
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("green mangoes ripen");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(
    toast(page, /Too many sign-in attempts\. Please try again in 1[45] minutes\./),
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
