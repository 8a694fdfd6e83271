export { healthPlugin } from "./health-plugin.ts";
export { createReadiness } from "./readiness.ts";
