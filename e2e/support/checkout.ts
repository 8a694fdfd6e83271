import AxeBuilder from "@axe-core/playwright";
import type { FrameLocator, Locator, Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { READY_TIMEOUT } from "./storefront.ts";

/**
 * Helpers for the checkout, confirmation, invoice and mailbox specs.
 *
 * Budget: POST /api/orders allows 30 requests a minute per IP and every test comes from
 * 127.0.0.1. checkout-payments.spec.ts, the busiest, sends 15: 10 orders placed (online ones paid
 * in the test provider's window, a decline and a retry on the same order), 1 refused for stock
 * and 4 for the open cash orders' limit; the other specs place one to three each. Only products
 * with plenty of stock are bought, one or two units at a time, because the database is shared
 * by parallel tests.
 */

/**
 * The texts the spec and design put on these screens (src/shared/contracts/checkout.ts and, for
 * the payment window, payments.ts).
 */
export const MESSAGES = {
  required: "Please fill in all required fields",
  card: "Please fill in all card details",
  upi: "Please enter your UPI ID",
  bank: "Please select your bank",
  email: "Please enter a valid email address",
  phone: "Please enter a valid 10-digit Indian mobile number",
  pincode: "Please enter a valid 6-digit PIN code",
  cardNumber: "Please enter a valid card number",
  cardExpiry: "Please enter a valid expiry date (MM/YY) that is not in the past",
  cardCvv: "CVV must be 3 digits",
  upiId: "Please enter a valid UPI ID, like name@bank",
  outsideArea:
    "Sorry, we don't deliver to this PIN code yet. We deliver across Bhubaneswar within 30-60 minutes.",
  emptyCart: "Your cart is empty",
  emptyCartDescription: "Please add items to your cart before checking out.",
  thanks: "Thank you for your feedback!",
  secureWindow:
    "You enter your card or UPI details in our payment provider's secure window, which opens when you place your order. They never reach Fresh Harvest Hub.",
  cancelled: "Payment cancelled. Your order is kept until the time to pay ends.",
  failed: "Payment failed.",
  awaiting: "Awaiting payment",
  switchedToCash: "Your order will be paid in cash on delivery.",
} as const;

/** Constants of the spec (point 9) and the store's facts (src/shared/store-info.ts). */
export const PROCESSING_TIME = "5-15 minutes";
export const DELIVERY_PROMISE = "30-60 minutes";
export const DELIVERY_AGENT_PHONE = "+91 94370 12345";
export const ORDER_NUMBER = /^FHH-\d{6}$/;

export const PAYMENT_LABELS = {
  card: "Credit/Debit Card",
  cash: "Cash on Delivery",
  upi: "UPI",
  gpay: "Google Pay",
  phonepe: "PhonePe",
} as const;
export type PaymentMethod = keyof typeof PAYMENT_LABELS;

/** The test provider's published instruments (README, src/shared/rules/test-payments.ts). */
export const GOOD_CARD = {
  number: "4111 1111 1111 1111",
  name: "Asha Das",
  expiry: "12/30",
  cvv: "123",
};
export const DECLINED_CARD = { ...GOOD_CARD, number: "4000 0000 0000 0002" };
export const CARD_DECLINE_REASON = "Your card was declined by the bank.";
export const GOOD_UPI = "success@upi";
export const DECLINED_UPI = "failure@upi";
export const UPI_DECLINE_REASON = "The UPI payment was declined by your bank.";

/**
 * How the shopper pays: the method chosen at checkout and, for an online one, what they type in
 * the test provider's checkout window (a card, or a UPI ID for UPI, Google Pay and PhonePe).
 */
export type Payment =
  | { method: "card"; card?: typeof GOOD_CARD }
  | { method: "cash" }
  | { method: "upi" | "gpay" | "phonepe"; upiId?: string };
/** What is typed in the test provider's window. */
export type Instrument = { card: typeof GOOD_CARD } | { upiId: string } | { bank: string };

export const instrumentOf = (payment: Payment): Instrument | undefined =>
  payment.method === "cash"
    ? undefined
    : payment.method === "card"
      ? { card: payment.card ?? GOOD_CARD }
      : { upiId: payment.upiId ?? GOOD_UPI };

export type Buyer = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
};

