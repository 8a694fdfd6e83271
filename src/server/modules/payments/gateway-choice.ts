import type { Config } from "../../config.ts";
import type { PaymentGateway } from "./payment-gateway.ts";
import { TEST_GATEWAY_NAME } from "./test-gateway.ts";

export const NO_GATEWAY_WARNING =
  "No payment provider is configured: the store offers cash on delivery only.";

/**
 * The test gateway approves any Luhn-valid card: in a real store that would mark orders paid
 * that nobody paid for, so a store with demo mode off does not start with it.
 */
export function refuseTestGatewayInRealStore(
  gateway: PaymentGateway | undefined,
  config: Pick<Config, "demoMode">,
) {
  if (gateway?.name === TEST_GATEWAY_NAME && !config.demoMode) {
    throw new Error(
      "The test payment gateway approves any valid card number and is only for demo mode. Configure a real payment provider, or leave the gateway out to offer cash on delivery only.",
    );
  }
}
