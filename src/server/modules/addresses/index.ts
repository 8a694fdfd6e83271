export { keepCheckoutAddress } from "./address-book.ts";
export { addressesPlugin } from "./addresses-plugin.ts";
export { addressesPersonalData } from "./personal-data.ts";