/** A buyer in Bhubaneswar with an address of their own, so their mail can be told apart. */
export function newBuyer(overrides: Partial<Buyer> = {}): Buyer {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return {
    firstName: "Asha",
    lastName: "Das",
    email: `asha.${tag}@example.com`,
    // A number of their own too: the store keeps a few open cash orders per number at a time.
    phone: `9${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`,
    address: "Plot 12, Saheed Nagar",
    city: "Bhubaneswar",
    state: "Odisha",
    pincode: "751007",
    ...overrides,
  };
}

// --- Locators -------------------------------------------------------------------------------

export const checkoutForm = (page: Page) => page.getByRole("form", { name: "Checkout" });
export const orderSummary = (page: Page) =>
  page.getByRole("complementary", { name: "Order Summary" });
export const placeOrderButton = (page: Page) => page.getByRole("button", { name: "Place Order" });
/** A form field by its label; a required field's label ends in a decorative " *". */
export const field = (scope: Page | Locator | FrameLocator, label: string) =>
  scope.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(\\s*\\*)?$`));
export const paymentRadio = (page: Page, method: PaymentMethod) =>
  page.getByRole("radio", { name: PAYMENT_LABELS[method], exact: true });

/** The store's payment window (a dialog) and, framed in it, the test provider's checkout page. */
export const paymentDialog = (page: Page) => page.getByRole("dialog", { name: "Test payment" });
export const testCheckout = (page: Page) =>
  page.frameLocator('iframe[title="Test payment checkout"]');
export const outcomePanel = (page: Page) => page.getByTestId("payment-outcome");

/** Sonner toasts with the given text, as the shopper sees them. */
export const toast = (page: Page, text: string | RegExp) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text });

// --- Actions --------------------------------------------------------------------------------

/** Opens /checkout and waits until the form and the server's settings have arrived. */
export async function openCheckout(page: Page) {
  await page.goto("/checkout");
  await checkoutReady(page);
}

/** Waits until /checkout shows its form and has the server's settings. */
export async function checkoutReady(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible({
    timeout: READY_TIMEOUT,
  });
  // The demo payment hint shows once the site settings (with the delivery area) are loaded.
  await expect(page.getByTestId("test-payment-hint")).toBeVisible();
}

export async function fillBuyer(page: Page, buyer: Partial<Buyer>) {
  const labels: Record<keyof Buyer, string> = {
    firstName: "First name",
    lastName: "Last name",
    email: "Email",
    phone: "Phone",
    address: "Street address",
    city: "City",
    state: "State",
    pincode: "PIN code",
  };
  for (const [key, value] of Object.entries(buyer) as [keyof Buyer, string][]) {
    await field(page, labels[key]).fill(value);
  }
}

export async function choosePayment(page: Page, method: PaymentMethod) {
  // The radio itself is visually hidden; its label is the tile the shopper clicks.
  await page
    .locator("label")
    .filter({ has: paymentRadio(page, method) })
    .click();
  await expect(paymentRadio(page, method)).toBeChecked();
}

/** Chooses the method at checkout; its details are typed in the payment window (payIn). */
export async function fillPayment(page: Page, payment: Payment) {
  await choosePayment(page, payment.method);
}

/** Chooses Card, UPI or Net banking in the payment window (the radio is inside its tile). */
export async function chooseInWindow(page: Page, name: "Card" | "UPI" | "Net banking") {
  const frame = testCheckout(page);
  const radio = frame.getByRole("radio", { name, exact: true });
  if (await radio.isChecked()) return;
  await frame.locator("label").filter({ has: radio }).click();
  await expect(radio).toBeChecked();
}

/** Fills the test provider's checkout page in the payment window, without paying yet. */
export async function fillInstrument(page: Page, instrument: Instrument) {
  const frame = testCheckout(page);
  if ("card" in instrument) {
    await chooseInWindow(page, "Card");
    await field(frame, "Card number").fill(instrument.card.number);
    await field(frame, "Name on card").fill(instrument.card.name);
    await field(frame, "Expiry (MM/YY)").fill(instrument.card.expiry);
    await field(frame, "CVV").fill(instrument.card.cvv);
  } else if ("upiId" in instrument) {
    await chooseInWindow(page, "UPI");
    await field(frame, "UPI ID").fill(instrument.upiId);
  } else {
    await chooseInWindow(page, "Net banking");
    await field(frame, "Bank").selectOption({ label: instrument.bank });
  }
}

/** Pays in the payment window with a test instrument (the window must be open). */
export async function payIn(page: Page, instrument: Instrument) {
  await expect(paymentDialog(page)).toBeVisible({ timeout: READY_TIMEOUT });
  await fillInstrument(page, instrument);
  await testCheckout(page)
    .getByRole("button", { name: /^Pay ₹/ })
    .click();
}

/**
 * Presses Place Order, pays in the payment window when the method is online, waits for the
 * confirmation page and returns the order number.
 */
export async function submitAndConfirm(page: Page, payment?: Payment): Promise<string> {
  await placeOrderButton(page).click();
  const instrument = payment && instrumentOf(payment);
  if (instrument) {
    await payIn(page, instrument);
    await expect(paymentDialog(page)).toHaveCount(0, { timeout: READY_TIMEOUT });
  }
  await expect(page).toHaveURL("/order-confirmation", { timeout: READY_TIMEOUT });
  const number = page.getByTestId("order-number");
  await expect(number).toHaveText(ORDER_NUMBER, { timeout: READY_TIMEOUT });
  return (await number.textContent())!.trim();
}

/** Fills the whole form for a buyer and payment, places and pays the order, returns its number. */
export async function checkout(
  page: Page,
  { buyer = newBuyer(), payment = { method: "card" } }: { buyer?: Buyer; payment?: Payment } = {},
): Promise<string> {
  await openCheckout(page);
  await fillBuyer(page, buyer);
  await fillPayment(page, payment);
  return submitAndConfirm(page, payment);
}

/** Every POST /api/orders the page sends, for asserting that none (or how many) went out. */
export function recordOrderPosts(page: Page): string[] {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/orders") {
      posts.push(request.url());
    }
  });
  return posts;
}

/**
 * Chromium logs every 4xx answer as a console error ("Failed to load resource: ... 402"). A test
 * that expects such an answer takes exactly those out of the collected errors; anything else
 * still fails the test.
 */
export function allowFailedResource(browserErrors: string[], status: number) {
  const pattern = new RegExp(
    `Failed to load resource: the server responded with a status of ${status}\\b`,
  );
  const before = browserErrors.length;
  const kept = browserErrors.filter((error) => !pattern.test(error));
  browserErrors.splice(0, browserErrors.length, ...kept);
  return before - kept.length;
}

/** The confirmation's rating pop-up. */
export const ratingDialog = (page: Page) =>
  page.getByRole("dialog", { name: /shopping experience/ });
const starName = (value: number) => new RegExp(`^${value} stars?:`);
export const star = (dialog: Locator, value: number) =>
  dialog.getByRole("radio", { name: starName(value) });
/**
 * The pop-up opens 3 s after the confirmation and makes the page behind it inert; a test that
 * goes on using the page waits for it and skips it, however fast the steps before it ran.
 */
export async function skipRating(page: Page) {
  await ratingDialog(page).getByRole("button", { name: "Skip" }).click();
  await expect(ratingDialog(page)).toBeHidden();
}
/** The stars are visually hidden radios inside their labels; the shopper clicks the star. */
export async function chooseStar(page: Page, value: number) {
  await ratingDialog(page)
    .locator("label")
    .filter({ has: page.getByRole("radio", { name: starName(value) }) })
    .click();
}

/**
 * Like expectAccessible, for one part of the page only. Axe run on a whole page does not always
 * judge a toast's colours (it judged them in some runs and not in others); run on the toaster
 * alone it always does.
 */
export async function expectAccessibleWithin(page: Page, selector: string) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .include(selector)
    .analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
  expect(
    serious.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(", ")}`,
    ),
  ).toEqual([]);
}

