import type { Page, Request } from "@playwright/test";
import { expect, test, whenLive } from "./support/fixtures.ts";
import {
  CATEGORY_IDS,
  CATEGORY_NAMES,
  FEATURED_NAMES,
  HERO_TITLE,
  openHome,
  productCards,
  productNames,
  READY_TIMEOUT,
} from "./support/storefront.ts";

const hero = (page: Page) => page.getByRole("region", { name: HERO_TITLE });
const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

test.describe("hero", () => {
  test.use({ reducedMotion: "no-preference" });

  test("shows the headline and three background images", async ({ page }) => {
    await openHome(page);
    const images = hero(page).getByTestId("hero-image");
    await expect(images).toHaveCount(3);
    await expect(images.nth(0)).toHaveAttribute("data-active", "true");
    // Each image fades in and out over 1 s.
    for (const image of await images.all()) {
      await expect(image).toHaveCSS("transition-duration", "1s");
      await expect(image).toHaveCSS("transition-property", "opacity");
    }
  });

  test("shows a spinner until the first image has loaded, then rotates every 5 s", async ({
    page,
  }) => {
    let releaseFirstImage!: () => void;
    const firstImageHeld = new Promise<void>((resolve) => {
      releaseFirstImage = resolve;
    });
    await page.route("**/images/hero/hero-1-*.webp", async (route) => {
      await firstImageHeld;
      await route.continue();
    });
    const otherPictures: string[] = [];
    page.on("request", (request) => {
      if (/\/images\/hero\/hero-[23]-/.test(request.url())) otherPictures.push(request.url());
    });
    const start = new Date("2026-01-01T08:00:00+05:30").getTime();
    await page.clock.install({ time: start });
    // The held picture is part of the server's HTML, so "load" waits for it.
    await page.goto("/", { waitUntil: "domcontentloaded" });
    const spinner = hero(page).getByRole("status").filter({ hasText: "Loading pictures" });
    await expect(spinner).toBeVisible({ timeout: READY_TIMEOUT });
    const images = hero(page).getByTestId("hero-image");
    // The page asks for its scripts once its first pictures are in, or after 2 s without them
    // (page-scripts.ts): on the page's clock, which is about to stop.
    await page.clock.fastForward(2_000);
    await whenLive(page);

    // The hidden pictures are not asked for while the first one is still on its way.
    expect(otherPictures).toEqual([]);

    // Freeze time, then let the first picture arrive: the 5 s interval starts from here.
    await page.clock.pauseAt(start + 60_000);
    releaseFirstImage();
    await expect(spinner).toBeHidden();
    await expect(images.nth(0)).toHaveAttribute("data-active", "true");
    // Then the others come, ready before their turn.
    for (const image of (await images.all()).slice(1)) {
      await expect
        .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
        .toBeGreaterThan(0);
    }

    await page.clock.runFor(4_900);
    await expect(images.nth(0)).toHaveAttribute("data-active", "true");
    await page.clock.runFor(100);
    await expect(images.nth(1)).toHaveAttribute("data-active", "true");
    await expect(images.nth(0)).toHaveAttribute("data-active", "false");
    await page.clock.runFor(5_000);
    await expect(images.nth(2)).toHaveAttribute("data-active", "true");
    await page.clock.runFor(5_000);
    await expect(images.nth(0)).toHaveAttribute("data-active", "true");
    await expect(images.nth(2)).toHaveAttribute("data-active", "false");
  });

  test("a phone held upright gets the picture's middle, a wide screen the whole picture", async ({
    page,
  }) => {
    const firstPicture = () =>
      hero(page)
        .getByTestId("hero-image")
        .first()
        .evaluate((element: HTMLImageElement) =>
          element.complete && element.naturalWidth > 0 ? new URL(element.currentSrc).pathname : "",
        );
    await page.setViewportSize({ width: 390, height: 844 });
    await openHome(page);
    await expect.poll(firstPicture).toBe("/images/hero/hero-1-portrait.webp");
    await page.setViewportSize({ width: 1280, height: 720 });
    await openHome(page);
    await expect.poll(firstPicture).toMatch(/^\/images\/hero\/hero-1-\d+w\.webp$/);
  });

  test("Shop Now goes to /shop", async ({ page }) => {
    await openHome(page);
    await hero(page).getByRole("link", { name: "Shop Now" }).click();
    await expect(page).toHaveURL("/shop");
    await expect(page.getByRole("heading", { level: 1, name: "All Products" })).toBeVisible();
  });

  test("Learn More goes to /about", async ({ page }) => {
    await openHome(page);
    await hero(page).getByRole("link", { name: "Learn More" }).click();
    await expect(page).toHaveURL("/about");
    await expect(page.getByRole("heading", { level: 1, name: "Our Story" })).toBeVisible();
  });
});

