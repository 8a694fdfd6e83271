import { allowFailedResource } from "./support/checkout.ts";
import { CUSTOMER_PASSWORD, signUpInBrowser, siteHeader } from "./support/customers.ts";
import { expect, expectAccessible, test } from "./support/fixtures.ts";
import { cartBadge, READY_TIMEOUT, seedCart } from "./support/storefront.ts";
import { translatedTexts, wordsIn } from "./support/words.ts";

const header = (page: import("@playwright/test").Page) => page.getByTestId("site-header");

test.describe("the storefront in Odia and Hindi", () => {
  test.describe("a first visit from a browser that reads Odia", () => {
    test.use({ locale: "or-IN" });

    test("lands on the Odia home page, drawn in Odia", async ({ page }) => {
      await page.goto("/");
      await expect(page).toHaveURL(/\/or$/);
      await expect(page.locator("html")).toHaveAttribute("lang", "or-IN");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("ଚାଷଜମିରୁ ଥାଳିକୁ, ପ୍ରତିଦିନ ତାଜା", {
        timeout: READY_TIMEOUT,
      });
      await expect(
        page.getByRole("navigation", { name: "ମୁଖ୍ୟ" }).getByRole("link", { name: "ଦୋକାନ" }),
      ).toHaveAttribute("href", "/or/shop");
      await expectAccessible(page);
    });
  });

  test("the switch keeps the page and the cart, and the browser keeps the choice", async ({
    page,
  }) => {
    await seedCart(page, [{ id: "spinach", quantity: 2 }]);
    await page.goto("/shop?category=fruits");
    await expect(cartBadge(page)).toHaveText("2", { timeout: READY_TIMEOUT });

    await header(page).getByRole("button", { name: "Language: English" }).click();
    await header(page).getByRole("link", { name: "हिन्दी" }).click();
    await expect(page).toHaveURL(/\/hi\/shop\?category=fruits$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
    await expect(cartBadge(page)).toHaveText("2", { timeout: READY_TIMEOUT });
    await expect(page.getByRole("link", { name: "कार्ट, 2 सामान" })).toBeVisible();
    await page.getByRole("link", { name: "कार्ट, 2 सामान" }).click();
    await expect(page).toHaveURL(/\/hi\/cart$/);
    await expect(page.getByRole("heading", { level: 1, name: "आपकी कार्ट" })).toBeVisible();
    await expect(
      page.getByTestId("cart-line").getByRole("heading", { name: "पालक" }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "चेकआउट पर जाएँ" })).toBeEnabled();

    // A link inside the store stays in Hindi.
    await page
      .getByRole("navigation", { name: "मुख्य" })
      .getByRole("link", { name: "हमारे बारे में" })
      .click();
    await expect(page).toHaveURL(/\/hi\/about$/);
    // An address without the prefix follows the choice.
    await page.goto("/customer-support");
    await expect(page).toHaveURL(/\/hi\/customer-support$/);
    await expect(page.getByRole("link", { name: "होम" }).first()).toBeVisible();

    // And back to English, from the footer.
    await page.getByRole("contentinfo").getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/\/customer-support$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
    await page.goto("/about");
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  });

  for (const [locale, okra, potatoes] of [
    ["or", "ଭେଣ୍ଡି", "ଆଳୁ"],
    ["hi", "भिंडी", "आलू"],
  ] as const) {
    test(`the ${locale} shop shows products by their ${locale} names and finds them by any name`, async ({
      page,
    }) => {
      await page.goto(`/${locale}/shop?category=vegetables`);
      const cards = page.getByTestId("product-card");
      await expect(cards.getByRole("heading", { name: okra, exact: true })).toBeVisible({
        timeout: READY_TIMEOUT,
      });
      const search = page.getByRole("searchbox");
      for (const [typed, found] of [
        ["ଭେଣ୍ଡି", okra],
        ["भिंडी", okra],
        ["bhendi", okra],
        ["aloo", potatoes],
      ] as const) {
        await search.fill(typed);
        await expect(cards).toHaveCount(1);
        await expect(cards.getByRole("heading", { level: 3 })).toHaveText(found);
      }
    });
  }

  for (const [locale, lang, heading] of [
    ["or", "or-IN", "ପୃଷ୍ଠାଟି ମିଳିଲା ନାହିଁ"],
    ["hi", "hi-IN", "पेज नहीं मिला"],
  ] as const) {
    test(`the ${locale} home and 404 pages pass axe with lang ${lang}`, async ({
      page,
      browserErrors,
    }) => {
      await page.goto(`/${locale}`);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expectAccessible(page);
      const missing = await page.goto(`/${locale}/no-such-page`);
      expect(missing?.status()).toBe(404);
      expect(allowFailedResource(browserErrors, 404)).toBe(1);
      await expect(page.getByText(heading)).toBeVisible();
      await expectAccessible(page);
    });
  }
});

