import type { Browser, Page } from "@playwright/test";
import { CUSTOMER_PASSWORD, signUpInBrowser, siteHeader } from "./support/customers.ts";
import { expect, test } from "./support/fixtures.ts";
import { cartLink, openShop, READY_TIMEOUT, recordScriptChunks } from "./support/storefront.ts";

const PASSWORD = CUSTOMER_PASSWORD;
let counter = 0;
const newEmail = () => `cart${Date.now()}${++counter}@example.in`;

const header = siteHeader;
const lines = (page: Page) => page.getByTestId("cart-line");
const quantity = (page: Page, name: string) =>
  lines(page).filter({ hasText: name }).getByTestId("quantity");
type Line = { productId: string; quantity: number };

async function logIn(page: Page, email: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(header(page).getByTestId("customer-avatar")).toBeVisible({
    timeout: READY_TIMEOUT,
  });
}

async function logOut(page: Page) {
  await header(page).getByRole("button", { name: "Logout" }).click();
  await expect(header(page).getByRole("link", { name: "Login" })).toBeVisible();
}

/** The account's cart as the server keeps it, asked with this browser's session cookie. */
async function accountCart(page: Page): Promise<Line[]> {
  const response = await page.request.get("/api/cart");
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: Line[] }).items;
}
const sorted = (items: Line[]) => [...items].sort((a, b) => a.productId.localeCompare(b.productId));

async function openCart(page: Page) {
  await page.goto("/cart");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: READY_TIMEOUT });
}

/** Presses each product's Add button once: a counted product's one unit, a weighed one's 250 g. */
async function addInShop(page: Page, names: string[]) {
  await openShop(page);
  for (const name of names) {
    await page
      .getByRole("button", { name: new RegExp(`^Add (\\S+ k?g )?${name} to cart$`) })
      .click();
  }
}

/** Another computer: a browser context of its own, with no cookies or storage from this one. */
async function otherBrowser(browser: Browser) {
  const context = await browser.newContext();
  await context.addInitScript(() => window.localStorage.setItem("welcomeSeen", "true"));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return { page, errors, close: () => context.close() };
}

test("a guest's cart joins the account at sign-in and follows the customer to another browser", async ({
  page,
  browser,
}) => {
  // Two browsers, three sign-ins and a dozen page loads.
  test.slow();
  const email = newEmail();
  await signUpInBrowser(page, email, "Asha Das");
  // Something already in the account's cart from an earlier visit.
  await addInShop(page, ["Paneer"]);
  await expect.poll(() => accountCart(page)).toEqual([{ productId: "paneer", quantity: 1 }]);
  await logOut(page);
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 0 items");

  // Shopping as a guest, then signing in: both carts become one. Tomatoes go in by 250 g, and
  // the badge counts a kilo or part of one as one item.
  await addInShop(page, ["Tomatoes", "Tomatoes", "Paneer"]);
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 2 items");
  await logIn(page, email);
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 3 items");
  await openCart(page);
  await expect(lines(page)).toHaveCount(2);
  await expect(quantity(page, "Tomatoes")).toHaveText("500 g");
  await expect(quantity(page, "Paneer")).toHaveText("2 pack");
  await expect
    .poll(async () => sorted(await accountCart(page)))
    .toEqual([
      { productId: "paneer", quantity: 2 },
      { productId: "tomatoes", quantity: 500 },
    ]);
  // A reload with the session brings the same cart back, not a second merge of it.
  await page.reload();
  await expect(lines(page)).toHaveCount(2, { timeout: READY_TIMEOUT });
  await expect(quantity(page, "Tomatoes")).toHaveText("500 g");
  await expect(quantity(page, "Paneer")).toHaveText("2 pack");

  const other = await otherBrowser(browser);
  try {
    await logIn(other.page, email);
    await expect(cartLink(other.page)).toHaveAccessibleName("Cart, 3 items");
    await openCart(other.page);
    await expect(quantity(other.page, "Tomatoes")).toHaveText("500 g");
    await expect(quantity(other.page, "Paneer")).toHaveText("2 pack");

    // A change there is kept for the customer everywhere.
    await lines(other.page)
      .filter({ hasText: "Tomatoes" })
      .getByRole("button", { name: "Increase quantity of Tomatoes" })
      .click();
    await expect(quantity(other.page, "Tomatoes")).toHaveText("750 g");
    await expect
      .poll(async () => sorted(await accountCart(other.page)))
      .toEqual([
        { productId: "paneer", quantity: 2 },
        { productId: "tomatoes", quantity: 750 },
      ]);
    await page.reload();
    await expect(quantity(page, "Tomatoes")).toHaveText("750 g", { timeout: READY_TIMEOUT });

    // Logout on a shared computer empties that browser's cart; the account keeps it.
    await logOut(other.page);
    await expect(cartLink(other.page)).toHaveAccessibleName("Cart, 0 items");
    await openCart(other.page);
    await expect(
      other.page.getByRole("heading", { level: 1, name: "Your cart is empty" }),
    ).toBeVisible();
    expect(await other.page.evaluate(() => window.localStorage.getItem("cart"))).toBeNull();
    await other.page.reload();
    await expect(
      other.page.getByRole("heading", { level: 1, name: "Your cart is empty" }),
    ).toBeVisible({ timeout: READY_TIMEOUT });
    expect(other.errors).toEqual([]);
  } finally {
    await other.close();
  }
  expect(sorted(await accountCart(page))).toEqual([
    { productId: "paneer", quantity: 2 },
    { productId: "tomatoes", quantity: 750 },
  ]);
});

