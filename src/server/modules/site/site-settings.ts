import type { SiteSettings } from "../../../shared/contracts/site.ts";
import {
  offeredBulkPaymentMethods,
  offeredPaymentMethods,
} from "../../../shared/rules/payment-options.ts";
import { DASHBOARDS } from "../../../shared/rules/staff.ts";
import type { Config } from "../../config.ts";
import { signInProviders } from "../auth/index.ts";
import { STAFF_MEMBERS } from "../staff/index.ts";

/** Published only by a demo store: a real store's members have passwords of their own. */
const DEMO_STAFF_HINT = STAFF_MEMBERS.map((member) => ({
  username: member.username,
  password: member.demoPassword,
  title: DASHBOARDS[member.role].title,
}));

/**
 * What `/api/site` answers. It changes only with the store's configuration, so the pages the
 * server draws carry it too, and a browser does not ask for it on the way in.
 */
export function siteSettings(config: Config, payments: { online: boolean }): SiteSettings {
  return {
    demoMode: config.demoMode,
    serviceablePincodes: config.serviceablePincodes,
    signInProviders: signInProviders(config.socialSignIn),
    paymentMethods: offeredPaymentMethods(payments.online),
    bulkPaymentMethods: offeredBulkPaymentMethods(payments.online),
    ...(config.demoMode ? { staffHint: DEMO_STAFF_HINT } : {}),
  };
}
