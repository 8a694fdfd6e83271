// /admin and /admin/dashboard/{id}: the staff sign-in, each member's own dashboard, the guard
// that sends everyone else to /admin, and Logout. Demo mode is on (playwright.config.ts).
import { DASHBOARDS, dashboardPath, type StaffRole } from "../src/shared/rules/staff.ts";
import { allowFailedResource, toast } from "./support/checkout.ts";
import { expect, expectAccessible, test } from "./support/fixtures.ts";
import {
  ADMIN_URL,
  dashboardUrl,
  logoutButton,
  memberName,
  openAdmin,
  passwordInput,
  ROLES,
  STAFF_ACCOUNTS,
  signInAs,
  signInButton,
  signInProblem,
  staffHeader,
  usernameInput,
} from "./support/staff.ts";
import { READY_TIMEOUT } from "./support/storefront.ts";

const MISSING = "Please enter both username and password";
const INVALID = "Invalid admin credentials";

test.describe("/admin sign-in form", () => {
  test("asks for both fields before sending anything", async ({ page }) => {
    const signIns: string[] = [];
    page.on("request", (request) => {
      // Reading whether a session exists is no sign-in.
      const url = request.url();
      if (url.includes("/api/staff/auth/") && !url.endsWith("/get-session")) signIns.push(url);
    });
    await openAdmin(page);
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");

    await signInButton(page).click();
    await expect(signInProblem(page)).toHaveText(MISSING);
    await expect(toast(page, MISSING)).toBeVisible();
    await expect(usernameInput(page)).toHaveAttribute("aria-invalid", "true");

    await usernameInput(page).fill("inventory");
    await signInButton(page).click();
    await expect(signInProblem(page)).toHaveText(MISSING);
    await expect(passwordInput(page)).toHaveAttribute("aria-invalid", "true");

    await usernameInput(page).fill("");
    await passwordInput(page).fill("harvest-inventory");
    await signInButton(page).click();
    await expect(signInProblem(page)).toHaveText(MISSING);
    expect(signIns).toEqual([]);
    await expect(page).toHaveURL(ADMIN_URL);
  });

  test("a wrong pair reads Invalid admin credentials, and a right one goes through after", async ({
    page,
    browserErrors,
  }) => {
    await openAdmin(page);
    await usernameInput(page).fill("inventory");
    await passwordInput(page).fill("not-the-password");
    await signInButton(page).click();
    await expect(signInProblem(page)).toHaveText(INVALID);
    await expect(toast(page, INVALID)).toBeVisible();
    // The password is cleared for the next try; the username stays.
    await expect(passwordInput(page)).toHaveValue("");
    await expect(usernameInput(page)).toHaveValue("inventory");

    // An unknown username reads the same as a wrong password: nothing tells which names exist.
    await usernameInput(page).fill("nobody");
    await passwordInput(page).fill("harvest-inventory");
    const refusal = page.waitForResponse("**/api/staff/auth/sign-in/username");
    await signInButton(page).click();
    expect((await refusal).status()).toBe(401);
    await expect(signInProblem(page)).toHaveText(INVALID);
    await expect(passwordInput(page)).toHaveValue("");
    // The refusals are 401s, which the browser logs; they are the answers these steps expect.
    expect(allowFailedResource(browserErrors, 401)).toBe(2);

    await usernameInput(page).fill("inventory");
    await passwordInput(page).fill("harvest-inventory");
    await signInButton(page).click();
    await expect(page).toHaveURL(dashboardUrl("inventory"));
  });

  test("shows a pending state while the server checks the pair", async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Holds the real request back a moment so the pending state can be seen; nothing is faked.
    await page.route("**/api/staff/auth/sign-in/username", async (route) => {
      await held;
      await route.continue();
    });
    await openAdmin(page);
    await usernameInput(page).fill("sales");
    await passwordInput(page).fill("harvest-sales");
    await signInButton(page).click();
    const pending = page.getByRole("button", { name: "Signing in..." });
    await expect(pending).toBeVisible();
    await expect(pending).toBeDisabled();
    release();
    await expect(page).toHaveURL(dashboardUrl("sales"));
  });

  test("the demo hint lists the three staff accounts and fills the form", async ({ page }) => {
    await openAdmin(page);
    await page.getByRole("button", { name: "Demo credentials" }).click();
    const hint = page.getByRole("dialog", { name: "Demo staff credentials" });
    await expect(hint).toBeVisible();
    const entries = hint.getByRole("listitem");
    await expect(entries).toHaveCount(3);
    for (const role of ROLES) {
      const entry = entries.filter({ hasText: DASHBOARDS[role].title });
      await expect(entry).toContainText(STAFF_ACCOUNTS[role].username);
      await expect(entry).toContainText(STAFF_ACCOUNTS[role].password);
    }
    await expectAccessible(page);

    await hint
      .getByRole("button", { name: `Use ${DASHBOARDS["customer-relations"].title}` })
      .click();
    await expect(hint).toBeHidden();
    await expect(usernameInput(page)).toHaveValue(STAFF_ACCOUNTS["customer-relations"].username);
    await signInButton(page).click();
    await expect(page).toHaveURL(dashboardUrl("customer-relations"));
  });
});

