import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

type Fixtures = {
  /** Set false to see the welcome modal, which is otherwise marked as already seen. */
  skipWelcome: boolean;
  /** Page errors and console errors collected during the test; any fails it. */
  browserErrors: string[];
};

export const test = base.extend<Fixtures>({
  skipWelcome: [true, { option: true }],
  browserErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        // A failed load names no address in its text; its location does.
        const where = message.location().url;
        errors.push(`console error: ${message.text()}${where ? ` (${where})` : ""}`);
      });
      await use(errors);
      expect(errors, "the browser reported errors").toEqual([]);
    },
    { auto: true },
  ],
  page: async ({ page, skipWelcome }, use) => {
    if (skipWelcome) {
      await page.addInitScript(() => {
        // Sandboxed frames (the mailbox's email preview) have no storage; only the page needs it.
        try {
          window.localStorage.setItem("welcomeSeen", "true");
        } catch {}
      });
    }
    // The server's HTML is on screen before its code runs, and a button does nothing until the
    // page is live (hydrated). Navigations and reloads that wait for "load" also wait for that.
    const untilLive = async <T>(response: T, waitUntil = "load") => {
      if (waitUntil === "load") await whenLive(page);
      return response;
    };
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => untilLive(await goto(url, options), options?.waitUntil);
    const reload = page.reload.bind(page);
    page.reload = async (options) => untilLive(await reload(options), options?.waitUntil);
    await use(page);
  },
});

export { expect };

/**
 * Waits until the page's code has taken over its server-drawn HTML (hydrated): before that a
 * form submits itself natively, as a GET of the page. A page the `page` fixture opens waits by
 * itself; one of another context (a second shopper, a colleague) waits here.
 */
export const whenLive = (page: Page) =>
  page.locator("#root[data-live]").waitFor({ state: "attached" });

/**
 * Fails on any serious or critical axe violation of WCAG 2.x A/AA rules. `skip` leaves out rules
 * or parts of the page, only for a known bug that another test pins down with `test.fail()`.
 * `within` checks one part of a page whose whole another test already checks (axe over a whole
 * dashboard takes tens of seconds on a busy machine).
 */
export async function expectAccessible(
  page: Page,
  skip: { rules?: string[]; selectors?: string[] } = {},
  within?: string,
) {
  // A toast fading in or out has its text at part opacity, and axe would measure its contrast
  // half-way: wait until every toast has settled.
  await page.waitForFunction(() =>
    [...document.querySelectorAll("[data-sonner-toast]")].every(
      (toast) => toast.getAnimations({ subtree: true }).length === 0,
    ),
  );
  // The default gathers each frame's results in a new blank page, which doubles what a check
  // costs on CI's two shared cores. A page without frames gets the same findings from "legacy"
  // mode, which runs axe in the page alone; it would miss what is inside a frame.
  let builder = new AxeBuilder({ page })
    .setLegacyMode(page.frames().length === 1)
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  if (within) builder = builder.include(within);
  if (skip.rules?.length) builder = builder.disableRules(skip.rules);
  for (const selector of skip.selectors ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
  expect(
    serious.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(", ")}`,
    ),
  ).toEqual([]);
}