// Every shopper page drawn in each language: its heading in the script, `lang` set, and axe's
// rules met (contrast and names with the script's longer words).
const SHOPPER_PAGES = [
  "/shop",
  "/cart",
  "/checkout",
  "/about",
  "/privacy",
  "/terms",
  "/customer-support",
  "/bulk-order-request",
  "/login",
  "/signup",
  "/forgot-password",
];

for (const [locale, lang, script] of [
  ["or", "or-IN", /[\u0B00-\u0B7F]/],
  ["hi", "hi-IN", /[\u0900-\u097F]/],
] as const) {
  test(`every shopper page in ${locale} is drawn in it and passes axe`, async ({ page }) => {
    test.slow();
    const english = new Set(await translatedTexts(locale));
    // A weighed and a counted line, so the cart and the checkout show their prices' words.
    await seedCart(page, [
      { id: "tomatoes", quantity: 500 },
      { id: "spinach", quantity: 2 },
    ]);
    for (const path of SHOPPER_PAGES) {
      await page.goto(`/${locale}${path}`);
      await expect(page.locator("html"), path).toHaveAttribute("lang", lang);
      await expect(page.getByRole("heading", { level: 1 }).first(), path).toHaveText(script, {
        timeout: READY_TIMEOUT,
      });
      await expect(page.locator("#root[data-live]")).toBeAttached({ timeout: READY_TIMEOUT });
      await expectAccessible(page);
      // Once live, no text the language translates is left in English (its texts all came).
      const shown = await page.evaluate(() => {
        const texts: string[] = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent?.trim();
          if (text) texts.push(text);
        }
        for (const element of document.querySelectorAll("[aria-label],[placeholder],[title]")) {
          for (const name of ["aria-label", "placeholder", "title"]) {
            const text = element.getAttribute(name)?.trim();
            if (text) texts.push(text);
          }
        }
        return texts;
      });
      expect(
        shown.filter((text) => english.has(text)),
        path,
      ).toEqual([]);
    }
  });
}

test("a first page loads its own texts where the server says; the language's index waits for a navigation", async ({
  page,
}) => {
  const fetched: string[] = [];
  page.on("request", (request) => fetched.push(new URL(request.url()).pathname));
  const index = (path: string) => /^\/assets\/or-[\w-]+\.js$/.test(path);
  await page.goto("/or/login");
  await expect(page.locator("#root[data-live]")).toBeAttached({ timeout: READY_TIMEOUT });
  await page.waitForLoadState("networkidle");
  expect(fetched.filter(index)).toEqual([]);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/[\u0B00-\u0B7F]/);

  // The next page's texts come through the index: the page arrives in Odia all the same.
  await page
    .getByRole("navigation", { name: /./ })
    .first()
    .getByRole("link", { name: "ଆମ ବିଷୟରେ" })
    .click();
  await expect(page).toHaveURL(/\/or\/about$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/[\u0B00-\u0B7F]/);
  expect(fetched.filter(index)).toHaveLength(1);
});

test("the contact form's problems, which load with its checks, are told in Odia", async ({
  page,
}) => {
  const words = await wordsIn("or");
  await page.goto("/or/customer-support");
  await expect(page.locator("#root[data-live]")).toBeAttached({ timeout: READY_TIMEOUT });
  const form = page.getByRole("form", { name: words("Contact us") });
  await form.getByLabel(new RegExp(`^${words("Name")}`)).fill("ଆଶା ଦାସ");
  await form.getByLabel(new RegExp(`^${words("Email")}`)).fill("asha@");
  await form.getByLabel(new RegExp(`^${words("Message")}`)).fill("ମୋ ଅର୍ଡର କେଉଁଠି?");
  await form.getByRole("combobox").selectOption("order_status");
  await form.getByRole("button", { name: words("Send Message") }).click();
  await expect(form.getByRole("alert")).toHaveText([words("Please enter a valid email address")]);
  await expect(
    page
      .locator("[data-sonner-toast]")
      .filter({ hasText: words("Please enter a valid email address") }),
  ).toBeVisible();
});

