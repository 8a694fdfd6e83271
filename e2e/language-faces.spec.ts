// A page in Odia or Hindi paints with the face the server cut to its words, written into the page,
// and fetches its language's whole face only after its first paint, with its scripts; the swap
// changes nothing on screen, the cut drawing each word exactly as the whole face does in the
// browser's own shaper.
import { expect, test } from "./support/fixtures.ts";
import { READY_TIMEOUT } from "./support/storefront.ts";

const WHOLE_FACE = /\/assets\/noto-sans-(oriya|devanagari)-[^/]*\.woff2$/;

for (const [prefix, family, product] of [
  ["or", "Noto Sans Oriya", "କାଶ୍ମୀରୀ ସେଓ"],
  ["hi", "Noto Sans Devanagari", "कश्मीरी सेब"],
] as const) {
  test(`/${prefix} paints with its own face, then takes the whole face without a pixel changing`, async ({
    page,
  }) => {
    const asked: { url: string; at: number }[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(WHOLE_FACE, async (route) => {
      asked.push({ url: route.request().url(), at: Date.now() });
      await held;
      await route.continue();
    });
    // The held face keeps the load event waiting: the page is read once its parts are in.
    await page.goto(`/${prefix}/shop`, { waitUntil: "domcontentloaded" });
    const heading = page.getByRole("heading", { level: 1 });
    const card = page.getByRole("heading", { name: product, exact: true });
    await expect(card).toBeVisible({ timeout: READY_TIMEOUT });
    await expect(page.locator(`head style#page-face[data-family="${family}"]`)).toHaveCount(1);

    // Nothing but the page on the way to the first paint: the whole face is asked for after it.
    await expect.poll(() => asked.length, { timeout: READY_TIMEOUT }).toBe(1);
    const paintedAt = await page.evaluate(
      () =>
        performance.timeOrigin +
        performance.getEntriesByName("first-contentful-paint")[0]!.startTime,
    );
    expect(asked[0]!.at).toBeGreaterThanOrEqual(Math.floor(paintedAt));
    const faces = () =>
      page.evaluate(
        (wanted) =>
          [...document.fonts]
            .filter((face) => face.family.replaceAll('"', "") === wanted)
            .map((face) => face.status),
        family,
      );
    // The page's own face is in use (a font-src without data: would leave it in error).
    expect(await faces()).toEqual(["loaded"]);
    const before = [await heading.screenshot(), await card.screenshot()];

    release();
    // The cut goes with its style; the one face left is the whole one, added by the page.
    await expect(page.locator("#page-face")).toHaveCount(0);
    expect(await faces()).toEqual(["loaded"]);
    const after = [await heading.screenshot(), await card.screenshot()];
    expect(after[0]!.equals(before[0]!), "the heading looks the same").toBe(true);
    expect(after[1]!.equals(before[1]!), "the product's name looks the same").toBe(true);
  });
}

test.describe("at phone width", () => {
  test.use({ viewport: { width: 412, height: 823 } });

  test("a page in Odia or Hindi does not move as its face comes", async ({ page }) => {
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: "layout-shift", buffered: true });
    });
    for (const address of [
      "/or/customer-support",
      "/hi/bulk-order-request",
      "/hi/customer-support",
    ]) {
      await page.goto(address);
      await expect(page.locator("#root[data-live]")).toBeAttached({ timeout: READY_TIMEOUT });
      await expect(page.locator("#page-face")).toHaveCount(0);
      expect(
        await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts),
        address,
      ).toEqual([]);
    }
  });
});

test("an English page names a script's face nowhere but on the languages' names", async ({
  page,
}) => {
  await page.goto("/shop");
  // Every family a layout is given is looked up for each run of text it shapes: the script faces
  // stay off the page's own text, where they made its layout half again as long.
  const families = () =>
    page.evaluate(() => {
      const seen = new Set<string>();
      for (const element of document.querySelectorAll("body *")) {
        if (element.closest("[hreflang], button[aria-controls]")) continue;
        seen.add(getComputedStyle(element).fontFamily);
      }
      return [...seen].join(" | ");
    });
  expect(await families()).not.toMatch(/Noto Sans Oriya|Noto Sans Devanagari|Language Names/);
  const odia = page.getByRole("link", { name: "ଓଡ଼ିଆ" }).last();
  await expect(odia).toHaveCSS("font-family", /^"Language Names"/);
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.fonts]
          .filter((face) => face.family.replaceAll('"', "") === "Language Names")
          .map((face) => face.status),
      ),
    )
    .toEqual(["loaded", "loaded"]);
});

test("an Odia page draws its own language's name in its own face and fetches only Hindi's name", async ({
  page,
}) => {
  const fetched: string[] = [];
  page.on("request", (request) => {
    const name = /\/assets\/(language-name-[a-z]+)-/.exec(request.url())?.[1];
    if (name) fetched.push(name);
  });
  await page.goto("/or/shop");
  await expect(page.getByRole("link", { name: "हिन्दी" }).last()).toHaveCSS(
    "font-family",
    /^"Noto Sans Oriya", "Language Names"/,
  );
  await page.waitForLoadState("networkidle");
  expect(fetched).toEqual(["language-name-hi"]);
});
