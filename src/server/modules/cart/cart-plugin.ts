import type { App } from "../../http/types.ts";
import { cartRoutes } from "./cart-routes.ts";

/** The signed-in customer's cart. */
export async function cartPlugin(app: App, options: Parameters<typeof cartRoutes>[1]) {
  cartRoutes(app, options);
}
