import { createHmac, timingSafeEqual } from "node:crypto";

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
