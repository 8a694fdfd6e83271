import { z } from "zod";
import type { ProviderPayment, ProviderRefund } from "./payment-gateway.ts";

/*
 * Razorpay's JSON, as far as the store reads it. Parsed rather than cast: a webhook or an answer
 * that is not what the docs promise is refused, never half-read into a wrong order state.
 */

// Razorpay writes no notes as `[]` (an empty PHP array), not `{}`.
const notes = z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).nullish();

export const razorpayOrder = z.object({ id: z.string(), amount: z.number().int() });

export const razorpayPayment = z.object({
  id: z.string(),
  amount: z.number().int(),
  amount_refunded: z.number().int(),
  status: z.enum(["created", "authorized", "captured", "refunded", "failed"]),
  order_id: z.string().nullish(),
  method: z.string(),
  // Only in webhooks, and in API answers asked for with `expand[]=card`.
  card: z
    .object({
      network: z.string().nullish(),
      // Documented as an integer, sent as a string ("0153"): a number would lose leading zeros.
      last4: z.union([z.string(), z.number()]).nullish(),
    })
    .nullish(),
  vpa: z.string().nullish(),
  upi: z.object({ vpa: z.string().nullish() }).nullish(),
  bank: z.string().nullish(),
  wallet: z.string().nullish(),
  error_description: z.string().nullish(),
  created_at: z.number().int(),
});
export type RazorpayPayment = z.infer<typeof razorpayPayment>;

export const razorpayRefund = z.object({
  id: z.string(),
  payment_id: z.string(),
  amount: z.number().int(),
  status: z.enum(["pending", "processed", "failed"]),
  notes,
});
export type RazorpayRefund = z.infer<typeof razorpayRefund>;

export const razorpayPayments = z.object({ items: z.array(razorpayPayment) });

export const razorpayError = z.object({ error: z.object({ description: z.string() }) });

export const razorpayEventName = z.object({ event: z.string() });
export const razorpayPaymentEvent = z.object({
  payload: z.object({ payment: z.object({ entity: razorpayPayment }) }),
});
export const razorpayRefundEvent = z.object({
  payload: z.object({ refund: z.object({ entity: razorpayRefund }) }),
});

export function toProviderPayment(payment: RazorpayPayment): ProviderPayment {
  return {
    paymentId: payment.id,
    providerOrderId: payment.order_id ?? null,
    status: payment.status,
    amountPaise: payment.amount,
    amountRefundedPaise: payment.amount_refunded,
    method: payment.method,
    summary: summaryOf(payment),
    // A captured card payment carries `""` here, not null.
    failureReason: payment.error_description || null,
    createdAt: new Date(payment.created_at * 1000),
  };
}

export function toProviderRefund(refund: RazorpayRefund): ProviderRefund {
  const reference = Array.isArray(refund.notes) ? undefined : refund.notes?.reference;
  return {
    refundId: refund.id,
    paymentId: refund.payment_id,
    amountPaise: refund.amount,
    status: refund.status,
    reference: typeof reference === "string" ? reference : null,
  };
}

function summaryOf(payment: RazorpayPayment): string {
  switch (payment.method) {
    case "card":
      return cardSummary(payment.card?.network, payment.card?.last4);
    case "upi": {
      // An intent-flow UPI payment may name its VPA only under `upi`, or nowhere.
      const vpa = payment.vpa ?? payment.upi?.vpa;
      return vpa ? `UPI ${vpa}` : "UPI";
    }
    case "netbanking":
      return payment.bank ? `Net banking, ${payment.bank}` : "Net banking";
    case "wallet":
      return payment.wallet ? `Wallet, ${payment.wallet}` : "Wallet";
    default:
      return payment.method;
  }
}

/** Spelt as the store's own receipts spell brands ("Mastercard", not Razorpay's "MasterCard"). */
function cardSummary(
  network: string | null | undefined,
  last4: string | number | null | undefined,
) {
  const brand =
    !network || network === "Unknown" ? "Card" : network === "MasterCard" ? "Mastercard" : network;
  if (last4 === null || last4 === undefined || last4 === "") return brand;
  // Four digits and no more, whatever arrives: a receipt never shows a card number.
  return `${brand} ending ${String(last4).padStart(4, "0").slice(-4)}`;
}
