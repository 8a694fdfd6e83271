export { cartRoutes } from "./cart-routes.ts";
export { cartPersonalData } from "./personal-data.ts";
