// Who buys what in bench:checkout, and how: the stock the run starts with, the shoppers (each
// with its own address, cookie and a few orders), what goes in a cart, how it is paid, and how
// often an answer is asked for again.
import { MAILS_PER_RECIPIENT_PER_HOUR } from "../../src/server/modules/mail/recipient-limit.ts";
import type { PlaceOrderInput } from "../../src/shared/contracts/checkout.ts";
import {
  APPROVING_TEST_CARD,
  APPROVING_TEST_UPI,
  DECLINING_TEST_UPI,
  type TestPaymentAttempt,
  testCardAttempt,
  testUpiAttempt,
} from "../../src/shared/rules/test-payments.ts";
import { quantityOf, type ShelfProduct } from "../support/shelves.ts";
import { shopperDelivery } from "../support/shopper-delivery.ts";

export const PLENTIFUL_STOCK = 100_000;
export const SCARCE_STOCK = 200;
/**
 * What a run puts on a product's shelf, in its smallest purchases, the plentiful as the scarce:
 * a weighed product counts grams, and 100,000 of them (100 kg) sold out within a stretch, turning
 * buyers away with quick refusals a tree of whole units never gave.
 */
export const shelfStock = (product: { id: string; minimum: number }, scarce: string) =>
  (product.id === scarce ? SCARCE_STOCK : PLENTIFUL_STOCK) * product.minimum;
/** Share of orders that include the scarce product. */
export const SCARCE_SHARE = 0.25;
/** Share of answers to POST /api/orders followed by a replay of the same key and body. */
export const REPLAY_SHARE = 0.02;
/** Share of accepted payment reports (verify 200) sent again, as a reloading browser might. */
export const VERIFY_REPLAY_SHARE = 0.02;
export const ORDERS_PER_SHOPPER = { min: 1, max: 5 };
export const PAYMENT_MIX = { cash: 0.35, card: 0.3, upiApproved: 0.3, upiDeclined: 0.05 };
/**
 * How a stretch of load pays: `default`, PAYMENT_MIX; `cash`, every order cash on delivery;
 * `online`, card and approved UPI half each (no declines: each order ends paid, so its CPU is
 * place + provider + report + webhook).
 */
export type Mix = "default" | "cash" | "online";
export const MIXES: readonly Mix[] = ["default", "cash", "online"];
/** How long the order page waits for a 202's webhook, reading the order every READ_EVERY_MS. */
export const READ_FOR_MS = 10_000;
export const READ_EVERY_MS = 100;
/** The model's figures as the result file records them, in its order. */
export const LOAD_MODEL_SETTINGS = {
  plentifulStock: PLENTIFUL_STOCK,
  scarceStock: SCARCE_STOCK,
  scarceShare: SCARCE_SHARE,
  replayShare: REPLAY_SHARE,
  verifyReplayShare: VERIFY_REPLAY_SHARE,
  ordersPerShopper: ORDERS_PER_SHOPPER,
  paymentMix: PAYMENT_MIX,
};
/** The store keeps at most this many open cash orders per phone and browser. */
const OPEN_CASH_ORDERS = 3;

export type Catalogue = {
  initialStock: Map<string, number>;
  plentiful: string[];
  scarce: string;
  /** How each product is sold: buyers ask for whole steps. */
  products: Map<string, ShelfProduct>;
};

export type Items = { productId: string; quantity: number }[];
export type PaymentKind = "cash" | "card" | "upi" | "upi-declining";

export type Shopper = {
  address: string;
  cookie?: string;
  ordersLeft: number;
  id: number;
  /** The store keeps at most 3 open cash orders per phone and browser: a 4th pays online. */
  cashOrders: number;
  /**
   * The store sends one address at most MAILS_PER_RECIPIENT_PER_HOUR emails an hour (every
   * attempt counts): a shopper tries no more often than that, and the next one takes the slot.
   */
  attemptsLeft: number;
};

export function newShopper(id: number, mix: Mix = "default"): Shopper {
  const orders = randomInt(ORDERS_PER_SHOPPER.min, ORDERS_PER_SHOPPER.max);
  return {
    id,
    // 10.0.0.1, 10.0.0.2, ...: one address per shopper, as a proxy would forward it.
    address: `10.${(id >> 16) & 255}.${(id >> 8) & 255}.${id & 255}`,
    // Paying cash only, a shopper leaves after the open cash orders the store allows.
    ordersLeft: mix === "cash" ? Math.min(orders, OPEN_CASH_ORDERS) : orders,
    cashOrders: 0,
    attemptsLeft: MAILS_PER_RECIPIENT_PER_HOUR,
  };
}

export function pickItems(catalogue: Catalogue): Items {
  const { plentiful, scarce } = catalogue;
  const count = randomInt(1, 4);
  const chosen = new Set<string>();
  if (Math.random() < SCARCE_SHARE) chosen.add(scarce);
  while (chosen.size < count) chosen.add(plentiful[randomInt(0, plentiful.length - 1)]!);
  return [...chosen].map((productId) => ({
    productId,
    quantity: quantityOf(catalogue.products.get(productId)!, randomInt(1, 3)),
  }));
}

/** The mix's pick, with cash turned to card once the shopper has as many open as allowed. */
export function paymentFor(shopper: Shopper, mix: Mix = "default"): PaymentKind {
  const picked = mix === "cash" ? "cash" : mix === "online" ? onlinePayment() : pickPayment();
  // Paying cash only, a shopper places at most OPEN_CASH_ORDERS (newShopper): an attempt again
  // after an out-of-stock answer placed nothing, so it stays cash.
  const payment =
    picked === "cash" && mix !== "cash" && shopper.cashOrders >= OPEN_CASH_ORDERS ? "card" : picked;
  if (payment === "cash") shopper.cashOrders++;
  return payment;
}

function pickPayment(): PaymentKind {
  const roll = Math.random();
  if (roll < PAYMENT_MIX.cash) return "cash";
  if (roll < PAYMENT_MIX.cash + PAYMENT_MIX.card) return "card";
  if (roll < PAYMENT_MIX.cash + PAYMENT_MIX.card + PAYMENT_MIX.upiApproved) return "upi";
  return "upi-declining";
}

function onlinePayment(): PaymentKind {
  return Math.random() < 0.5 ? "card" : "upi";
}

/** What the test checkout page sends its provider: decided in the browser, no card number. */
export function providerAttempt(payment: Exclude<PaymentKind, "cash">): TestPaymentAttempt {
  if (payment === "card") return testCardAttempt(APPROVING_TEST_CARD.replaceAll(" ", ""));
  return testUpiAttempt(payment === "upi" ? APPROVING_TEST_UPI : DECLINING_TEST_UPI);
}

export function orderBody(shopper: Shopper, items: Items, payment: PaymentKind): PlaceOrderInput {
  return {
    contact: {
      firstName: "Asha",
      lastName: `Buyer ${shopper.id}`,
      email: `shopper${shopper.id}@example.in`,
      phone: `9${String(shopper.id % 1e9).padStart(9, "0")}`,
    },
    delivery: shopperDelivery(shopper.id),
    notes: "",
    // Only the choice: the card or UPI details go to the provider's checkout, never the store.
    payment: { method: payment === "cash" ? "cash" : payment === "card" ? "card" : "upi" },
    items,
  };
}

/** Inclusive at both ends. */
function randomInt(min: number, max: number): number {
  return min + Math.floor(Math.random() * (max - min + 1));
}
