import { type SiteSettings, siteSettingsSchema } from "../../../shared/contracts/site.ts";
import type { App } from "../../http/types.ts";

export function siteRoutes(app: App, settings: SiteSettings) {
  app.get(
    "/api/site",
    {
      config: { customer: "anyone" },
      schema: {
        tags: ["site"],
        summary: "Public settings the storefront needs (demo mode, sign-in providers)",
        response: { 200: siteSettingsSchema },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "public, max-age=300");
      return settings;
    },
  );
}
