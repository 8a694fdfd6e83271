export { bulkLinkKeyFrom, confirmationLink } from "./bulk-order-link.ts";
export { bulkOrderRoutes } from "./bulk-order-routes.ts";
export { bulkPipelineRoutes } from "./bulk-pipeline-routes.ts";
export { advanceOwner } from "./pay-advance.ts";
export { bulkOrdersPersonalData } from "./personal-data.ts";
