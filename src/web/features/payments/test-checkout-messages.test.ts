// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { checkoutMessageOf } from "./test-checkout-messages.ts";

const frame = {} as Window;
const event = (data: unknown, origin = window.location.origin, source: unknown = frame) =>
  ({ data, origin, source }) as MessageEvent;
const proof = { paymentId: "pay_1", signature: "sig", providerOrderId: "o" };

describe("the test checkout's messages to the store", () => {
  it("are read from the framed checkout of the store's own origin", () => {
    expect(
      checkoutMessageOf(event({ source: "fhh-test-checkout", type: "paid", proof }), frame),
    ).toEqual({
      type: "paid",
      proof,
    });
    expect(
      checkoutMessageOf(
        event({ source: "fhh-test-checkout", type: "failed", reason: "No" }),
        frame,
      ),
    ).toEqual({ type: "failed", reason: "No" });
    expect(
      checkoutMessageOf(event({ source: "fhh-test-checkout", type: "dismissed" }), frame),
    ).toEqual({ type: "dismissed" });
  });

  it("are ignored from another origin, another window, or in another shape", () => {
    const paid = { source: "fhh-test-checkout", type: "paid", proof };
    expect(checkoutMessageOf(event(paid, "https://evil.example"), frame)).toBeUndefined();
    expect(checkoutMessageOf(event(paid, undefined, window), frame)).toBeUndefined();
    expect(checkoutMessageOf(event(paid), null)).toBeUndefined();
    expect(checkoutMessageOf(event({ ...paid, source: "other" }), frame)).toBeUndefined();
    expect(checkoutMessageOf(event({ ...paid, proof: { paymentId: 1 } }), frame)).toBeUndefined();
    expect(checkoutMessageOf(event("paid"), frame)).toBeUndefined();
  });
});
