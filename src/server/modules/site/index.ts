export { siteRoutes } from "./site-routes.ts";
export { siteSettings } from "./site-settings.ts";
