export { healthRoutes } from "./health-routes.ts";
export { createReadiness } from "./readiness.ts";
