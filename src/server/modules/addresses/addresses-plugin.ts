import type { App } from "../../http/types.ts";
import { addressesRoutes } from "./addresses-routes.ts";

/** The signed-in customer's address book. */
export async function addressesPlugin(app: App, options: Parameters<typeof addressesRoutes>[1]) {
  addressesRoutes(app, options);
}
