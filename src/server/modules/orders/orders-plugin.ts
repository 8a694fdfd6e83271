import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Database } from "../../db/client.ts";
import { servesHttps } from "../../http/store-origins.ts";
import type { App } from "../../http/types.ts";
import type { Reader } from "./order-access.ts";
import { orderLinkKeyFrom } from "./order-link.ts";
import { orderReader } from "./order-reader.ts";
import { ordersRoutes } from "./orders-routes.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Who may read which order, for the modules that answer about one (checkout, fulfilment). */
    orders: {
      /** Who a request may read an order as: its customer, its browser, its email links. */
      reader: (request: FastifyRequest) => Promise<Reader>;
      /** Signs and checks the links in order emails (order-link.ts). */
      linkKey: string;
    };
  }
}

type Options = {
  db: Database;
  publicUrl: string;
  /** The store's secret, from which the order links' key is derived. */
  secret: string;
};

/** Reading one's orders: list, page, tracking, email links, buy again, usual products, rating. */
export const ordersPlugin = fp(
  async (app: App, { db, publicUrl, secret }: Options) => {
    const linkKey = orderLinkKeyFrom(secret);
    const currentCustomer = app.customers.current;
    app.decorate("orders", {
      reader: orderReader({
        secureCookies: servesHttps(publicUrl),
        orderLinkKey: linkKey,
        currentCustomer,
      }),
      linkKey,
    });
    await app.register(async (routes: App) =>
      ordersRoutes(routes, {
        db,
        publicUrl,
        currentCustomer,
        events: app.live,
        orderLinkKey: linkKey,
      }),
    );
  },
  { name: "orders", dependencies: ["auth", "live"] },
);
