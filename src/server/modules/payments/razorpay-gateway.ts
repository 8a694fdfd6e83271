import { createHash } from "node:crypto";
import type { z } from "zod";
import type { ProviderSources } from "../../http/security-headers.ts";
import {
  checkoutSignature,
  hmacHex,
  reportOfCheckoutAnswer,
  signatureMatches,
} from "./hosted-signatures.ts";
import {
  type PaymentGateway,
  type ProviderEvent,
  type ProviderPayment,
  ProviderUnavailable,
  type WebhookHeaders,
  WebhookRejected,
} from "./payment-gateway.ts";
import {
  razorpayError,
  razorpayEventName,
  razorpayOrder,
  razorpayPayment,
  razorpayPaymentEvent,
  razorpayPayments,
  razorpayRefund,
  razorpayRefundEvent,
  toProviderPayment,
  toProviderRefund,
} from "./razorpay-entities.ts";

export type RazorpayGatewayOptions = {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Razorpay's API, or a stand-in for it in tests. */
  apiUrl?: string;
  /**
   * The longest any one call may take, body included (PAYMENT_PROVIDER_TIMEOUT_MS): every call
   * goes through `call`, so none can hold a checkout lane or a staff request longer.
   */
  timeoutMs: number;
};

/** Razorpay Checkout's own origins (its script opens its checkout in a frame of api.razorpay.com). */
export const RAZORPAY_SOURCES: ProviderSources = {
  script: ["https://checkout.razorpay.com"],
  frame: ["https://api.razorpay.com", "https://checkout.razorpay.com"],
  connect: ["https://api.razorpay.com", "https://lumberjack.razorpay.com"],
  img: ["https://cdn.razorpay.com"],
};

const RAZORPAY_SCRIPT = "https://checkout.razorpay.com/v1/checkout.js";

/** Razorpay's largest page for list calls. */
const PAGE_SIZE = 100;

/**
 * Razorpay behind the store's `PaymentGateway`, over its REST API with plain `fetch` (no SDK):
 * the key secret goes only into the Authorization header, and no message this throws carries it.
 */
