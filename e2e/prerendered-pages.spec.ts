import { expect, test } from "./support/fixtures.ts";
import { HERO_TITLE } from "./support/storefront.ts";

// What a visitor sees before the app's code has run: the HTML the server sends.
test.describe("prerendered pages, before any script runs", () => {
  test.use({ javaScriptEnabled: false });

  for (const [path, heading] of [
    ["/", HERO_TITLE],
    ["/shop", "All Products"],
    ["/about", "Our Story"],
    ["/privacy", "Privacy Policy"],
    ["/terms", "Terms of Service"],
  ] as const) {
    test(`${path} arrives with its heading, the header and the footer`, async ({ page }) => {
      await page.goto(path, { waitUntil: "domcontentloaded" });
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page.getByRole("navigation", { name: "Main" })).toBeAttached();
      await expect(page.getByRole("contentinfo")).toBeVisible();
    });
  }

  test("the shop's HTML starts fetching the catalogue alongside the app's code", async ({
    page,
  }) => {
    await page.goto("/shop", { waitUntil: "domcontentloaded" });
    await expect(page.locator('link[rel="preload"][href="/api/products"]')).toHaveAttribute(
      "as",
      "fetch",
    );
  });

  test("other pages arrive as the shell: header, footer and a loading indicator", async ({
    page,
  }) => {
    await page.goto("/cart", { waitUntil: "domcontentloaded" });
    await expect(page.getByRole("status").filter({ hasText: "Loading" })).toBeAttached();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(0);
  });
});

test("the app takes over a prerendered page without a second request for its data", async ({
  page,
}) => {
  const catalogueRequests: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/products") catalogueRequests.push(request.url());
  });
  await page.goto("/shop");
  await expect(page.getByTestId("product-card").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(catalogueRequests).toHaveLength(1);
});
