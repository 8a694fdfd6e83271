import { z } from "zod";

/** Settings the storefront needs before it can render some of its texts. */
export const siteSettingsSchema = z.object({ demoMode: z.boolean() });
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