/** Closes every toast on screen, so the next assertion sees only new ones. */
export async function dismissToasts(page: Page) {
  const toasts = page.locator("[data-sonner-toast]");
  await expect(async () => {
    await page.evaluate(() => {
      for (const button of document.querySelectorAll<HTMLElement>(
        "[data-sonner-toast] button[aria-label='Close toast']",
      )) {
        button.click();
      }
    });
    await expect(toasts).toHaveCount(0, { timeout: 1_000 });
  }).toPass();
}

/**
 * Waits until a toast has finished coming in and keeps it there (sonner pauses a toast's timer
 * while the pointer is over it), so axe sees it, in its final colours, however long axe takes.
 */
export async function settledToast(page: Page, text: string | RegExp) {
  const shown = toast(page, text).first();
  await expect(shown).toHaveAttribute("data-mounted", "true");
  await shown.hover();
  await expect(shown).toHaveCSS("opacity", "1");
  let last = "";
  await expect
    .poll(async () => {
      const box = JSON.stringify(await shown.boundingBox());
      const still = box === last;
      last = box;
      return still;
    })
    .toBe(true);
  return shown;
}

// --- Confirmation ---------------------------------------------------------------------------

export type ExpectedOrder = {
  orderNumber: string;
  email: string;
  /** How the payment is described, e.g. "Visa ending 1111", "Cash on Delivery". */
  payment: string | RegExp;
  /** Names shown in the order's lines. */
  items?: string[];
};

