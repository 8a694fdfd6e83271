import type { Locator, Page } from "@playwright/test";
import { allowFailedResource } from "./support/checkout.ts";
import { expect, test } from "./support/fixtures.ts";
import { HERO_TITLE, READY_TIMEOUT } from "./support/storefront.ts";

const region = (page: Page, name: string) =>
  page.getByRole("main").getByRole("region", { name, exact: true });

async function expectImageLoaded(image: Locator) {
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth),
    )
    .toBeGreaterThan(0);
}

test.describe("/about", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Story", {
      timeout: READY_TIMEOUT,
    });
  });

  test("tells Our Story and the mission", async ({ page }) => {
    const main = page.getByRole("main");
    await expect(main).toContainText("Bhubaneswar");
    await expect(main).toContainText("30-60 minutes");
    await expect(region(page, "Our Mission")).toBeVisible();
    await expect(page).toHaveTitle(/^About Us/);
  });

  test("lists the four values", async ({ page }) => {
    await expect(region(page, "Our Values").getByRole("heading", { level: 3 })).toHaveText([
      "Sustainability",
      "Local Focus",
      "Fair Pricing",
      "Quality Assurance",
    ]);
  });

  test("shows a map and the street address of the store in Bhubaneswar, Odisha, India", async ({
    page,
  }) => {
    const visit = page.getByRole("main").getByRole("region", { name: "Visit Our Store" });
    const map = page.getByRole("main").getByRole("img", { name: /^Map of Bhubaneswar/ });
    await expect(map).toBeVisible();
    await expectImageLoaded(map);
    await expect(visit).toContainText("Plot 42, Saheed Nagar");
    await expect(visit).toContainText("Bhubaneswar, Odisha");
    await expect(visit).toContainText("India");
    await expect(visit.getByRole("link", { name: "Open in OpenStreetMap" })).toHaveAttribute(
      "href",
      /openstreetmap\.org/,
    );
  });

  test("shows the three team members with their photos", async ({ page }) => {
    const team = region(page, "Meet Our Team");
    await expect(team.getByRole("listitem")).toHaveCount(3);
    const names = ["Ananya Mishra", "Rahul Pattnaik", "Sunita Das"];
    await expect(team.getByRole("heading", { level: 3 })).toHaveText(names);
    for (const name of names) await expectImageLoaded(team.getByRole("img", { name }));
  });
});

test.describe("not-found page", () => {
  test("shows 404 Page Not Found and logs the bad path", async ({ page, browserErrors }) => {
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
    });
    const response = await page.goto("/no-such-page/at-all?x=1");
    expect(response?.status()).toBe(404);
    expect(allowFailedResource(browserErrors, 404)).toBe(1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404", {
      timeout: READY_TIMEOUT,
    });
    await expect(page.getByText("Page Not Found", { exact: true })).toBeVisible();
    await expect(page).toHaveTitle(/^Page Not Found/);
    await expect
      .poll(() => warnings.filter((text) => text.includes("/no-such-page/at-all")))
      .toHaveLength(1);
  });

  test("Return to Home goes to /", async ({ page, browserErrors }) => {
    await page.goto("/shop/vegetables/okra");
    expect(allowFailedResource(browserErrors, 404)).toBe(1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404", {
      timeout: READY_TIMEOUT,
    });
    await page.getByRole("main").getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(HERO_TITLE);
  });

  test("an unknown page keeps the header and footer", async ({ page, browserErrors }) => {
    await page.goto("/definitely-missing");
    expect(allowFailedResource(browserErrors, 404)).toBe(1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404", {
      timeout: READY_TIMEOUT,
    });
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });
});
