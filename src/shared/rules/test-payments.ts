// The built-in test provider's published instruments, like a real provider's test mode: its
// checkout page (in the browser) decides with them, and its server accepts only these reasons.
import { cardSummary } from "./card-brand.ts";

export const TEST_DECLINES = {
  card_declined: "Your card was declined by the bank.",
  card_insufficient_funds: "Your card has insufficient funds.",
  card_expired: "Your card has expired.",
  upi_declined: "The UPI payment was declined by your bank.",
  upi_insufficient_funds: "Your bank account has insufficient funds.",
} as const;
export type TestDecline = keyof typeof TEST_DECLINES;

const DECLINING_CARDS: Record<string, TestDecline> = {
  "4000000000000002": "card_declined",
  "4000000000009995": "card_insufficient_funds",
  "4000000000000069": "card_expired",
};
const DECLINING_UPI_IDS: Record<string, TestDecline> = {
  "failure@upi": "upi_declined",
  "insufficient@upi": "upi_insufficient_funds",
};

export const APPROVING_TEST_CARD = "4111 1111 1111 1111";
export const APPROVING_TEST_UPI = "success@upi";
/** The declining instruments the test checkout page and the README publish. */
export const DECLINING_TEST_CARD = "4000 0000 0000 0002";
export const DECLINING_TEST_UPI = "failure@upi";

/** What the test checkout sends its provider: a summary and an outcome, never a card number. */
export type TestPaymentAttempt = {
  method: "card" | "upi" | "netbanking";
  summary: string;
  decline: TestDecline | null;
};

export function testCardAttempt(digits: string): TestPaymentAttempt {
  return { method: "card", summary: cardSummary(digits), decline: DECLINING_CARDS[digits] ?? null };
}

export function testUpiAttempt(upiId: string): TestPaymentAttempt {
  const id = upiId.trim().toLowerCase();
  return { method: "upi", summary: `UPI ${id}`, decline: DECLINING_UPI_IDS[id] ?? null };
}

/** Every bank approves in test mode; cards and UPI IDs carry the declining cases. */
export function testNetBankingAttempt(bankName: string): TestPaymentAttempt {
  return { method: "netbanking", summary: `Net banking, ${bankName}`, decline: null };
}
