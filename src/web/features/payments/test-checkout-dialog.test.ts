import { describe, expect, it } from "vitest";
import type { CheckoutSession } from "../../../shared/contracts/payments.ts";
import { testCheckoutUrl } from "./test-checkout-dialog.tsx";

const session: CheckoutSession = {
  provider: "test",
  params: { pagePath: "/test-checkout" },
  providerOrderId: "order_test_1",
  amountPaise: 12_900,
  currency: "INR",
  description: "FHH-20260101-0001",
  method: "upi",
  upiApp: "gpay",
  prefill: { name: "Asha Rao", email: "asha@example.com", contact: "+919876543210" },
  payBy: "2026-01-01T10:00:00.000Z",
};

describe("the test provider's payment window", () => {
  it("opens in the language of the page that asks for the payment, English unprefixed", () => {
    expect(testCheckoutUrl(session, "en")).toBe(
      "/test-checkout/order_test_1?method=upi&upiApp=gpay",
    );
    expect(testCheckoutUrl(session, "or")).toBe(
      "/or/test-checkout/order_test_1?method=upi&upiApp=gpay",
    );
    expect(testCheckoutUrl({ ...session, upiApp: undefined, method: "card" }, "hi")).toBe(
      "/hi/test-checkout/order_test_1?method=card",
    );
  });
});
