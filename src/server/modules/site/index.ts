export { sitePlugin } from "./site-plugin.ts";
export { siteSettings } from "./site-settings.ts";
