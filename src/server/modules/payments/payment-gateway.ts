import type { PaymentReport, ProviderAnswer } from "../../../shared/contracts/payments.ts";
import type { ProviderSources } from "../../http/security-headers.ts";

/**
 * What the store needs from a payment provider, shaped like a hosted checkout (Razorpay's model):
 * the store creates the provider's order for the exact amount, the shopper pays in the provider's
 * own checkout (card and UPI details never reach the store), and the store believes a payment
 * only on the provider's signature, with signed webhooks as the backstop. Razorpay and the
 * built-in test provider implement it; the order code cannot tell them apart. A new provider is
 * one file implementing it (its wire format stays there) and its entry in gateway-choice.ts.
 * A call that goes over the network gives up after PAYMENT_PROVIDER_TIMEOUT_MS and throws
 * `ProviderUnavailable`: none may hold a checkout lane, a staff request or a worker's pass longer.
 */
export interface PaymentGateway {
  /** Stored with every payment: refunds and reconciliation go back to the provider that took it. */
  readonly name: string;
  /** What the browser needs to open the provider's checkout (public, never a secret). */
  readonly checkout: CheckoutProvider;
  /** The provider's order for an amount: the one thing its checkout can be paid against. */
  createOrder(request: ProviderOrderRequest): Promise<ProviderOrder>;
  /**
   * Whether the checkout's answer is the provider's: its signature over the provider order id the
   * store stored (never the one the browser sent) and the payment id. Constant time.
   */
  verifyPayment(providerOrderId: string, proof: PaymentProof): boolean;
  /**
   * Its checkout's own answer, posted as the checkout handed it over, in the store's words;
   * undefined when it is not an answer its checkout gives. Believed only on `verifyPayment`.
   */
  reportOf(answer: ProviderAnswer): PaymentReport | undefined;
  /**
   * A webhook's event, from the raw body as it arrived and its headers; throws
   * `WebhookRejected` when the signature is missing or wrong.
   */
  parseWebhook(rawBody: Buffer, headers: WebhookHeaders): ProviderEvent;
  /**
   * Gives back part or all of a payment. The `reference` names the refund for good: the provider
   * makes one refund per reference however often it is asked, so a retry never pays twice.
   */
  refund(paymentId: string, amountPaise: number, reference: string): Promise<ProviderRefund>;
  fetchPayment(paymentId: string): Promise<ProviderPayment>;
  /** Every payment the provider took in [from, to), for reconciliation. */
  listPayments(from: Date, to: Date): Promise<ProviderPayment[]>;
}

export type CheckoutProvider = {
  /** Names the browser's adapter that opens this provider's checkout. */
  kind: string;
  /** The provider's own checkout parameters (a public key, a script): only its adapter reads them. */
  params: Record<string, string>;
  /** What the store's pages must allow for the provider's checkout to run in them. */
  sources?: ProviderSources;
  /**
   * The session's fields that clients read before `params` (its public key, script or page):
   * still sent, from the params, so those clients keep working.
   */
  sessionFields?: { keyId?: string; scriptUrl?: string; pagePath?: string };
};

export type ProviderOrderRequest = {
  amountPaise: number;
  /** The store's own name for what is paid for (an order number, a bulk ticket), at most 40 chars. */
  receipt: string;
  notes?: Record<string, string>;
};

export type ProviderOrder = { providerOrderId: string; amountPaise: number };

/** What the provider's checkout hands the browser after a successful payment. */
export type PaymentProof = { paymentId: string; signature: string };

export type ProviderPaymentStatus = "created" | "authorized" | "captured" | "refunded" | "failed";

export type ProviderPayment = {
  paymentId: string;
  providerOrderId: string | null;
  status: ProviderPaymentStatus;
  amountPaise: number;
  amountRefundedPaise: number;
  /** The provider's method: card, upi, netbanking, wallet. */
  method: string;
  /** How the shopper paid, for receipts: "Visa ending 1111", "UPI asha@okaxis". Never a card number. */
  summary: string;
  /** Why it failed, in words a shopper understands. */
  failureReason: string | null;
  createdAt: Date;
};

export type ProviderRefundStatus = "pending" | "processed" | "failed";

export type ProviderRefund = {
  refundId: string;
  paymentId: string;
  amountPaise: number;
  status: ProviderRefundStatus;
  /** The store's reference, carried in the refund's notes. */
  reference: string | null;
};

export type ProviderEvent =
  | {
      id: string;
      type: "payment.captured" | "payment.failed" | "order.paid";
      payment: ProviderPayment;
    }
  | { id: string; type: "refund.processed" | "refund.failed"; refund: ProviderRefund }
  /** An event the store has not subscribed to act on: acknowledged and ignored. */
  | { id: string; type: "ignored"; name: string };

export type WebhookHeaders = Record<string, string | string[] | undefined>;

/** The webhook is not the provider's: answered 400 and never acted on. */
export class WebhookRejected extends Error {}

/**
 * The provider did not answer (a timeout, a network error, a 5xx): worth trying again later.
 * Any other failure is the provider refusing the request.
 */
export class ProviderUnavailable extends Error {}

declare module "fastify" {
  interface FastifyInstance {
    /** The store's payment provider; undefined: cash on delivery only. */
    paymentGateway: PaymentGateway | undefined;
  }
}
