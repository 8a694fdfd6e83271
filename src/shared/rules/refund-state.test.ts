import { describe, expect, it } from "vitest";
import { REFUND_STATE_LABELS, refundStateOf } from "./refund-state.ts";

describe("a refund as staff read it", () => {
  it("tells a refund the provider refused and is asked again from one not yet asked", () => {
    expect(refundStateOf({ state: "pending", lastError: null })).toBe("pending");
    expect(refundStateOf({ state: "pending", lastError: "provider unavailable" })).toBe("retrying");
    // Being asked now, or taken and awaiting the provider's word: on its way.
    expect(refundStateOf({ state: "sending", lastError: "provider unavailable" })).toBe("pending");
    expect(refundStateOf({ state: "sent", lastError: null })).toBe("pending");
  });

  it("says when a person has to pay it back, and when the money is back", () => {
    expect(refundStateOf({ state: "failed", lastError: "Refused by the payment provider" })).toBe(
      "failed",
    );
    expect(refundStateOf({ state: "done", lastError: null })).toBe("done");
    expect(REFUND_STATE_LABELS[refundStateOf({ state: "failed", lastError: null })]).toBe(
      "Failed: pay back by hand",
    );
  });
});
