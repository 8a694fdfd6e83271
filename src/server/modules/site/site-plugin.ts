import type { App } from "../../http/types.ts";
import { siteRoutes } from "./site-routes.ts";
import type { siteSettings } from "./site-settings.ts";

/** What every page needs to know about the store (its settings). */
export async function sitePlugin(app: App, options: { site: ReturnType<typeof siteSettings> }) {
  siteRoutes(app, options.site);
}
