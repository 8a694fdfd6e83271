// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { type CheckoutSession, paymentReportSchema } from "../../../shared/contracts/payments.ts";
import { openProviderCheckout } from "./open-provider-checkout.ts";

const session: CheckoutSession = {
  provider: "razorpay",
  params: { keyId: "rzp_test_adapter", scriptUrl: "https://checkout.razorpay.com/v1/checkout.js" },
  providerOrderId: "order_Adapter0001",
  amountPaise: 12_345,
  currency: "INR",
  description: "FHH-20260101-0001",
  method: "upi",
  prefill: { name: "Asha Rao", email: "asha@example.com", contact: "+919876543210" },
  payBy: "2026-01-01T10:00:00.000Z",
};

/** Razorpay Checkout as checkout.js puts it on the window: it answers in Razorpay's names. */
function fakeRazorpay(answer: Record<string, string>) {
  const opened: Record<string, unknown>[] = [];
  window.Razorpay = class {
    constructor(private readonly options: { handler(response: unknown): void }) {
      opened.push(options as unknown as Record<string, unknown>);
    }
    on() {}
    open() {
      this.options.handler(answer);
    }
  } as unknown as typeof window.Razorpay;
  return opened;
}

afterEach(() => {
  delete window.Razorpay;
});

describe("the browser's Razorpay adapter", () => {
  it("opens Razorpay with the gateway's parameters and reports its answer in the store's words", async () => {
    const opened = fakeRazorpay({
      razorpay_payment_id: "pay_Adapter0001",
      razorpay_order_id: "order_Adapter0001",
      razorpay_signature: "a".repeat(64),
    });
    const outcome = await openProviderCheckout(session);
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({
      key: "rzp_test_adapter",
      order_id: "order_Adapter0001",
      amount: 12_345,
      prefill: { method: "upi", email: "asha@example.com" },
    });
    expect(outcome).toEqual({
      outcome: "paid",
      proof: {
        paymentId: "pay_Adapter0001",
        providerOrderId: "order_Adapter0001",
        signature: "a".repeat(64),
      },
    });
    // What the store's payment routes take, and nothing they would refuse.
    if (outcome.outcome !== "paid") throw new Error("not paid");
    expect(paymentReportSchema.safeParse(outcome.proof).success).toBe(true);
  });

  it("does not open a checkout whose parameters are missing", async () => {
    const opened = fakeRazorpay({});
    const outcome = await openProviderCheckout({ ...session, params: { keyId: "rzp_test_x" } });
    expect(outcome).toMatchObject({ outcome: "failed" });
    expect(opened).toHaveLength(0);
  });

  it("fails a provider the browser has no adapter for, rather than guessing one", async () => {
    const opened = fakeRazorpay({});
    const outcome = await openProviderCheckout({ ...session, provider: "toString" });
    expect(outcome).toMatchObject({ outcome: "failed" });
    expect(opened).toHaveLength(0);
  });
});