test.describe("for a visitor who asks for less motion", () => {
  test.use({ reducedMotion: "reduce", skipWelcome: false });

  test("the hero's pictures and the welcome dialog change without a fade, and nothing runs on", async ({
    page,
  }) => {
    await page.goto("/");
    const welcome = page.getByRole("dialog", { name: "Welcome to Fresh Harvest Hub!" });
    await expect(welcome).toBeVisible({ timeout: READY_TIMEOUT });
    await expect(welcome).toHaveCSS("transition-duration", "1e-05s");
    for (const image of await hero(page).getByTestId("hero-image").all()) {
      await expect(image).toHaveCSS("transition-duration", "1e-05s");
    }
    // A pulse or a spinner plays once, in a moment, rather than forever.
    const endless = await page.evaluate(
      () =>
        [...document.querySelectorAll("*")].filter((element) => {
          const style = getComputedStyle(element);
          return style.animationName !== "none" && style.animationIterationCount !== "1";
        }).length,
    );
    expect(endless).toBe(0);
  });
});

test.describe("home sections", () => {
  test("Our Categories shows 4 cards linking to /shop?category={id}", async ({ page }) => {
    await openHome(page);
    const section = region(page, "Our Categories");
    const cards = section.getByTestId("category-card");
    await expect(cards).toHaveCount(4);
    for (const [index, id] of CATEGORY_IDS.entries()) {
      const card = cards.nth(index);
      await expect(card).toContainText(CATEGORY_NAMES[id]);
      await expect(card).toHaveAttribute("href", `/shop?category=${id}`);
      // Fruits, vegetables and dairy have their own pictures; any other category the default one.
      const expectedImage = ["fruits", "vegetables", "dairy"].includes(id) ? id : "default";
      await expect(card.locator("img")).toHaveAttribute(
        "src",
        `/images/categories/${expectedImage}-400w.webp`,
      );
    }
    await cards.filter({ hasText: "Vegetables" }).click();
    await expect(page).toHaveURL("/shop?category=vegetables");
    await expect(page.getByRole("heading", { level: 1, name: "Vegetables" })).toBeVisible();
  });

  test("category images load", async ({ page }) => {
    await openHome(page);
    const images = region(page, "Our Categories").getByTestId("category-card").locator("img");
    await expect(images).toHaveCount(4);
    for (const image of await images.all()) {
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
        .toBeGreaterThan(0);
    }
  });

  test("Featured Products shows exactly the 9 featured products", async ({ page }) => {
    await openHome(page);
    const section = region(page, "Featured Products");
    await expect(productCards(section)).toHaveCount(FEATURED_NAMES.length);
    expect((await productNames(section)).sort()).toEqual([...FEATURED_NAMES].sort());
  });

  test("Why Choose shows Always Organic, Premium Quality and Fast Delivery", async ({ page }) => {
    await openHome(page);
    const section = page.getByRole("region", { name: /^Why Choose/ });
    await expect(section.getByRole("heading", { level: 3 })).toHaveText([
      "Always Organic",
      "Premium Quality",
      "Fast Delivery",
    ]);
  });

  test("the banner's Shop Now goes to /shop", async ({ page }) => {
    await openHome(page);
    const banner = region(page, "Ready for fresher meals?");
    await banner.getByRole("link", { name: "Shop Now" }).click();
    await expect(page).toHaveURL("/shop");
  });
});

