import { randomUUID } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { allowFailedResource } from "./support/checkout.ts";
import { CUSTOMER_PASSWORD, signUpInBrowser, siteHeader } from "./support/customers.ts";
import { expect, expectAccessible, test } from "./support/fixtures.ts";
import { mailedCode, mailTo } from "./support/mailbox.ts";
import { signInAsStaff } from "./support/staff.ts";
import { READY_TIMEOUT } from "./support/storefront.ts";

const PASSWORD = CUSTOMER_PASSWORD;
let counter = 0;
const newEmail = () => `leaving${Date.now()}${++counter}@example.in`;
const header = siteHeader;
const section = (page: Page) => page.getByRole("region", { name: "Delete my account" });
const confirmButton = (page: Page) =>
  section(page).getByRole("button", { name: "Delete my account permanently" });
const origin = () => new URL(test.info().project.use.baseURL ?? "").origin;

async function openAccount(page: Page) {
  await page.goto("/account");
  await expect(section(page)).toBeVisible({ timeout: READY_TIMEOUT });
}

/** A cash order the signed-in customer places through the API, as checkout does. */
async function placeOrder(page: Page, email: string) {
  const response = await page.request.post("/api/orders", {
    headers: { origin: origin(), "idempotency-key": randomUUID() },
    data: {
      contact: {
        firstName: "Asha",
        lastName: "Das",
        email,
        phone: `9${String(Date.now()).slice(-9)}`,
      },
      delivery: { address: "12 Janpath", city: "Bhubaneswar", state: "Odisha", pincode: "751007" },
      notes: "",
      payment: { method: "cash" },
      items: [{ productId: "tomatoes", quantity: 1_000 }],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { orderNumber: string }).orderNumber;
}

/** The sales manager cancels the order from a browser of their own. */
async function cancelAsSales(browser: Browser, orderNumber: string) {
  const context = await browser.newContext();
  const staff = await context.newPage();
  await signInAsStaff(staff, "sales");
  const cancelled = await staff.request.post(`/api/staff/sales/orders/${orderNumber}/cancel`, {
    headers: { origin: origin() },
    data: { reason: "customer_request" },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await context.close();
}

async function expectDeleted(page: Page) {
  await expect(page).toHaveURL("/account-deleted", { timeout: READY_TIMEOUT });
  await expect(
    page.getByRole("heading", { level: 1, name: "Your account is deleted" }),
  ).toBeVisible();
  // Signed out on this page too (the header's avatar goes, on a phone and a desktop alike).
  await expect(header(page).getByTestId("customer-avatar")).toHaveCount(0, {
    timeout: READY_TIMEOUT,
  });
}

test("a customer deletes their account with the password once their order is finished, and the old sign-in is refused", async ({
  page,
  browser,
  browserErrors,
}) => {
  test.slow();
  const email = newEmail();
  await signUpInBrowser(page, email);
  const orderNumber = await placeOrder(page, email);
  await openAccount(page);
  await expect(section(page)).toContainText("What the law makes us keep");
  await expectAccessible(page);

  const password = section(page).getByLabel("Your password");
  await confirmButton(page).click();
  await expect(section(page).getByText("Please enter your password.")).toBeVisible();
  await expect(password).toBeFocused();
  await password.fill("not my password");
  await confirmButton(page).click();
  await expect(section(page).getByText("That password is not right.")).toBeVisible();
  expect(allowFailedResource(browserErrors, 400)).toBe(1);

  // Food on its way: the account stays until the order is delivered or cancelled.
  await password.fill(PASSWORD);
  await password.press("Enter");
  await expect(section(page).getByRole("alert")).toContainText(
    `Your order ${orderNumber} is not finished yet.`,
  );
  expect(allowFailedResource(browserErrors, 409)).toBe(1);

  await cancelAsSales(browser, orderNumber);
  await confirmButton(page).click();
  await expectDeleted(page);

  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText(/Invalid email or password/i)).toBeVisible({
    timeout: READY_TIMEOUT,
  });
  const goodbye = await mailTo(page.request, email, "Your Fresh Harvest Hub account is deleted");
  expect(goodbye.text).toContain("Hi Asha,");
  expect(allowFailedResource(browserErrors, 401)).toBe(1);
});

test("on a phone, a customer deletes their account with an emailed code, by keyboard", async ({
  page,
}) => {
  test.slow();
  const email = newEmail();
  await signUpInBrowser(page, email);
  await page.setViewportSize({ width: 375, height: 740 });
  await openAccount(page);

  await section(page).getByRole("button", { name: "Email me a code instead" }).click();
  await expect(section(page).getByRole("status")).toContainText(
    `We sent a 6-digit code to ${email}.`,
  );
  const codeInput = section(page).getByLabel("Verification code");
  await expect(codeInput).toBeFocused();
  await expect(
    section(page).getByRole("button", { name: /^Email me another code in \d+s$/ }),
  ).toBeDisabled();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await expectAccessible(page);

  await page.keyboard.type(await mailedCode(page.request, email, /delete your/));
  await page.keyboard.press("Enter");
  await expectDeleted(page);
  await expectAccessible(page);
  // Gone on every page: the account page now asks to log in.
  await page.goto("/account");
  await expect(page).toHaveURL("/login", { timeout: READY_TIMEOUT });
});
