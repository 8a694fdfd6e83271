import type { CheckoutSession } from "../../../shared/contracts/payments.ts";
import type { PaymentGateway } from "./payment-gateway.ts";

/** How long an online order (or a bulk advance) may take to be paid. */
export type PaymentHold = { minutes: number; until(from: Date): Date };

export function paymentHold(minutes: number): PaymentHold {
  return { minutes, until: (from) => new Date(from.getTime() + minutes * 60_000) };
}

/** The store's method names (checkout's and the bulk advance's) as the provider's checkout opens. */
const PROVIDER_METHOD: Record<string, Pick<CheckoutSession, "method" | "upiApp">> = {
  card: { method: "card" },
  credit_card: { method: "card" },
  upi: { method: "upi" },
  gpay: { method: "upi", upiApp: "gpay" },
  phonepe: { method: "upi", upiApp: "phonepe" },
  net_banking: { method: "netbanking" },
};

export function checkoutSessionFor(
  gateway: PaymentGateway,
  payment: {
    providerOrderId: string;
    amountPaise: number;
    /** The store's method, e.g. "gpay", "net_banking". */
    method: string;
    upiApp?: string | undefined;
    /** What the shopper reads in the provider's checkout. */
    orderNumber: string;
    payer: { firstName: string; lastName?: string; email: string; phone: string };
    payBy: Date;
  },
): CheckoutSession {
  const { checkout } = gateway;
  const method = PROVIDER_METHOD[payment.method] ?? { method: "card" as const };
  const upiApp =
    payment.upiApp === "gpay" || payment.upiApp === "phonepe" ? payment.upiApp : method.upiApp;
  return {
    provider: checkout.kind,
    params: checkout.params,
    ...checkout.sessionFields,
    providerOrderId: payment.providerOrderId,
    amountPaise: payment.amountPaise,
    currency: "INR",
    description: payment.orderNumber,
    method: method.method,
    ...(upiApp ? { upiApp } : {}),
    prefill: {
      name: [payment.payer.firstName, payment.payer.lastName].filter(Boolean).join(" "),
      email: payment.payer.email,
      contact: payment.payer.phone,
    },
    payBy: payment.payBy.toISOString(),
  };
}
