import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { DENY_COOKIE, ISSUER_NAME } from "./support/oidc-issuer.ts";
import { READY_TIMEOUT } from "./support/storefront.ts";

// Sign-in through the store's OpenID Connect provider: a real local issuer (support/oidc-issuer.ts)
// that playwright.config.ts starts next to the store. Every sign-in there is a new shopper.

const header = (page: Page) => page.getByTestId("site-header");
const toast = (page: Page, text: string | RegExp) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text });
const issuerButton = (page: Page) =>
  page.getByRole("button", { name: `Continue with ${ISSUER_NAME}` });

async function openForm(page: Page, path: "/login" | "/signup") {
  await page.goto(path);
  await expect(
    page.getByRole("form", { name: path === "/login" ? "Login" : "Sign up" }),
  ).toBeVisible({ timeout: READY_TIMEOUT });
}

test("a shopper signs in through the store's OpenID Connect provider", async ({ page }) => {
  await openForm(page, "/login");
  // Google is not configured in these tests; its button stays (accounts.spec.ts presses it).
  await expect(page.getByRole("button", { name: "Continue with Google" })).toBeVisible();

  // Hold the store's answer a moment, so the pending state can be seen; then let it through.
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/auth/sign-in/social", async (route) => {
    await held;
    await route.continue();
  });
  await issuerButton(page).click();
  const connecting = page.getByRole("button", { name: "Connecting..." });
  await expect(connecting).toBeDisabled();
  await expect(page.getByRole("button", { name: "Continue with Facebook" })).toBeDisabled();
  release();

  // Store -> issuer -> store's callback -> home, signed in.
  await expect(page).toHaveURL("/", { timeout: READY_TIMEOUT });
  const avatar = header(page).getByTestId("customer-avatar");
  await expect(avatar).toHaveText("RK", { timeout: READY_TIMEOUT });
  await expect(header(page).getByRole("button", { name: "Logout" })).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === "fhh.session_token")?.httpOnly).toBe(true);

  // A signed-in customer is sent home from the sign-in pages, as after a password sign-in.
  await page.goto("/login");
  await expect(page).toHaveURL("/");
});

test("a shopper who says no at the provider is back on sign-up with the spec's toast", async ({
  page,
  context,
}) => {
  // Cookies ignore ports: the issuer next to the store receives it too.
  await context.addCookies([{ name: DENY_COOKIE, value: "deny", url: "http://127.0.0.1" }]);
  await openForm(page, "/signup");
  await issuerButton(page).click();
  await expect(toast(page, `${ISSUER_NAME} signup failed`)).toBeVisible({
    timeout: READY_TIMEOUT,
  });
  await expect(toast(page, "The sign-in was cancelled.")).toBeVisible();
  // The error is said once: it is gone from the address, so a reload does not repeat it.
  await expect(page).toHaveURL("/signup");
  await expect(issuerButton(page)).toBeEnabled();
  await expect(header(page).getByRole("link", { name: "Login" })).toBeVisible();
});
