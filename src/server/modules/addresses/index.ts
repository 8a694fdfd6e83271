export { keepCheckoutAddress } from "./address-book.ts";
export { addressesRoutes } from "./addresses-routes.ts";
