import type { App } from "../../http/types.ts";
import { isTestGateway } from "./test-gateway.ts";
import { testProviderRoutes } from "./test-provider-routes.ts";
import { paymentWebhookRoutes } from "./webhook-routes.ts";

/** The provider's webhook, and the demo store's own test provider when it runs one. */
export async function paymentsPlugin(
  app: App,
  options: Parameters<typeof paymentWebhookRoutes>[1],
) {
  paymentWebhookRoutes(app, options);
  if (isTestGateway(options.gateway)) testProviderRoutes(app, options.gateway);
}
