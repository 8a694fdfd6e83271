import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import {
  CATEGORY_COUNTS,
  CATEGORY_IDS,
  CATEGORY_NAMES,
  cartBadge,
  gridColumnCount,
  openShop,
  productCards,
  productNames,
  resultCount,
  showing,
  TOTAL_PRODUCTS,
} from "./support/storefront.ts";

const title = (page: Page) => page.getByRole("heading", { level: 1 });
const tabs = (page: Page) => page.getByRole("main").getByRole("navigation", { name: "Categories" });
const search = (page: Page) => page.getByRole("searchbox", { name: "Search products" });
const filtersButton = (page: Page) => page.getByRole("button", { name: /^Filters/ });
const toggle = (page: Page, name: "Organic" | "Local" | "In Season") =>
  page.getByRole("switch", { name });
const filterBadge = (page: Page) => page.getByTestId("filter-count");
const chips = (page: Page) => page.getByRole("group", { name: "Active filters" });

async function openFilters(page: Page) {
  await filtersButton(page).click();
  await expect(filtersButton(page)).toHaveAttribute("aria-expanded", "true");
  await expect(toggle(page, "Organic")).toBeVisible();
}

test.describe("titles and category tabs", () => {
  test("without a category shows All Products and the whole catalogue on one page", async ({
    page,
  }) => {
    await openShop(page, "/shop");
    await expect(title(page)).toHaveText("All Products");
    await expect(resultCount(page)).toHaveText(showing(TOTAL_PRODUCTS));
    await expect(productCards(page)).toHaveCount(TOTAL_PRODUCTS);
    await expect(tabs(page).getByRole("link", { name: "All" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByRole("button", { name: /next|more|page 2/i })).toHaveCount(0);
    await expect(page).toHaveTitle(/^All Products/);
  });

  for (const id of CATEGORY_IDS) {
    test(`?category=${id} shows ${CATEGORY_NAMES[id]} only`, async ({ page }) => {
      await openShop(page, `/shop?category=${id}`);
      await expect(title(page)).toHaveText(CATEGORY_NAMES[id]);
      await expect(resultCount(page)).toHaveText(showing(CATEGORY_COUNTS[id]));
      await expect(productCards(page)).toHaveCount(CATEGORY_COUNTS[id]);
      await expect(
        tabs(page).getByRole("link", { name: CATEGORY_NAMES[id], exact: true }),
      ).toHaveAttribute("aria-current", "page");
      await expect(tabs(page).getByRole("link", { name: "All" })).not.toHaveAttribute(
        "aria-current",
        "page",
      );
    });
  }

  test("dairy shows exactly the four dairy products", async ({ page }) => {
    await openShop(page, "/shop?category=dairy");
    await expect(productCards(page)).toHaveCount(4);
    expect((await productNames(page)).sort()).toEqual(
      ["Desi Ghee", "Fresh Milk", "Paneer", "White Butter"].sort(),
    );
  });

  test("tabs set and remove the category parameter", async ({ page }) => {
    await openShop(page, "/shop");
    await expect(tabs(page).getByRole("link")).toHaveText([
      "All",
      "Fruits",
      "Vegetables",
      "Dairy",
      "Herbs",
    ]);
    await tabs(page).getByRole("link", { name: "Herbs" }).click();
    await expect(page).toHaveURL("/shop?category=herbs");
    await expect(title(page)).toHaveText("Herbs");
    await expect(resultCount(page)).toHaveText(showing(CATEGORY_COUNTS.herbs));

    await tabs(page).getByRole("link", { name: "Vegetables" }).click();
    await expect(page).toHaveURL("/shop?category=vegetables");
    await expect(resultCount(page)).toHaveText(showing(CATEGORY_COUNTS.vegetables));

    await tabs(page).getByRole("link", { name: "All" }).click();
    await expect(page).toHaveURL("/shop");
    expect(new URL(page.url()).searchParams.has("category")).toBe(false);
    await expect(title(page)).toHaveText("All Products");
    await expect(resultCount(page)).toHaveText(showing(TOTAL_PRODUCTS));
  });

  test("an unknown category falls back to All Products", async ({ page }) => {
    await openShop(page, "/shop?category=meat");
    await expect(title(page)).toHaveText("All Products");
    await expect(resultCount(page)).toHaveText(showing(TOTAL_PRODUCTS));
    await expect(tabs(page).getByRole("link", { name: "All" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });
});

test.describe("search and filters", () => {
  test("search matches names case-insensitively", async ({ page }) => {
    await openShop(page, "/shop");
    await search(page).fill("APPLE");
    await expect(resultCount(page)).toHaveText(showing(3));
    expect((await productNames(page)).sort()).toEqual(
      ["Custard Apple", "Kashmir Apples", "Pineapple"].sort(),
    );
  });

  test("the shop fetches its search rule only for a search, and keeps a searched page's results", async ({
    page,
  }) => {
    const searchRule = (url: string) => /\/assets\/product-search-[\w-]+\.js$/.test(url);
    const fetched: string[] = [];
    page.on("request", (request) => {
      if (searchRule(request.url())) fetched.push(request.url());
    });
    await openShop(page, "/shop");
    await page.waitForLoadState("networkidle");
    expect(fetched).toEqual([]);
    await search(page).fill("tamatar");
    await expect(page.getByTestId("product-card").getByRole("heading", { level: 3 })).toHaveText([
      "Tomatoes",
    ]);
    expect(fetched).toHaveLength(1);

    // Drawn searched by the server, which asks for the rule's code at once; the results stay.
    const response = await page.goto("/shop?search=bhendi", { waitUntil: "domcontentloaded" });
    const pageScripts = /<script type="application\/json" id="page-scripts">(.*?)<\/script>/.exec(
      (await response?.text()) ?? "",
    )?.[1];
    expect((JSON.parse(pageScripts ?? "[]") as string[]).some(searchRule)).toBe(true);
    expect(await productNames(page)).toEqual(["Okra"]);
    await page.waitForLoadState("networkidle");
    expect(await productNames(page)).toEqual(["Okra"]);
    await search(page).fill("aloo");
    await expect(page.getByTestId("product-card").getByRole("heading", { level: 3 })).toHaveText([
      "Potatoes",
    ]);
  });

  test("search matches descriptions case-insensitively", async ({ page }) => {
    await openShop(page, "/shop");
    // "bilona" appears only in the Desi Ghee description, never in a name.
    await search(page).fill("BiLoNa");
    await expect(resultCount(page)).toHaveText(showing(1));
    expect(await productNames(page)).toEqual(["Desi Ghee"]);
  });

  test("search combines with the category", async ({ page }) => {
    await openShop(page, "/shop");
    await search(page).fill("chutney");
    await expect(resultCount(page)).toHaveText(showing(3));
    expect((await productNames(page)).sort()).toEqual(["Green Chillies", "Mint", "Tomatoes"]);
    // The search text stays while moving between category tabs, in the address too.
    await expect(page).toHaveURL("/shop?search=chutney");
    await tabs(page).getByRole("link", { name: "Herbs" }).click();
    await expect(page).toHaveURL("/shop?category=herbs&search=chutney");
    await expect(resultCount(page)).toHaveText(showing(1));
    expect(await productNames(page)).toEqual(["Mint"]);
  });

  test("Local removes kiwi; toggles, search and category all have to match", async ({ page }) => {
    await openShop(page, "/shop");
    await openFilters(page);
    for (const name of ["Organic", "Local", "In Season"] as const) {
      await expect(toggle(page, name)).toHaveAttribute("aria-checked", "false");
    }
    await toggle(page, "Local").click();
    await expect(toggle(page, "Local")).toHaveAttribute("aria-checked", "true");
    await expect(resultCount(page)).toHaveText(showing(TOTAL_PRODUCTS - 1));
    await expect(page.getByRole("article", { name: "Kiwi" })).toHaveCount(0);

    // Kiwi's description mentions Odisha too, but it is not local.
    await search(page).fill("odisha");
    await expect(resultCount(page)).toHaveText(showing(3));
    expect((await productNames(page)).sort()).toEqual([
      "Bananas",
      "Dragon Fruit",
      "Tender Coconut",
    ]);

    await toggle(page, "Local").click();
    await expect(resultCount(page)).toHaveText(showing(4));
    await expect(page.getByRole("article", { name: "Kiwi" })).toBeVisible();

    await tabs(page).getByRole("link", { name: "Vegetables" }).click();
    await expect(resultCount(page)).toHaveText(showing(0));
  });

  test("Organic and In Season keep every product (all are organic and in season)", async ({
    page,
  }) => {
    await openShop(page, "/shop?category=fruits");
    await openFilters(page);
    await toggle(page, "Organic").click();
    await expect(resultCount(page)).toHaveText(showing(CATEGORY_COUNTS.fruits));
    await toggle(page, "In Season").click();
    await expect(resultCount(page)).toHaveText(showing(CATEGORY_COUNTS.fruits));
    await toggle(page, "Local").click();
    await expect(resultCount(page)).toHaveText(showing(CATEGORY_COUNTS.fruits - 1));
  });

  test("the badge counts active toggles plus the search; chips remove one filter each", async ({
    page,
  }) => {
    await openShop(page, "/shop");
    await expect(filterBadge(page)).toHaveCount(0);
    await expect(chips(page)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Clear All" })).toHaveCount(0);

    await openFilters(page);
    await toggle(page, "Organic").click();
    await expect(filterBadge(page)).toHaveText(/^1/);
    await toggle(page, "Local").click();
    await expect(filterBadge(page)).toHaveText(/^2/);
    await toggle(page, "In Season").click();
    await expect(filterBadge(page)).toHaveText(/^3/);
    await search(page).fill("mango");
    await expect(filterBadge(page)).toHaveText(/^4/);
    await expect(filtersButton(page)).toHaveAccessibleName(/4 active/);

    // A blank search is no filter.
    await search(page).fill("   ");
    await expect(filterBadge(page)).toHaveText(/^3/);
    await search(page).fill("mango");
    await expect(resultCount(page)).toHaveText(showing(1));

    const active = chips(page);
    await expect(active.getByText('Search: "mango"')).toBeVisible();
    for (const name of ["Organic", "Local", "In Season"]) {
      await expect(active.getByRole("button", { name: `Remove filter ${name}` })).toBeVisible();
    }

    await active.getByRole("button", { name: "Remove filter Local" }).click();
    await expect(filterBadge(page)).toHaveText(/^3/);
    await expect(toggle(page, "Local")).toHaveAttribute("aria-checked", "false");
    await expect(active.getByRole("button", { name: "Remove filter Local" })).toHaveCount(0);

    await active.getByRole("button", { name: 'Remove filter Search: "mango"' }).click();
    await expect(search(page)).toHaveValue("");
    await expect(filterBadge(page)).toHaveText(/^2/);
    await expect(resultCount(page)).toHaveText(showing(TOTAL_PRODUCTS));
  });

  test("Clear All removes every toggle and the search", async ({ page }) => {
    await openShop(page, "/shop");
    await openFilters(page);
    await toggle(page, "Local").click();
    await toggle(page, "Organic").click();
    await search(page).fill("apple");
    await expect(resultCount(page)).toHaveText(showing(3));

    await page.getByRole("button", { name: "Clear All" }).click();
    await expect(filterBadge(page)).toHaveCount(0);
    await expect(chips(page)).toHaveCount(0);
    await expect(search(page)).toHaveValue("");
    await expect(toggle(page, "Local")).toHaveAttribute("aria-checked", "false");
    await expect(toggle(page, "Organic")).toHaveAttribute("aria-checked", "false");
    await expect(resultCount(page)).toHaveText(showing(TOTAL_PRODUCTS));
  });

  test("no match shows No products found with Clear Filters", async ({ page }) => {
    await openShop(page, "/shop");
    await search(page).fill("durian");
    await expect(resultCount(page)).toHaveText(showing(0));
    await expect(page.getByRole("heading", { name: "No products found" })).toBeVisible();
    await expect(productCards(page)).toHaveCount(0);

    await page.getByRole("button", { name: "Clear Filters" }).click();
    await expect(page.getByRole("heading", { name: "No products found" })).toHaveCount(0);
    await expect(search(page)).toHaveValue("");
    await expect(resultCount(page)).toHaveText(showing(TOTAL_PRODUCTS));
  });
});

test.describe("product cards", () => {
  test("show name, price per unit, image, description and the Organic badge", async ({ page }) => {
    await openShop(page, "/shop?category=fruits");
    const kiwi = page.getByRole("article", { name: "Kiwi" });
    await expect(kiwi.getByRole("heading", { name: "Kiwi" })).toBeVisible();
    await expect(kiwi).toContainText("₹120.00");
    await expect(kiwi).toContainText("₹120.00 / pack");
    await expect(kiwi).toContainText("Pack of 3 tangy green kiwis");
    const image = kiwi.getByRole("img", { name: "Kiwi" });
    await expect(image).toHaveAttribute("src", /kiwi/);
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBeGreaterThan(0);
    await expect(kiwi.getByText("Organic", { exact: true })).toBeVisible();
    // Kiwi is the only product not grown locally.
    await expect(kiwi.getByText("Local", { exact: true })).toHaveCount(0);
    await expect(kiwi.getByRole("button", { name: "Add Kiwi to cart" })).toBeEnabled();
  });

  test("local products carry the Local badge", async ({ page }) => {
    await openShop(page, "/shop?category=fruits");
    const mangoes = page.getByRole("article", { name: "Juicy Mangoes" });
    await expect(mangoes).toContainText("₹150.00");
    await expect(mangoes).toContainText("₹150.00 per kg");
    await expect(mangoes.getByText("Organic", { exact: true })).toBeVisible();
    await expect(mangoes.getByText("Local", { exact: true })).toBeVisible();
    await expect(page.getByTestId("product-card").getByText("Local", { exact: true })).toHaveCount(
      CATEGORY_COUNTS.fruits - 1,
    );
  });

  test("prices use rupees with two decimals and a thousands separator", async ({ page }) => {
    await openShop(page, "/shop?category=dairy");
    const ghee = page.getByRole("article", { name: "Desi Ghee" });
    await expect(ghee).toContainText("₹1,000.00");
    await expect(ghee).toContainText("/ liter");
    const prices = await productCards(page).locator("p", { hasText: "₹" }).allTextContents();
    expect(prices).toHaveLength(4);
    // Counted products per unit ("/ liter"), White Butter by weight ("per kg").
    for (const price of prices) expect(price).toMatch(/^₹[\d,]+\.\d{2} (\/|per) \S+$/);
    await expect(page.getByRole("article", { name: "White Butter" })).toContainText(
      "₹640.00 per kg",
    );
  });

  test("the grid has 1, 2, 3 or 4 columns depending on the width", async ({ page }) => {
    await openShop(page);
    for (const [width, columns] of [
      [1280, 4],
      [1100, 3],
      [800, 2],
      [500, 1],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(() => gridColumnCount(page), { message: `${width} px` }).toBe(columns);
    }
    await expect(productCards(page)).toHaveCount(TOTAL_PRODUCTS);
  });
});

test.describe("add to cart", () => {
  test("shows a toast with the quantity, name and price, and View Cart goes to /cart", async ({
    page,
  }) => {
    await openShop(page, "/shop");
    await page.getByRole("button", { name: "Add Kiwi to cart" }).click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Added 1 Kiwi to cart" });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("₹120.00 / pack");
    await expect(cartBadge(page)).toHaveText("1");

    await toast.getByRole("button", { name: "View Cart" }).click();
    await expect(page).toHaveURL("/cart");
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    await expect(page.getByTestId("cart-line")).toContainText("Kiwi");
  });

  test("adding the same product again raises its quantity", async ({ page }) => {
    await openShop(page, "/shop?category=herbs");
    const add = page.getByRole("button", { name: "Add Mint to cart" });
    await add.click();
    await add.click();
    await add.click();
    await expect(cartBadge(page)).toHaveText("3");
    await expect(page.getByText("Added 1 Mint to cart").first()).toBeVisible();
    const stored = await page.evaluate(() =>
      JSON.parse(window.localStorage.getItem("cart") ?? "[]"),
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ product: { id: "mint" }, quantity: 3 });
  });

  test("a product sold by weight goes in by the weight chosen, from 250 g in 250 g steps", async ({
    page,
  }) => {
    await openShop(page, "/shop?category=vegetables");
    const tomatoes = page.getByRole("article", { name: "Tomatoes" });
    await expect(tomatoes).toContainText("₹40.00 per kg");
    const choice = tomatoes.getByTestId("weight-choice");
    await expect(choice).toHaveText("250 g · ₹10.00");
    const less = tomatoes.getByRole("button", { name: "Decrease weight of Tomatoes" });
    await expect(less).toBeDisabled();

    await tomatoes.getByRole("button", { name: "Add 250 g Tomatoes to cart" }).click();
    await expect(page.getByText("Added 250 g Tomatoes to cart")).toBeVisible();
    await expect(cartBadge(page)).toHaveText("1");

    await tomatoes.getByRole("button", { name: "Increase weight of Tomatoes" }).click();
    await expect(choice).toHaveText("500 g · ₹20.00");
    await tomatoes.getByRole("button", { name: "Increase weight of Tomatoes" }).click();
    await expect(choice).toHaveText("750 g · ₹30.00");
    await less.click();
    await expect(choice).toHaveText("500 g · ₹20.00");
    await tomatoes.getByRole("button", { name: "Add 500 g Tomatoes to cart" }).click();
    await expect(page.getByText("Added 500 g Tomatoes to cart")).toBeVisible();

    // One line of 750 g, kept in grams; a kilo or part of one is one item on the badge.
    const stored = await page.evaluate(() =>
      JSON.parse(window.localStorage.getItem("cart") ?? "[]"),
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ product: { id: "tomatoes" }, quantity: 750 });
    await expect(cartBadge(page)).toHaveText("1");
  });
});
