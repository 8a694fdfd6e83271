// A shopper's account in the browser: signing up through the page, as a person does.
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { READY_TIMEOUT } from "./storefront.ts";

export const CUSTOMER_PASSWORD = "green mangoes ripen";

export const siteHeader = (page: Page) => page.getByTestId("site-header");

/** Signs a new customer up on /signup and waits until the header shows them signed in. */
export async function signUpInBrowser(page: Page, email: string, name = "Asha Das") {
  await page.goto("/signup");
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel(/^Password/).fill(CUSTOMER_PASSWORD);
  await page.getByLabel("Confirm password").fill(CUSTOMER_PASSWORD);
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(siteHeader(page).getByTestId("customer-avatar")).toBeVisible({
    timeout: READY_TIMEOUT,
  });
}
