import type { App } from "../../http/types.ts";
import { ordersRoutes } from "./orders-routes.ts";

/** Reading one's orders: list, page, tracking, email links, buy again, usual products, rating. */
export async function ordersPlugin(app: App, options: Parameters<typeof ordersRoutes>[1]) {
  ordersRoutes(app, options);
}