test.describe("each member's own dashboard", () => {
  for (const role of ROLES) {
    test(`${DASHBOARDS[role].title} lands on ${dashboardPath(role)} with their name`, async ({
      page,
    }) => {
      // A whole dashboard loads and axe reads all of it.
      test.slow();
      await signInAs(page, role);
      const header = staffHeader(page);
      await expect(header.getByTestId("staff-member-name")).toHaveText(await memberName(page));
      await expect(header).toContainText(DASHBOARDS[role].title);
      await expect(header.getByRole("button", { name: "Logout" })).toBeVisible();
      await expect(page.getByRole("region", { name: "Recent activity" })).toBeVisible();
      await expectAccessible(page);
    });
  }
});

test.describe("the dashboard guard", () => {
  test("without a staff session, every dashboard sends the browser to /admin", async ({
    page,
    browserErrors,
  }) => {
    for (const role of ROLES) {
      await page.goto(dashboardPath(role));
      await expect(page).toHaveURL(ADMIN_URL);
      await expect(page.getByRole("heading", { name: "Staff sign in" })).toBeVisible();
    }
    expect(allowFailedResource(browserErrors, 401)).toBe(ROLES.length);
  });

  test("a member opening another member's dashboard lands on their own, told why", async ({
    page,
  }) => {
    await signInAs(page, "customer-relations");
    const name = await memberName(page);
    for (const other of ["inventory", "sales"] as StaffRole[]) {
      await page.goto(dashboardPath(other));
      await expect(page).toHaveURL(dashboardUrl("customer-relations"));
      await expect(
        toast(
          page,
          `The ${DASHBOARDS[other].title} dashboard is another member's. You are signed in as ${name}: here is yours.`,
        ),
      ).toBeVisible();
      await expect(
        page.getByRole("heading", { level: 1, name: DASHBOARDS["customer-relations"].title }),
      ).toBeVisible();
    }
  });

  test("a signed-in member who opens /admin, or an unknown dashboard, is not shown the sign-in form", async ({
    page,
  }) => {
    await signInAs(page, "sales");
    const name = await memberName(page);
    const already = `You are already signed in as ${name}: here is your Sales Manager dashboard.`;
    for (const path of [
      "/admin",
      "/admin/dashboard/4",
      "/admin/dashboard/0",
      "/admin/dashboard/abc",
    ]) {
      await page.goto(path);
      await expect(page).toHaveURL(dashboardUrl("sales"));
      await expect(toast(page, already)).toBeVisible();
      await expect(page.getByRole("heading", { name: "Staff sign in" })).toHaveCount(0);
    }
  });

  test("Logout goes to /admin, and neither Back nor the address brings the dashboard back", async ({
    page,
    browserErrors,
  }) => {
    await signInAs(page, "customer-relations");
    await logoutButton(page).click();
    await expect(page).toHaveURL(ADMIN_URL);
    await expect(page.getByRole("heading", { name: "Staff sign in" })).toBeVisible();
    await expect((await page.request.get("/api/staff/me")).status()).toBe(401);

    await page.goBack();
    await expect(page).toHaveURL(ADMIN_URL);
    await expect(page.getByRole("heading", { name: "Staff sign in" })).toBeVisible();

    await page.goto(dashboardPath("customer-relations"));
    await expect(page).toHaveURL(ADMIN_URL);
    expect(allowFailedResource(browserErrors, 401)).toBeGreaterThanOrEqual(1);
  });

  test("a session ended elsewhere still logs out cleanly to /admin", async ({
    page,
    browserErrors,
  }) => {
    await signInAs(page, "inventory");
    // Once the panels have loaded: a panel still loading when the session ends meets a 401 and
    // sends the browser to /admin by itself, before there is a Logout to press.
    await expect(page.getByTestId("figure-sold")).toBeVisible({ timeout: READY_TIMEOUT });
    await expect(page.getByRole("button", { name: /^Edit / }).first()).toBeVisible();
    const origin = new URL(page.url()).origin;
    const ended = await page.request.post("/api/staff/auth/sign-out", {
      data: {},
      headers: { origin },
    });
    expect(ended.ok()).toBe(true);
    await logoutButton(page).click();
    await expect(page).toHaveURL(ADMIN_URL);
    await page.goto(dashboardPath("inventory"));
    await expect(page).toHaveURL(ADMIN_URL);
    allowFailedResource(browserErrors, 401);
  });

  test("the skip link and Logout work from the keyboard", async ({ page }) => {
    await signInAs(page, "sales");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to dashboard" });
    await expect(skip).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator("#staff-main")).toBeFocused();
    await logoutButton(page).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(ADMIN_URL);
  });

  test("nothing about staff is kept in localStorage", async ({ page }) => {
    await signInAs(page, "sales");
    const stored = await page.evaluate(() =>
      Object.keys(window.localStorage).map((key) => `${key}=${window.localStorage.getItem(key)}`),
    );
    for (const entry of stored) {
      expect(entry).not.toMatch(/admin|staff|sales|harvest-|session|token/i);
    }
  });
});

test.describe("axe on the staff pages", () => {
  test("/admin, empty and with its errors", async ({ page }) => {
    await openAdmin(page);
    await expectAccessible(page);
    await signInButton(page).click();
    await expect(signInProblem(page)).toBeVisible();
    await expectAccessible(page);
  });
});
