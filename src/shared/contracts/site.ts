import { z } from "zod";

/** Settings the storefront needs before it can render some of its texts. */
export const siteSettingsSchema = z.object({
  demoMode: z.boolean(),
  /** PIN codes the store delivers to, so checkout can say so before any payment. */
  serviceablePincodes: z.array(z.string()),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
