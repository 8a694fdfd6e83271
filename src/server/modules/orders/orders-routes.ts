import type { FastifyRequest } from "fastify";
import { z } from "zod";
import {
  buyAgainSchema,
  USUAL_PRODUCTS_PATH,
  usualProductsSchema,
} from "../../../shared/contracts/buy-again.ts";
import { errorBodySchema } from "../../../shared/contracts/errors.ts";
import {
  myOrdersSchema,
  orderNumberParamsSchema,
  orderViewSchema,
  ratingInputSchema,
} from "../../../shared/contracts/orders.ts";
import type { Database } from "../../db/client.ts";
import { servesHttps } from "../../http/store-origins.ts";
import type { App } from "../../http/types.ts";
import { signedInCustomerOf } from "../auth/index.ts";
import type { StaffEvents } from "../live/index.ts";
import { readBuyAgain } from "./buy-again.ts";
import { listCustomerOrders } from "./my-orders.ts";
import { findOwnOrder } from "./order-access.ts";
import { orderLinkRoutes } from "./order-link-routes.ts";
import { orderReader } from "./order-reader.ts";
import { orderTrackingRoutes } from "./order-tracking-routes.ts";
import { loadOrderView } from "./order-view.ts";
import { rateOrder } from "./rate-order.ts";
import { readUsualProducts } from "./usual-products.ts";

const errors = { 400: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema };

/**
 * Reading one's orders: the list, one order, its tracking and live page, the links from its
 * emails, buy again, usual products and the rating. Placing and paying are checkout's routes,
 * an order's documents fulfilment's.
 */
export function ordersRoutes(
  app: App,
  deps: {
    db: Database;
    publicUrl: string;
    /** The signed-in customer's id, or null for a guest. */
    currentCustomer?: (request: FastifyRequest) => Promise<string | null>;
    /** The store's notices of changes, for each order's live page. */
    events: StaffEvents;
    /** Signs and checks the links in order emails (order-link.ts). */
    orderLinkKey: string;
  },
) {
  const { db } = deps;
  const secureCookies = servesHttps(deps.publicUrl);
  const reader = orderReader({
    secureCookies,
    orderLinkKey: deps.orderLinkKey,
    currentCustomer: deps.currentCustomer,
  });

  app.get(
    "/api/orders",
    {
      config: { customer: { signedIn: "orders" }, private: true },
      schema: {
        tags: ["orders"],
        summary: "The signed-in customer's orders, newest first",
        response: { 200: myOrdersSchema, 401: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const customerId = signedInCustomerOf(request);
      return { orders: await listCustomerOrders(db, customerId) };
    },
  );

  app.get(
    USUAL_PRODUCTS_PATH,
    {
      config: { customer: { signedIn: "usualProducts" }, private: true },
      schema: {
        tags: ["orders"],
        summary: 'The products the signed-in customer buys most often (the shop\'s "Your usual")',
        response: { 200: usualProductsSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const customerId = signedInCustomerOf(request);
      return { products: await readUsualProducts(db, customerId) };
    },
  );

  app.get(
    "/api/orders/:orderNumber",
    {
      config: { private: true, customer: "anyone" },
      schema: {
        tags: ["orders"],
        summary: "An order placed from this browser",
        params: orderNumberParamsSchema,
        response: { 200: orderViewSchema, ...errors },
      },
    },
    async (request) => {
      const order = await findOwnOrder(db, request.params.orderNumber, await reader(request));
      return loadOrderView(db, order);
    },
  );

  orderTrackingRoutes(app, { db, events: deps.events, reader });
  orderLinkRoutes(app, { key: deps.orderLinkKey, secureCookies });

  app.get(
    "/api/orders/:orderNumber/buy-again",
    {
      config: { private: true, customer: "anyone" },
      schema: {
        tags: ["orders"],
        summary: "An order's products with today's price and stock, to put them in the cart again",
        params: orderNumberParamsSchema,
        response: { 200: buyAgainSchema, ...errors },
      },
    },
    async (request) => {
      const order = await findOwnOrder(db, request.params.orderNumber, await reader(request));
      return readBuyAgain(db, order.id);
    },
  );

  app.post(
    "/api/orders/:orderNumber/rating",
    {
      config: { customer: "anyone", rateLimit: { max: 20, timeWindow: 60 * 1000 } },
      schema: {
        tags: ["orders"],
        summary: "Rate the shopping experience of an order (1-5 stars)",
        params: orderNumberParamsSchema,
        body: ratingInputSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await rateOrder(db, request.params.orderNumber, await reader(request), request.body.rating);
      return reply.code(204).send(null);
    },
  );
}