test("the event request form's problems, which load with its checks, are told in Hindi", async ({
  page,
}) => {
  const words = await wordsIn("hi");
  await page.goto("/hi/bulk-order-request");
  await expect(page.locator("#root[data-live]")).toBeAttached({ timeout: READY_TIMEOUT });
  const form = page.getByRole("form", { name: words("Bulk order request") });
  await form.getByLabel(new RegExp(`^${words("Full name")}`)).fill("मीरा पटनायक");
  await form.getByLabel(new RegExp(`^${words("Mobile number")}`)).fill("12345");
  await form.getByLabel(words("I agree to the terms and conditions")).check();
  await form.getByRole("button", { name: words("Submit Bulk Order Request") }).click();
  const toast = page.locator("[data-sonner-toast]");
  await expect(toast.filter({ hasText: words("Please fill all required fields") })).toBeVisible();
  await expect(form.getByRole("alert").first()).toHaveText(
    words("Please fill all required fields"),
  );
  await expect(
    form
      .getByRole("alert")
      .filter({ hasText: words("Please enter a valid 10-digit Indian mobile number") }),
  ).toBeVisible();
});

test("a store out of reach is told in Odia, in the toast and where a section could not load", async ({
  page,
  browserErrors,
}) => {
  const words = await wordsIn("or");
  await page.route(/support-request-problems/, (route) => route.fulfill({ status: 503, body: "" }));
  await page.goto("/or/customer-support");
  await expect(page.locator("#root[data-live]")).toBeAttached({ timeout: READY_TIMEOUT });
  const form = page.getByRole("form", { name: words("Contact us") });
  await form.getByRole("button", { name: words("Send Message") }).click();
  const outOfReach = words("We could not reach the store. Check your connection and try again.");
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: outOfReach })).toBeVisible();

  // The shop's products cannot be fetched: the section says so, with its retry, in Odia.
  await page.route("**/api/products**", (route) => route.fulfill({ status: 503, body: "" }));
  await page
    .getByRole("navigation", { name: /./ })
    .first()
    .getByRole("link", { name: words("Shop") })
    .click();
  const failed = page
    .getByRole("alert")
    .filter({ hasText: words("We could not load this section.") });
  await expect(failed).toBeVisible({ timeout: READY_TIMEOUT });
  await expect(failed.getByRole("button", { name: words("Try again") })).toBeVisible();
  expect(allowFailedResource(browserErrors, 503)).toBeGreaterThan(0);
});

test("a customer's language follows them to a browser that never chose one", async ({
  page,
  browser,
}) => {
  const email = `language.${Date.now().toString(36)}@example.in`;
  await signUpInBrowser(page, email);
  await siteHeader(page).getByRole("button", { name: "Language: English" }).click();
  await siteHeader(page).getByRole("link", { name: "हिन्दी" }).click();
  // The choice reaches the account as the page is left (a kept-alive call): the session says so.
  await expect
    .poll(
      async () => (await (await page.request.get("/api/auth/get-session")).json()).user?.locale,
      {
        timeout: READY_TIMEOUT,
      },
    )
    .toBe("hi");
  await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");

  // Another device: English until the customer signs in, then their Hindi.
  const other = await browser.newContext();
  const phone = await other.newPage();
  await phone.goto("/login");
  await expect(phone.locator("html")).toHaveAttribute("lang", "en-IN");
  await phone.getByLabel("Email").fill(email);
  await phone.getByLabel("Password").fill(CUSTOMER_PASSWORD);
  await phone.getByRole("button", { name: "Login" }).click();
  await expect(phone).toHaveURL(/\/hi$/, { timeout: READY_TIMEOUT });
  await expect(phone.locator("html")).toHaveAttribute("lang", "hi-IN");
  // The browser now keeps the choice: an unprefixed address opens in Hindi.
  await phone.goto("/about");
  await expect(phone).toHaveURL(/\/hi\/about$/);
  await other.close();
});
