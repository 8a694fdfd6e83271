import { createHmac, timingSafeEqual } from "node:crypto";
import {
  type PaymentReport,
  type ProviderAnswer,
  paymentReportSchema,
} from "../../../shared/contracts/payments.ts";

/** HMAC-SHA256 in lowercase hex, as Razorpay signs checkout answers and webhooks. */
export function hmacHex(secret: string, message: string | Buffer): string {
  return createHmac("sha256", secret).update(message).digest("hex");
}

/** Compares a signature with the expected one without leaking, through timing, how much matched. */
export function signatureMatches(expected: string, given: unknown): boolean {
  if (typeof given !== "string") return false;
  const a = Buffer.from(expected, "utf8");
  const b = Buffer.from(given, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The checkout's signature: over the provider order id the store stored, "|", the payment id. */
export function checkoutSignature(keySecret: string, providerOrderId: string, paymentId: string) {
  return hmacHex(keySecret, `${providerOrderId}|${paymentId}`);
}

/**
 * The names Razorpay Checkout hands its handler after a payment. The test provider's gateway reads
 * them too: its checkout page answered in them before it answered in the store's own names.
 */
const CHECKOUT_ANSWER_NAMES = new Set([
  "razorpay_payment_id",
  "razorpay_signature",
  "razorpay_order_id",
]);

/**
 * Razorpay Checkout's answer as a report, under the report's own bounds; undefined for anything
 * else, as its checkout never answers other names.
 */
export function reportOfCheckoutAnswer(answer: ProviderAnswer): PaymentReport | undefined {
  if (!Object.keys(answer).every((name) => CHECKOUT_ANSWER_NAMES.has(name))) return undefined;
  const report = paymentReportSchema.safeParse({
    paymentId: answer.razorpay_payment_id,
    signature: answer.razorpay_signature,
    ...(answer.razorpay_order_id !== undefined && { providerOrderId: answer.razorpay_order_id }),
  });
  return report.success ? report.data : undefined;
}
