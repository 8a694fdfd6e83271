import { z } from "zod";

/**
 * What the browser needs to open the payment provider's checkout for one provider order: the
 * provider, its public key, the order and amount, and who is paying (prefilled there). No secret.
 */
export const checkoutSessionSchema = z.object({
  provider: z.enum(["razorpay", "test"]),
  keyId: z.string(),
  providerOrderId: z.string(),
  amountPaise: z.number().int(),
  currency: z.literal("INR"),
  /** Razorpay: its Checkout script. The test provider: the store's page of its checkout. */
  scriptUrl: z.string().optional(),
  pagePath: z.string().optional(),
  description: z.string(),
  /** card, upi or netbanking: the part of the provider's checkout to open at. */
  method: z.enum(["card", "upi", "netbanking"]),
  /** The UPI app the shopper chose, when they chose one. */
  upiApp: z.enum(["gpay", "phonepe"]).optional(),
  prefill: z.object({ name: z.string(), email: z.string(), contact: z.string() }),
  /** When the hold ends: unpaid by then, the order is cancelled (ISO time). */
  payBy: z.string(),
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

/** What the provider's checkout hands back after a payment, as Razorpay names it. */
export const paymentProofSchema = z
  .object({
    razorpay_payment_id: z.string().min(1).max(64),
    razorpay_signature: z.string().min(1).max(128),
    /** Sent by the checkout, never believed: the store checks against the id it stored. */
    razorpay_order_id: z.string().max(64).optional(),
  })
  .strict();
export type PaymentProofInput = z.infer<typeof paymentProofSchema>;

export const PAYMENT_MESSAGES = {
  unavailable:
    "We could not reach the payment service. Nothing was charged. Please try again in a minute or choose cash on delivery.",
  notVerified:
    "We could not confirm this payment. If money was taken, it will be refunded automatically within 5-7 working days.",
  holdEnded:
    "The time to pay for this order has ended and its items went back on the shelf. Any amount taken will be refunded automatically.",
  notAwaiting: "This order is not waiting for a payment.",
  processing: "Processing...",
  awaiting: "Awaiting payment",
  cancelled: "Payment cancelled. Your order is kept until the time to pay ends.",
  switchedToCash: "Your order will be paid in cash on delivery.",
} as const;
