export { cartPlugin } from "./cart-plugin.ts";
export { cartPersonalData } from "./personal-data.ts";