test.describe("feedback form", () => {
  const feedbackForm = async (page: Page) => {
    await openHome(page);
    await page.getByRole("heading", { name: "Share Your Feedback" }).scrollIntoViewIfNeeded();
    const form = page.getByRole("form", { name: "Feedback" });
    await expect(form).toBeVisible();
    return form;
  };

  test("requires name, email and message, without calling the server", async ({ page }) => {
    const posts: Request[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/feedback")) posts.push(request);
    });
    const form = await feedbackForm(page);
    const name = form.getByRole("textbox", { name: "Name" });
    const email = form.getByRole("textbox", { name: "Email" });
    const message = form.getByRole("textbox", { name: "Message" });
    await expect(name).toHaveAttribute("required", "");
    await expect(email).toHaveAttribute("required", "");
    await expect(email).toHaveAttribute("type", "email");
    await expect(message).toHaveAttribute("required", "");

    await form.getByRole("button", { name: "Send Feedback" }).click();
    await expect(form.getByText("Please enter your name")).toBeVisible();
    await expect(form.getByText("Please enter your email")).toBeVisible();
    await expect(form.getByText("Please enter a message")).toBeVisible();
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAccessibleDescription("Please enter your name");

    await name.fill("Asha");
    await email.fill("not-an-email");
    await message.fill("Lovely mangoes");
    await form.getByRole("button", { name: "Send Feedback" }).click();
    await expect(form.getByText("Please enter a valid email address")).toBeVisible();
    await expect(form.getByText("Please enter your name")).toBeHidden();
    expect(posts).toHaveLength(0);
  });

  // The only test in the suite that posts feedback (the endpoint allows 10 posts per 10 minutes).
  test("submits to the server, thanks for 3 s, then returns an empty form", async ({ page }) => {
    const form = await feedbackForm(page);
    const entry = {
      name: "Priya Sahoo",
      email: "priya@example.in",
      message: `The mangoes were perfect (e2e ${Date.now()})`,
    };
    await form.getByRole("textbox", { name: "Name" }).fill(entry.name);
    await form.getByRole("textbox", { name: "Email" }).fill(entry.email);
    await form.getByRole("textbox", { name: "Message" }).fill(entry.message);

    // Hold the request so the pending state can be seen, then let it through to the real server.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/feedback", async (route) => {
      await held;
      await route.continue();
    });
    const answer = page.waitForResponse(
      (response) =>
        response.url().endsWith("/api/feedback") && response.request().method() === "POST",
    );
    await form.getByRole("button", { name: "Send Feedback" }).click();
    await expect(form.getByRole("button", { name: "Submitting..." })).toBeDisabled();
    release();

    const response = await answer;
    expect(response.status()).toBe(201);
    expect(await response.json()).toEqual({ received: true });
    expect(response.request().postDataJSON()).toMatchObject(entry);
    const answeredAt = Date.now();

    await expect(page.getByText("Thank you for your feedback!")).toBeVisible();
    const thanks = page.getByTestId("feedback-thanks");
    await expect(thanks).toBeVisible();
    await expect(thanks).toContainText("Thank You!");
    await expect(page.getByRole("form", { name: "Feedback" })).toHaveCount(0);

    await expect(thanks).toBeHidden({ timeout: 6_000 });
    const shownFor = Date.now() - answeredAt;
    expect(shownFor).toBeGreaterThan(2_500);
    expect(shownFor).toBeLessThan(4_500);

    const again = page.getByRole("form", { name: "Feedback" });
    await expect(again.getByRole("textbox", { name: "Name" })).toHaveValue("");
    await expect(again.getByRole("textbox", { name: "Email" })).toHaveValue("");
    await expect(again.getByRole("textbox", { name: "Message" })).toHaveValue("");
    await expect(again.getByRole("button", { name: "Send Feedback" })).toBeEnabled();
  });
});

test.describe("welcome modal", () => {
  test.use({ reducedMotion: "no-preference", skipWelcome: false });

  const modal = (page: Page) => page.getByRole("dialog", { name: "Welcome to Fresh Harvest Hub!" });

  test("shows on the first visit with the 30-60 minute promise and the demo notice", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(modal(page)).toBeVisible({ timeout: READY_TIMEOUT });
    await expect(modal(page)).toBeVisible();
    await expect(modal(page)).toContainText("30-60 minutes");
    await expect(modal(page).getByTestId("demo-notice")).toContainText("demo project");
    // A modal dialog takes the focus with it.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest("dialog")?.open ?? false))
      .toBe(true);
    await expect(modal(page).getByRole("button", { name: "Close" })).toBeVisible();
  });

  test("Close closes it and it does not return on reload or on coming back", async ({ page }) => {
    await page.goto("/");
    await expect(modal(page)).toBeVisible({ timeout: READY_TIMEOUT });
    await modal(page).getByRole("button", { name: "Close" }).click();
    await expect(modal(page)).toBeHidden();
    await expect(page.getByTestId("welcome-modal")).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(HERO_TITLE);
    await expect(page.getByTestId("welcome-modal")).toHaveCount(0);

    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Shop" })
      .click();
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Home" })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(HERO_TITLE);
    await expect(page.getByTestId("welcome-modal")).toHaveCount(0);
  });

  test("Start Exploring closes it with a 300 ms fade", async ({ page }) => {
    await page.goto("/");
    await expect(modal(page)).toBeVisible({ timeout: READY_TIMEOUT });
    await expect(modal(page)).toHaveCSS("transition-duration", /0\.3s/);
    await modal(page).getByRole("button", { name: "Start Exploring" }).click();
    await expect(modal(page)).toBeHidden();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(HERO_TITLE);
    await expect(page.getByTestId("welcome-modal")).toHaveCount(0);
  });

  test("Escape closes it, and it stays closed after a reload", async ({ page }) => {
    await page.goto("/");
    await expect(modal(page)).toBeVisible({ timeout: READY_TIMEOUT });
    await expect(modal(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(modal(page)).toBeHidden();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(HERO_TITLE);
    await expect(page.getByTestId("welcome-modal")).toHaveCount(0);
  });
});
