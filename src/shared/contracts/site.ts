import { z } from "zod";
import { BULK_PAYMENT_METHODS } from "./bulk-orders.ts";
import { PAYMENT_METHODS } from "./checkout.ts";

/** Outside accounts a shopper may sign in with. `oidc` is whichever provider the store names. */
export const signInProviderSchema = z.object({
  id: z.enum(["google", "facebook", "oidc"]),
  /** What the button says: "Continue with {name}". */
  name: z.string(),
});
export type SignInProvider = z.infer<typeof signInProviderSchema>;

/** Settings the storefront needs before it can render some of its texts. */
export const siteSettingsSchema = z.object({
  demoMode: z.boolean(),
  /** PIN codes the store delivers to, so checkout can say so before any payment. */
  serviceablePincodes: z.array(z.string()),
  /** Only the providers configured on this store; the others' buttons say they are not available. */
  signInProviders: z.array(signInProviderSchema),
  /** The methods checkout offers: cash on delivery only when the store has no payment provider. */
  paymentMethods: z.array(z.enum(PAYMENT_METHODS)),
  /** The same for a bulk order's advance. */
  bulkPaymentMethods: z.array(z.enum(BULK_PAYMENT_METHODS)),
  /** Demo mode only: the staff's published demo sign-ins, for the /admin hint. */
  staffHint: z
    .array(z.object({ username: z.string(), password: z.string(), title: z.string() }))
    .optional(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