export function createRazorpayGateway(options: RazorpayGatewayOptions): PaymentGateway {
  const { keyId, keySecret, webhookSecret, timeoutMs } = options;
  const apiUrl = (options.apiUrl ?? "https://api.razorpay.com").replace(/\/+$/, "");
  const authorization = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString("base64")}`;

  async function call<T>(
    schema: z.ZodType<T>,
    method: "GET" | "POST",
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const what = `Razorpay ${method} ${path.split("?")[0]}`;
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${apiUrl}${path}`, {
        method,
        headers: {
          authorization,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        // The API never redirects; following one could carry the credentials elsewhere.
        redirect: "error",
        // Covers reading the body too, so a server that stalls mid-answer also times out.
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw new ProviderUnavailable(`${what} ${whyNoAnswer(error, timeoutMs)}`);
    }

    // 409 is Razorpay's "a request with this idempotency key is still in progress": ask again later.
    if (response.status >= 500 || response.status === 429 || response.status === 409) {
      throw new ProviderUnavailable(`${what} answered ${response.status}`);
    }
    const json = parseJson(text);
    if (!response.ok) {
      const refusal = razorpayError.safeParse(json);
      const reason = refusal.success ? refusal.data.error.description : `HTTP ${response.status}`;
      throw new Error(`${what} was refused: ${reason}`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new Error(`${what} answered with a body the store cannot read`);
    return parsed.data;
  }

  return {
    name: "razorpay",
    checkout: {
      kind: "razorpay",
      // Read by the browser's Razorpay adapter (src/web/features/payments/razorpay-checkout.ts).
      params: { keyId, scriptUrl: RAZORPAY_SCRIPT },
      sources: RAZORPAY_SOURCES,
      sessionFields: { keyId, scriptUrl: RAZORPAY_SCRIPT },
    },
    reportOf: reportOfCheckoutAnswer,

    async createOrder(request) {
      const order = await call(razorpayOrder, "POST", "/v1/orders", {
        amount: request.amountPaise,
        currency: "INR",
        receipt: request.receipt,
        notes: request.notes ?? {},
      });
      return { providerOrderId: order.id, amountPaise: order.amount };
    },

    verifyPayment(providerOrderId, proof) {
      if (typeof proof?.paymentId !== "string") return false;
      const expected = checkoutSignature(keySecret, providerOrderId, proof.paymentId);
      return signatureMatches(expected, proof.signature);
    },

    parseWebhook(rawBody, headers) {
      const signature = headerValue(headers, "x-razorpay-signature");
      if (!signatureMatches(hmacHex(webhookSecret, rawBody), signature)) {
        throw new WebhookRejected("The webhook's Razorpay signature is missing or wrong");
      }
      const body = parseJson(rawBody.toString("utf8"));
      if (body === undefined) throw new WebhookRejected("The webhook's body is not JSON");
      // Razorpay resends an event under the same id; without one, the same bytes are the same event.
      const id =
        headerValue(headers, "x-razorpay-event-id") ??
        createHash("sha256").update(rawBody).digest("hex");
      return toProviderEvent(id, body);
    },

    async refund(paymentId, amountPaise, reference) {
      const refund = await call(
        razorpayRefund,
        "POST",
        `/v1/payments/${encodeURIComponent(paymentId)}/refund`,
        // The same reference must always send the same body: Razorpay refuses a retry that differs.
        {
          amount: amountPaise,
          speed: "normal",
          receipt: reference.slice(0, 40),
          notes: { reference },
        },
        { "x-refund-idempotency": idempotencyKey(paymentId, reference) },
      );
      return toProviderRefund(refund);
    },

    async fetchPayment(paymentId) {
      const path = `/v1/payments/${encodeURIComponent(paymentId)}?expand[]=card`;
      return toProviderPayment(await call(razorpayPayment, "GET", path));
    },

    async listPayments(from, to) {
      // Razorpay counts in whole seconds: [from, to) becomes the whole seconds it starts in, so
      // back-to-back windows share no payment. Its `to` may include that second; it is dropped.
      const fromSeconds = Math.floor(from.getTime() / 1000);
      const toSeconds = Math.floor(to.getTime() / 1000);
      // Newest first: a payment arriving mid-listing pushes the rest down a place, so a page may
      // repeat the previous page's last payment. Keyed by id, it is counted once.
      const found = new Map<string, ProviderPayment>();
      for (let skip = 0; ; skip += PAGE_SIZE) {
        const query = `from=${fromSeconds}&to=${toSeconds}&count=${PAGE_SIZE}&skip=${skip}`;
        const page = await call(razorpayPayments, "GET", `/v1/payments?${query}&expand[]=card`);
        for (const payment of page.items) {
          if (payment.created_at >= fromSeconds && payment.created_at < toSeconds) {
            found.set(payment.id, toProviderPayment(payment));
          }
        }
        if (page.items.length < PAGE_SIZE) return [...found.values()];
      }
    },
  };
}

function toProviderEvent(id: string, body: unknown): ProviderEvent {
  const named = razorpayEventName.safeParse(body);
  if (!named.success) throw new WebhookRejected("The webhook names no event");
  const name = named.data.event;
  switch (name) {
    case "payment.captured":
    case "payment.failed":
    case "order.paid": {
      const event = razorpayPaymentEvent.safeParse(body);
      if (!event.success) throw new WebhookRejected(`The ${name} webhook carries no payment`);
      return { id, type: name, payment: toProviderPayment(event.data.payload.payment.entity) };
    }
    case "refund.processed":
    case "refund.failed": {
      const event = razorpayRefundEvent.safeParse(body);
      if (!event.success) throw new WebhookRejected(`The ${name} webhook carries no refund`);
      return { id, type: name, refund: toProviderRefund(event.data.payload.refund.entity) };
    }
    default:
      return { id, type: "ignored", name };
  }
}

/**
 * Razorpay takes 10 or more of [A-Za-z0-9_-] as a key; a reference may be shorter or use other
 * characters, so the key is its hash: the same reference always makes the same key.
 */
function idempotencyKey(paymentId: string, reference: string): string {
  // The payment too: a reference such as "order-12-cancel" could name another payment after the
  // database was restored, and Razorpay would answer with that old refund.
  return createHash("sha256").update(`${paymentId}|${reference}`).digest("hex").slice(0, 40);
}

function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Why the call failed, from the error alone: never the request, which carries the credentials. */
function whyNoAnswer(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && error.name === "TimeoutError") {
    return `did not answer within ${timeoutMs} ms`;
  }
  const code =
    error instanceof Error ? (error.cause as { code?: unknown } | undefined)?.code : null;
  return typeof code === "string" ? `could not be reached (${code})` : "could not be reached";
}
