export { housekeepingPlugin } from "./housekeeping-plugin.ts";
