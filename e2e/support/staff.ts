import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type BrowserContext, type Page, test } from "@playwright/test";
import { DASHBOARDS, dashboardPath, type StaffRole } from "../../src/shared/rules/staff.ts";
import { expect } from "./fixtures.ts";
import { READY_TIMEOUT } from "./storefront.ts";

/** The seeded staff accounts with their demo-mode passwords (src/server/db/seed). */
export const STAFF_ACCOUNTS = {
  inventory: { username: "inventory", password: "harvest-inventory" },
  sales: { username: "sales", password: "harvest-sales" },
  "customer-relations": { username: "relations", password: "harvest-relations" },
} as const satisfies Record<StaffRole, { username: string; password: string }>;

export const ROLES = Object.keys(STAFF_ACCOUNTS) as StaffRole[];

export const dashboardUrl = (role: StaffRole) => new RegExp(`${dashboardPath(role)}$`);
export const ADMIN_URL = /\/admin$/;

export const usernameInput = (page: Page) => page.getByLabel(/^Username/);
export const passwordInput = (page: Page) => page.getByLabel(/^Password/);
export const signInButton = (page: Page) => page.getByRole("button", { name: /^Sign(ing)? in/ });
export const signInProblem = (page: Page) => page.getByTestId("staff-sign-in-problem");
export const staffHeader = (page: Page) => page.getByTestId("staff-header");
export const logoutButton = (page: Page) => page.getByRole("button", { name: "Logout" });

export async function openAdmin(page: Page) {
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Staff sign in" })).toBeVisible({
    timeout: READY_TIMEOUT,
  });
}

/** The member's name as the server has it, read with the page's own staff cookie. */
export async function memberName(page: Page): Promise<string> {
  const response = await page.request.get("/api/staff/me");
  expect(response.status(), "GET /api/staff/me").toBe(200);
  return ((await response.json()) as { member: { name: string } }).member.name;
}

/** Signs in at /admin as the seeded member of `role`, through the form, onto their dashboard. */
export async function signInAs(page: Page, role: StaffRole) {
  await openAdmin(page);
  await usernameInput(page).fill(STAFF_ACCOUNTS[role].username);
  await passwordInput(page).fill(STAFF_ACCOUNTS[role].password);
  await signInButton(page).click();
  await expect(page).toHaveURL(dashboardUrl(role), { timeout: READY_TIMEOUT });
  await expect(page.getByRole("heading", { level: 1, name: DASHBOARDS[role].title })).toBeVisible();
}

type Cookies = Awaited<ReturnType<BrowserContext["cookies"]>>;

// Each staff sign-in hashes a password and opens a session, so the whole run shares one session
// per member: the first test to need it signs in and leaves the cookie beside the run's
// database, where every worker finds it.
const sessionFile = (role: StaffRole) =>
  path.join(process.env.E2E_DATA_DIR ?? ".tmp", `${role}-session.json`);
const sessions = new Map<StaffRole, Cookies>();

function savedSession(role: StaffRole): Cookies | undefined {
  try {
    return JSON.parse(readFileSync(sessionFile(role), "utf8")) as Cookies;
  } catch {
    return undefined;
  }
}

/**
 * Signs the page's browser context in as a member through the staff sign-in API (the sign-in
 * form has its own tests: admin-sign-in.spec.ts), so their dashboard opens at once.
 */
export async function signInAsStaff(page: Page, role: StaffRole): Promise<void> {
  // A dashboard left open goes on asking its own API (a live notice, a refetch) and would do so
  // with the new member's cookie, answered 403: leave it first.
  if (page.url().includes("/admin")) await page.goto("about:blank", { waitUntil: "commit" });
  const known = sessions.get(role) ?? savedSession(role);
  if (known) {
    await page.context().addCookies(known);
    if ((await page.request.get("/api/staff/me")).ok()) return;
    await page.context().clearCookies();
  }
  const origin = new URL(test.info().project.use.baseURL ?? "").origin;
  const response = await page.request.post("/api/staff/auth/sign-in/username", {
    data: STAFF_ACCOUNTS[role],
    headers: { origin },
  });
  expect(response.ok(), `staff sign-in answered ${response.status()}`).toBe(true);
  const cookies = (await page.context().cookies()).filter((cookie) =>
    cookie.name.includes("fhh_staff"),
  );
  sessions.set(role, cookies);
  mkdirSync(path.dirname(sessionFile(role)), { recursive: true });
  writeFileSync(sessionFile(role), JSON.stringify(cookies));
}
