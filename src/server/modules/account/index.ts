export { accountDeletionRoutes } from "./account-deletion-routes.ts";
export { accountRoutes } from "./account-routes.ts";
