export { keepCheckoutAddress } from "./address-book.ts";
export { addressesRoutes } from "./addresses-routes.ts";
export { addressesPersonalData } from "./personal-data.ts";
