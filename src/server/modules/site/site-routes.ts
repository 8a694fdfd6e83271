import { siteSettingsSchema } from "../../../shared/contracts/site.ts";
import {
  offeredBulkPaymentMethods,
  offeredPaymentMethods,
} from "../../../shared/rules/payment-options.ts";
import { DASHBOARDS } from "../../../shared/rules/staff.ts";
import type { Config } from "../../config.ts";
import type { App } from "../../http/types.ts";
import { signInProviders } from "../auth/social-sign-in.ts";
import { STAFF_MEMBERS } from "../staff/staff-members.ts";

/** Published only by a demo store: a real store's members have passwords of their own. */
const DEMO_STAFF_HINT = STAFF_MEMBERS.map((member) => ({
  username: member.username,
  password: member.demoPassword,
  title: DASHBOARDS[member.role].title,
}));

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
        ...(config.demoMode ? { staffHint: DEMO_STAFF_HINT } : {}),
      };
    },
  );
}
