import type { Config } from "../../config.ts";
import type { PaymentGateway } from "./payment-gateway.ts";
import { createRazorpayGateway } from "./razorpay-gateway.ts";
import { createTestGateway, TEST_GATEWAY_NAME } from "./test-gateway.ts";

export const NO_GATEWAY_WARNING =
  "No payment provider is configured (PAYMENT_PROVIDER=none): the store offers cash on delivery only.";

const WEBHOOK_DELAY_MS = 2000;

/** The provider the configuration names, or none (cash on delivery only). */
export function gatewayFor(config: Pick<Config, "payments">): PaymentGateway | undefined {
  const { payments } = config;
  // Razorpay's webhooks come seconds after the checkout's answer, which usually wins; the demo's
  // provider keeps that order, so a webhook mostly finds its payment already taken.
  if (payments.provider === "test") return createTestGateway({ webhookDelayMs: WEBHOOK_DELAY_MS });
  if (payments.provider === "razorpay" && payments.razorpay) {
    return createRazorpayGateway(payments.razorpay);
  }
  return undefined;
}

/**
 * The test provider takes no money and signs with its own secrets: in a real store it would mark
 * orders paid that nobody paid for, so a store with demo mode off does not start with it.
 */
export function refuseTestGatewayInRealStore(
  gateway: PaymentGateway | undefined,
  config: Pick<Config, "demoMode">,
) {
  if (gateway?.name === TEST_GATEWAY_NAME && !config.demoMode) {
    throw new Error(
      "The test payment provider takes no money and is only for demo mode. Configure Razorpay (PAYMENT_PROVIDER=razorpay), or PAYMENT_PROVIDER=none to offer cash on delivery only.",
    );
  }
}
