import type { Page } from "@playwright/test";
import { allowFailedResource } from "./support/checkout.ts";
import { expect, expectAccessible, test } from "./support/fixtures.ts";
import { mailedCode } from "./support/mailbox.ts";
import { READY_TIMEOUT } from "./support/storefront.ts";

const PASSWORD = "green mangoes ripen";
let counter = 0;
const newEmail = () => `coder${Date.now()}${++counter}@example.in`;
const toast = (page: Page, text: string | RegExp) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text });

async function signUp(page: Page, email: string) {
  await page.goto("/signup");
  await expect(page.getByRole("form", { name: "Sign up" })).toBeVisible({ timeout: READY_TIMEOUT });
  await page.getByLabel("Full name").fill("Asha Das");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page).toHaveURL("/");
}

test("a new customer verifies their email with the mailed code from the reminder banner", async ({
  page,
  browserErrors,
}) => {
  const email = newEmail();
  await signUp(page, email);
  const banner = page.getByRole("region", { name: "Email verification" });
  await expect(banner).toContainText(email);
  await banner.getByRole("link", { name: "Enter the code" }).click();
  await expect(page).toHaveURL("/otp-verification");
  await expect(page.getByRole("main")).toContainText(`We sent a 6-digit code to ${email}.`);
  await expect(page.getByRole("button", { name: /Resend OTP in \d+s/ })).toBeDisabled();
  await expectAccessible(page);

  const code = await mailedCode(page.request, email, /verification code/);
  const input = page.getByLabel("Verification code");
  await page.getByRole("button", { name: "Verify OTP" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please enter the OTP");
  await input.fill("12a3");
  await expect(input).toHaveValue("123");
  await page.getByRole("button", { name: "Verify OTP" }).click();
  await expect(page.getByRole("alert")).toHaveText("OTP must be 6 digits");
  await input.fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Verify OTP" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid OTP. Try again or request a new one.");
  expect(allowFailedResource(browserErrors, 400)).toBe(1);

  await input.fill(code);
  await page.getByRole("button", { name: "Verify OTP" }).click();
  await expect(toast(page, "Email verified")).toBeVisible();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("region", { name: "Email verification" })).toHaveCount(0);
});

test("the code page without an email goes to /login", async ({ page }) => {
  await page.goto("/otp-verification");
  await expect(page).toHaveURL("/login");
  await expect(toast(page, "Please enter your email first")).toBeVisible();
});

test("forgot password: email first, a different email, and one code per 30 s", async ({
  page,
  browserErrors,
}) => {
  const email = newEmail();
  await signUp(page, email);
  await page.getByTestId("site-header").getByRole("button", { name: "Logout" }).click();
  await expect(toast(page, "Logged out successfully")).toBeVisible();

  await page.goto("/forgot-password");
  const sendButton = page.getByRole("button", { name: "Send OTP" });
  await expect(sendButton).toBeVisible({ timeout: READY_TIMEOUT });
  await sendButton.click();
  await expect(page.getByRole("alert")).toHaveText("Please enter your email address");
  await page.getByLabel("Email").fill(email);
  await sendButton.click();
  await expect(page.getByRole("main")).toContainText(email);
  await expect(page.getByRole("link", { name: "demo mailbox" })).toBeVisible();

  // Try a different email goes back to step 1.
  await page.getByRole("button", { name: "Try a different email" }).click();
  await expect(page.getByLabel("Email")).toBeVisible();
  await page.getByLabel("Email").fill(email);
  // The page asked once already within 30 s: the server keeps its one-code-per-30-s line.
  await sendButton.click();
  await expect(toast(page, /Too many requests/)).toBeVisible();
  expect(allowFailedResource(browserErrors, 429)).toBe(1);
});

test("reset password with a verified code, then the 3 s redirect to login", async ({ page }) => {
  const email = newEmail();
  await signUp(page, email);
  await page.getByTestId("site-header").getByRole("button", { name: "Logout" }).click();
  await expect(toast(page, "Logged out successfully")).toBeVisible();
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send OTP" }).click();
  const code = await mailedCode(page.request, email, /Reset your/);
  await page.getByLabel("Verification code").fill(code);
  await page.getByRole("button", { name: "Verify OTP" }).click();
  await expect(page).toHaveURL("/reset-password");

  const submit = page.getByRole("button", { name: "Reset Password" });
  await page.getByRole("textbox", { name: "New password", exact: true }).fill("short");
  await submit.click();
  await expect(page.getByRole("alert")).toHaveText("Password must be at least 8 characters");
  await page
    .getByRole("textbox", { name: "New password", exact: true })
    .fill("a brand new password");
  await page.getByLabel("Confirm new password").fill("a different one");
  await submit.click();
  await expect(page.getByRole("alert")).toHaveText("Passwords do not match");
  await page.getByLabel("Confirm new password").fill("a brand new password");
  await submit.click();
  await expect(
    page.getByRole("status").filter({ hasText: "Password reset successful" }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Go to Login" })).toBeVisible();
  await expect(page).toHaveURL("/login", { timeout: 6000 });

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("a brand new password");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByTestId("customer-avatar").first()).toHaveText("AD");
});

test("the reset page without a verified code goes to /forgot-password", async ({ page }) => {
  await page.goto("/reset-password");
  await expect(page).toHaveURL("/forgot-password");
  await expect(toast(page, "Please verify your email first")).toBeVisible();
});
