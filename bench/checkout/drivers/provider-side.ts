// The payment provider's side of an online order, as the buyers meet it. "test": demo mode's
// built-in test provider, which the store serves itself: its checkout, its webhooks and its
// answers to the store's own checks are all work of the store's process, counted in its CPU.
// "stand-in": Razorpay's API stand-in (src/server/testing/razorpay-stand-in.ts) in this, the load
// generator's, process: the store talks to it over HTTP as it would to Razorpay, the shopper pays
// in it, and it sends its signed webhook to the store; the store's CPU is then its own work only.
import http from "node:http";
import { WEBHOOK_PATH } from "../../../src/server/modules/payments/webhook-routes.ts";
import {
  type RazorpayStandIn,
  startRazorpayStandIn,
} from "../../../src/server/testing/razorpay-stand-in.ts";
import type { ChildServer } from "../../support/child.ts";
import type { PaymentKind } from "../load-model.ts";

export type ProviderKind = "test" | "stand-in";
export const PROVIDER_KINDS: ProviderKind[] = ["test", "stand-in"];

/** What the provider's checkout hands back to the page: the report's body, or a decline. */
export type Paid = { paymentId: string; report: string } | { declined: true };

export type ProviderSide = {
  kind: ProviderKind;
  /** What the store's server needs to use this provider. */
  env: Record<string, string>;
  /**
   * The shopper pays in the stand-in's checkout; its webhook is sent at the same moment, as
   * Razorpay's races the browser's report. Undefined for the test provider (paid over HTTP).
   */
  pay?(
    providerOrderId: string,
    payment: Exclude<PaymentKind, "cash">,
    sendWebhook: (body: Buffer, headers: Record<string, string>) => void,
  ): Paid;
  close(): Promise<void>;
};

const SECRETS = {
  keyId: "rzp_test_bench",
  keySecret: "bench-key-secret",
  webhookSecret: "bench-webhook-secret",
};

export async function providerSide(kind: ProviderKind): Promise<ProviderSide> {
  if (kind === "test") {
    return { kind, env: { PAYMENT_PROVIDER: "test" }, close: async () => {} };
  }
  const standIn: RazorpayStandIn = await startRazorpayStandIn(SECRETS);
  return {
    kind,
    env: {
      PAYMENT_PROVIDER: "razorpay",
      RAZORPAY_KEY_ID: SECRETS.keyId,
      RAZORPAY_KEY_SECRET: SECRETS.keySecret,
      RAZORPAY_WEBHOOK_SECRET: SECRETS.webhookSecret,
      RAZORPAY_API_URL: standIn.url,
    },
    pay(providerOrderId, payment, sendWebhook) {
      const answer = standIn.pay(providerOrderId, {
        method: payment === "card" ? "card" : "upi",
        outcome: payment === "upi-declining" ? "failed" : "captured",
      });
      const event = answer.outcome === "captured" ? "payment.captured" : "payment.failed";
      const { body, headers } = standIn.webhook(event, answer.paymentId);
      sendWebhook(body, headers);
      if (answer.outcome === "failed") return { declined: true };
      const { paymentId, signature } = answer;
      return { paymentId, report: JSON.stringify({ paymentId, providerOrderId, signature }) };
    },
    close: () => standIn.close(),
  };
}

/** POSTs a webhook's exact bytes to the store, as the provider does; answers the status (0: lost). */
export function postWebhook(
  agent: http.Agent,
  server: ChildServer,
  body: Buffer,
  headers: Record<string, string>,
): Promise<number> {
  return new Promise((resolve) => {
    const request = http.request(
      {
        agent,
        host: "127.0.0.1",
        port: server.port,
        method: "POST",
        path: WEBHOOK_PATH,
        headers: { ...headers, "content-length": String(body.length) },
        timeout: 30_000,
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.on("error", () => resolve(0));
      },
    );
    request.on("timeout", () => request.destroy(new Error("no answer within 30 s")));
    request.on("error", () => resolve(0));
    request.end(body);
  });
}
