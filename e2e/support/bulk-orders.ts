import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { READY_TIMEOUT } from "./storefront.ts";

/**
 * Helpers for the support and bulk-order specs.
 *
 * Budget: the server takes 10 bulk requests and 10 support messages an hour per IP, and every
 * test comes from 127.0.0.1: the specs send 4 bulk requests (3 in bulk-orders.spec.ts, 1 in
 * accessibility.spec.ts) and 1 support message in all.
 */

/** The texts the spec puts on these screens (src/shared/contracts/bulk-orders.ts, support.ts). */
export const BULK_TEXTS = {
  required: "Please fill all required fields",
  terms: "Please agree to the terms and conditions",
  dateHint: "Please select a date at least 48 hours from today",
  email: "Please enter a valid email address",
  phone: "Please enter a valid 10-digit Indian mobile number",
  bank: "Please select your bank",
  paid: "Advance payment successful! Your bulk order has been confirmed.",
} as const;

export const EVENT_LABELS = {
  wedding: "Wedding",
  family_event: "Family Event",
  funeral: "Funeral",
  picnic: "Picnic Party",
  corporate: "Corporate Event",
  other: "Other",
} as const;
export type EventType = keyof typeof EVENT_LABELS;

export const BANK_LABELS = [
  "State Bank of India",
  "HDFC Bank",
  "ICICI Bank",
  "Axis Bank",
  "Kotak Mahindra Bank",
  "Other Bank",
];

export const TICKET_ID = /^BOR-\d{6}-\d{4}$/;

/** A calendar day ("YYYY-MM-DD") in the shop's time zone, `days` after today there. */
export function shopDay(days = 0, now = new Date()): string {
  const today = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Asia/Kolkata",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
  const moved = new Date(`${today}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

/** "Tuesday, 24 November 2026", as the pages write a calendar date. */
export function longDate(date: string): string {
  return new Intl.DateTimeFormat("en-IN", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${date}T00:00:00Z`));
}

export type Requester = {
  name: string;
  email: string;
  phone: string;
  eventType: EventType;
  products: string;
  location: string;
  /** Days after the shop's today; 2 is the first open day. */
  inDays: number;
  cod: boolean;
};

export function newRequester(overrides: Partial<Requester> = {}): Requester {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return {
    name: "Meera Nayak",
    email: `meera.${tag}@example.com`,
    phone: "98765 43210",
    eventType: "family_event",
    products: "Tomatoes 50 kg\nPaneer 10 kg\nMint 20 bunches",
    location: "Kalinga Hall, Plot 7, Saheed Nagar, Bhubaneswar 751007",
    inDays: 5,
    cod: false,
    ...overrides,
  };
}

// --- Locators -------------------------------------------------------------------------------

export const requestForm = (page: Page) => page.getByRole("form", { name: "Bulk order request" });
export const submitButton = (page: Page) =>
  page.getByRole("button", { name: /^(Submit Bulk Order Request|Submitting\.\.\.)$/ });
export const dateButton = (page: Page) => page.getByRole("button", { name: /^Delivery date/ });
export const calendar = (page: Page) => page.getByRole("dialog", { name: "Choose delivery date" });
/** A day of the calendar by its date; its button is what the shopper presses. */
export const calendarDay = (page: Page, date: string) =>
  calendar(page).locator(`[data-day="${date}"]`).getByRole("button");
export const termsBox = (page: Page) =>
  page.getByRole("checkbox", { name: /I agree to the terms and conditions/ });
export const paymentCard = (page: Page) => page.getByRole("region", { name: "Advance Payment" });
export const detailsCard = (page: Page) => page.getByRole("region", { name: "Request Details" });
export const toast = (page: Page, text: string | RegExp) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text });

// --- Actions --------------------------------------------------------------------------------

export async function openRequestPage(page: Page) {
  await page.goto("/bulk-order-request");
  await expect(requestForm(page)).toBeVisible({ timeout: READY_TIMEOUT });
}

/** Shows the calendar month holding `date` (the calendar opens on the first open day's month). */
export async function showMonthOf(page: Page, date: string) {
  const cell = calendar(page).locator(`[data-day="${date}"]`);
  for (let step = 0; step < 14 && !(await cell.isVisible()); step++) {
    // The month's own first day: the grid also holds the days of the months beside it, hidden.
    const shown = await calendar(page)
      .locator("[data-day]:not([data-outside])")
      .first()
      .getAttribute("data-day");
    const direction = date < shown! ? "Previous" : "Next";
    const button = calendar(page).getByRole("button", { name: `Go to the ${direction} Month` });
    // A disabled button means the month is out of the calendar's range: the check below fails.
    if (await button.isDisabled()) break;
    await button.click();
  }
  await expect(cell).toBeVisible();
}

export async function pickDate(page: Page, date: string) {
  await dateButton(page).click();
  await expect(calendar(page)).toBeVisible();
  await showMonthOf(page, date);
  await calendarDay(page, date).click();
  await expect(calendar(page)).toBeHidden();
  await expect(dateButton(page)).toContainText(longDate(date));
}

export async function fillRequest(page: Page, requester: Requester) {
  await page.getByLabel("Full name").fill(requester.name);
  await page.getByLabel("Email").fill(requester.email);
  await page.getByLabel("Mobile number").fill(requester.phone);
  await page.getByLabel("Request purpose").selectOption(requester.eventType);
  await page.getByLabel("Required products").fill(requester.products);
  await page.getByLabel("Delivery location").fill(requester.location);
  await pickDate(page, shopDay(requester.inDays));
  if (requester.cod) await page.getByRole("checkbox", { name: "Request cash on delivery" }).check();
  await termsBox(page).check();
}

/** Sends a filled request and returns its ticket ID from the confirmation page. */
export async function submitRequest(page: Page): Promise<string> {
  await submitButton(page).click();
  return confirmedTicket(page);
}

/** Waits for the confirmation page the request form leads to; returns its ticket ID. */
export async function confirmedTicket(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/bulk-order-confirmation\?ticket=BOR-/, {
    timeout: READY_TIMEOUT,
  });
  const ticket = page.getByTestId("bulk-ticket-id");
  await expect(ticket).toHaveText(TICKET_ID, { timeout: READY_TIMEOUT });
  return (await ticket.textContent())!.trim();
}

export async function sendRequest(page: Page, requester = newRequester()): Promise<string> {
  await openRequestPage(page);
  await fillRequest(page, requester);
  return submitRequest(page);
}

/**
 * Holds every request the page sends to `path` until the returned function is called, so a
 * test can see the pending state however fast the server is.
 */
export async function holdRequests(page: Page, path: string | RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(path, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Every POST the page sends to a path, for asserting that none went out. */
export function recordPosts(page: Page, pathname: string): string[] {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === pathname) {
      posts.push(request.url());
    }
  });
  return posts;
}

/** The path and query of the confirmation link in a mail's text. */
export function confirmationLinkIn(text: string): string {
  const match = /https?:\/\/[^\s]+(\/bulk-order-confirmation\?[^\s]+)/.exec(text);
  if (!match) throw new Error(`no confirmation link in:\n${text}`);
  return match[1]!;
}

/** The tile (label) of a payment method; its radio is visually hidden inside it. */
export const methodTile = (card: Locator, name: string) =>
  card.locator("label").filter({ has: card.page().getByRole("radio", { name }) });
