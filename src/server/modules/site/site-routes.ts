import { siteSettingsSchema } from "../../../shared/contracts/site.ts";
import {
  offeredBulkPaymentMethods,
  offeredPaymentMethods,
} from "../../../shared/rules/payment-options.ts";
import type { Config } from "../../config.ts";
import type { App } from "../../http/types.ts";
import { signInProviders } from "../auth/social-sign-in.ts";

export function siteRoutes(app: App, config: Config, payments: { online: boolean }) {
  app.get(
    "/api/site",
    {
      schema: {
        tags: ["site"],
        summary: "Public settings the storefront needs (demo mode, sign-in providers)",
        response: { 200: siteSettingsSchema },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "public, max-age=300");
      return {
        demoMode: config.demoMode,
        serviceablePincodes: config.serviceablePincodes,
        signInProviders: signInProviders(config.socialSignIn),
        paymentMethods: offeredPaymentMethods(payments.online),
        bulkPaymentMethods: offeredBulkPaymentMethods(payments.online),
      };
    },
  );
}
