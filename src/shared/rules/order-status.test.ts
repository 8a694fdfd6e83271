import { describe, expect, it } from "vitest";
import { PAYMENT_STATUSES, paymentRecordLabel } from "./order-status.ts";

describe("a payment record's state in words", () => {
  it("reads every state a payment record can hold, never its code", () => {
    expect(PAYMENT_STATUSES.map(paymentRecordLabel)).toEqual([
      "Payment pending",
      "Paid",
      "Payment failed",
      "Refunded",
    ]);
    expect(paymentRecordLabel("cancelled")).toBe("Cancelled");
    expect(paymentRecordLabel("out_for_delivery")).toBe("Unknown");
  });
});
