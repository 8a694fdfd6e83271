import fp from "fastify-plugin";
import type { Database } from "../../db/client.ts";
import type { App } from "../../http/types.ts";
import { NO_GATEWAY_WARNING } from "./gateway-choice.ts";
import type { PaymentGateway } from "./payment-gateway.ts";
import { createPaymentIntake, type IntakeOutcome, type PaymentIntake } from "./payment-intake.ts";
import { createRefundWorker } from "./refunds.ts";
import { isTestGateway } from "./test-gateway.ts";
import { testProviderRoutes } from "./test-provider-routes.ts";
import { paymentWebhookRoutes, WEBHOOK_PATH } from "./webhook-routes.ts";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Where every captured payment goes, whoever reports it first (the browser or the provider's
     * webhook): each module that sells something declares its owner here.
     */
    payments: PaymentIntake;
  }
}

type Options = {
  db: Database;
  /** The store's provider; undefined: cash on delivery only. */
  gateway: PaymentGateway | undefined;
  /**
   * The demo store's own test provider tells the store as the provider's servers would: by
   * webhook, to this app. Off where a test drives the webhooks itself.
   */
  testWebhooksToSelf: boolean;
};

/**
 * Online payments: the provider (`app.paymentGateway`), the intake (`app.payments`), refunds the
 * provider did not take at once (`app.refunds`; main.ts starts the retries), the provider's
 * webhook, and the demo store's test provider when it runs one.
 */
export const paymentsPlugin = fp(
  async (app: App, { db, gateway, testWebhooksToSelf }: Options) => {
    const onPayment = (outcome: IntakeOutcome | "failed") => app.metrics.payments.inc({ outcome });
    const intake = createPaymentIntake({ db, gateway, log: app.log, onPayment });
    if (!gateway) app.log.warn(NO_GATEWAY_WARNING);
    app.decorate("paymentGateway", gateway);
    app.decorate("payments", intake);
    const refunds = createRefundWorker({ db, gateway, log: app.log });
    app.decorate("refunds", refunds);
    app.addHook("onClose", () => refunds.stop());
    if (isTestGateway(gateway) && testWebhooksToSelf) {
      gateway.deliver = (hook) =>
        app.inject({
          method: "POST",
          url: WEBHOOK_PATH,
          headers: hook.headers,
          payload: hook.body,
        });
    }
    await app.register(async (routes: App) => {
      paymentWebhookRoutes(routes, { db, gateway, intake });
      if (isTestGateway(gateway)) testProviderRoutes(routes, gateway);
    });
  },
  { name: "payments", decorators: { fastify: ["metrics"] } },
);
