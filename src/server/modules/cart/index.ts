export { cartPlugin } from "./cart-plugin.ts";