test("checkout fills in a signed-in customer's name and email, which they can change", async ({
  page,
}) => {
  const email = newEmail();
  await signUpInBrowser(page, email, "Asha Rani Das");
  await addInShop(page, ["Tomatoes"]);
  await page.goto("/checkout");
  const form = page.getByRole("form", { name: "Checkout" });
  await expect(form.getByLabel("First name")).toHaveValue("Asha Rani", { timeout: READY_TIMEOUT });
  await expect(form.getByLabel("Last name")).toHaveValue("Das");
  await expect(form.getByLabel("Email")).toHaveValue(email);
  await expect(form.getByRole("textbox", { name: "Phone" })).toHaveValue("");

  await form.getByLabel("First name").fill("Asha");
  await form.getByLabel("Last name").fill("");
  await expect(form.getByLabel("First name")).toHaveValue("Asha");
  await expect(form.getByLabel("Last name")).toHaveValue("");
});

test("a guest's checkout starts empty", async ({ page }) => {
  await addInShop(page, ["Tomatoes"]);
  await page.goto("/checkout");
  const form = page.getByRole("form", { name: "Checkout" });
  await expect(form).toBeVisible({ timeout: READY_TIMEOUT });
  await expect(form.getByLabel("First name")).toHaveValue("");
  await expect(form.getByLabel("Email")).toHaveValue("");
});

test("a guest's pages load no account-cart code; a cart left marked as an account's, with nobody signed in, is emptied", async ({
  page,
}) => {
  const scripts = recordScriptChunks(page);
  const syncCode = () => scripts.filter((chunk) => /sync-with-account/.test(chunk));

  await addInShop(page, ["Paneer"]);
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 1 item");
  await page.waitForLoadState("networkidle");
  expect(syncCode()).toEqual([]);

  // A customer's copy of their account's cart whose session ran out while the browser was shut:
  // the next page empties it (on a shared computer it is not the next person's).
  await page.evaluate(() => window.localStorage.setItem("cart-account", "[]"));
  await openCart(page);
  await expect(page.getByRole("heading", { level: 1, name: "Your cart is empty" })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem("cart-account"))).toBeNull();
  expect(syncCode().length).toBeGreaterThan(0);
});