/** Everything the spec puts on /order-confirmation, for the given order. */
export async function expectConfirmation(page: Page, order: ExpectedOrder) {
  await expect(page).toHaveURL("/order-confirmation");
  await expect(page.getByRole("heading", { level: 1, name: "Order Confirmed!" })).toBeVisible();
  await expect(page.getByTestId("order-number")).toHaveText(order.orderNumber);
  expect(order.orderNumber).toMatch(ORDER_NUMBER);

  const main = page.getByRole("main");
  const facts = main.getByRole("listitem");
  await expect(facts.filter({ hasText: "Processing time" })).toContainText(PROCESSING_TIME);
  await expect(facts.filter({ hasText: "Estimated delivery" })).toContainText(DELIVERY_PROMISE);
  const agent = facts.filter({ hasText: "Delivery agent" }).getByRole("link");
  await expect(agent).toHaveText(DELIVERY_AGENT_PHONE);
  await expect(agent).toHaveAttribute("href", `tel:${DELIVERY_AGENT_PHONE.replaceAll(" ", "")}`);
  await expect(main).toContainText(`Order details have been sent to your email, ${order.email}.`);

  const details = main.getByRole("region", { name: "Order details" });
  await expect(details).toContainText(order.payment);
  for (const item of order.items ?? []) await expect(details).toContainText(item);

  await expect(main.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/");
  await expect(main.getByRole("link", { name: "Download Invoice" })).toHaveAttribute(
    "href",
    `/api/orders/${order.orderNumber}/invoice`,
  );
}

/** The stored cart, as the app keeps it in localStorage key `cart`. */
export const storedCart = (page: Page) => page.evaluate(() => window.localStorage.getItem("cart"));

/**
 * Collects a page's errors as the test fixtures do, for a second tab of the same test. `ignore`
 * leaves out messages the test tools themselves cause.
 */
export function watchBrowserErrors(page: Page, ignore?: RegExp): string[] {
  const errors: string[] = [];
  const note = (error: string) => {
    if (!ignore?.test(error)) errors.push(error);
  };
  page.on("pageerror", (error) => note(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") note(`console error: ${message.text()}`);
  });
  return errors;
}
