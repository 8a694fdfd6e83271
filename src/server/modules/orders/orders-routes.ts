import type { FastifyRequest } from "fastify";
import { z } from "zod";
import {
  buyAgainSchema,
  USUAL_PRODUCTS_PATH,
  usualProductsSchema,
} from "../../../shared/contracts/buy-again.ts";
import { type Delivery, placeOrderSchema } from "../../../shared/contracts/checkout.ts";
import { errorBodySchema } from "../../../shared/contracts/errors.ts";
import {
  myOrdersSchema,
  orderNumberParamsSchema,
  orderViewSchema,
  ratingInputSchema,
} from "../../../shared/contracts/orders.ts";
import { checkoutSessionSchema } from "../../../shared/contracts/payments.ts";
import { FULFILMENT_MESSAGES } from "../../../shared/rules/order-fulfilment.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../http/app-error.ts";
import {
  checkoutBrowserKey,
  ensureBrowserKeyHash,
  orderLinksCookie,
  readBrowserKeyHash,
} from "../../http/browser-key.ts";
import { rateLimitKey } from "../../http/client-address.ts";
import { idempotencyHeaders } from "../../http/idempotency-header.ts";
import type { Lanes } from "../../http/lanes.ts";
import { servesHttps } from "../../http/store-origins.ts";
import type { App } from "../../http/types.ts";
import { signedInCustomerOf } from "../auth/index.ts";
import {
  type CheckoutDeps,
  cashNetworkOf,
  countedOrder,
  orderAccessKeyRoutes,
  orderPaymentRoutes,
  placeOrder,
} from "../checkout/index.ts";
import {
  creditNoteHtml,
  invoiceHtml,
  noteParamsSchema,
  readCreditNote,
  sendDocument,
} from "../fulfilment/index.ts";
import { creditNoteFileName } from "../invoices/index.ts";
import type { StaffEvents } from "../live/index.ts";
import type { RecipientLimit } from "../mail/index.ts";
import type { IntakeDeps, PaymentGateway, PaymentHold } from "../payments/index.ts";
import { readBuyAgain } from "./buy-again.ts";
import { listCustomerOrders } from "./my-orders.ts";
import { findOwnOrder } from "./order-access.ts";
import { linkedOrdersOf } from "./order-link.ts";
import { orderLinkRoutes } from "./order-link-routes.ts";
import { orderTrackingRoutes } from "./order-tracking-routes.ts";
import { loadOrderView } from "./order-view.ts";
import { rateOrder } from "./rate-order.ts";
import { readUsualProducts } from "./usual-products.ts";

const errors = { 400: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema };

export function ordersRoutes(
  app: App,
  deps: {
    db: Database;
    gateway: PaymentGateway | undefined;
    /** Limits the confirmations one address receives. */
    recipientLimit: RecipientLimit;
    config: Config;
    confirmationMail?: CheckoutDeps["confirmationMail"];
    /** The signed-in customer's id, or null for a guest. */
    currentCustomer?: (request: FastifyRequest) => Promise<string | null>;
    /** How many checkouts work at once; the rest wait their turn. */
    lanes: Lanes;
    hold: PaymentHold;
    /** Told what came of each payment the browser reports (the metrics). */
    onPayment?: IntakeDeps["onPayment"];
    /** The store's notices of changes, for each order's live page. */
    events: StaffEvents;
    /** Saves a placed order's delivery address to the customer's account (checkout's tick). */
    keepAddress?: (customerId: string, delivery: Delivery) => Promise<unknown>;
    /** Signs and checks the links in order emails (order-link.ts). */
    orderLinkKey: string;
  },
) {
  const { db, config } = deps;
  const secureCookies = servesHttps(config.publicUrl);
  const customer = (request: FastifyRequest) =>
    deps.currentCustomer ? deps.currentCustomer(request) : Promise.resolve(null);
  // After the order is placed, and never at its cost: a failure to save is logged, not answered.
  const keepAddress = async (request: FastifyRequest, delivery: Delivery) => {
    const customerId = await customer(request);
    if (!customerId || !deps.keepAddress) return;
    try {
      await deps.keepAddress(customerId, delivery);
    } catch (error) {
      request.log.warn({ err: error }, "a checkout address was not saved to the account");
    }
  };
  const reader = async (request: FastifyRequest) => ({
    browserKeyHash: readBrowserKeyHash(request, secureCookies),
    customerId: await customer(request),
    linkedOrders: linkedOrdersOf(
      deps.orderLinkKey,
      request.cookies[orderLinksCookie(secureCookies)],
    ),
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

  app.post(
    "/api/orders",
    {
      config: { customer: "anyone", rateLimit: { max: 30, timeWindow: 60 * 1000 } },
      schema: {
        tags: ["orders"],
        summary: "Place an order: product ids and quantities, contact, delivery and payment",
        description:
          "Prices come from the catalogue, never from the request. Send a new random Idempotency-Key per attempt; the same key again, from the browser (its fhh_browser cookie, from POST /api/orders/access-key) or signed-in customer that sent it, returns the first answer; from anyone else it is a 422.",
        headers: idempotencyHeaders,
        body: placeOrderSchema,
        response: {
          201: orderViewSchema.extend({ checkout: checkoutSessionSchema.optional() }),
          409: errorBodySchema,
          422: errorBodySchema,
          503: errorBodySchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const customerId = await customer(request);
      const idempotencyKey = request.headers["idempotency-key"];
      const browserKeyHash = ensureBrowserKeyHash(
        request,
        reply,
        secureCookies,
        customerId
          ? undefined
          : () => checkoutBrowserKey(deps.orderLinkKey, idempotencyKey, rateLimitKey(request.ip)),
      );
      const result = await countedOrder(app.metrics, () =>
        deps.lanes.run(reply, async () =>
          placeOrder(
            {
              db,
              gateway: deps.gateway,
              serviceablePincodes: config.serviceablePincodes,
              confirmationMail: deps.confirmationMail,
              hold: deps.hold,
              beforeWork: () =>
                deps.recipientLimit.check(request, reply, request.body.contact.email),
            },
            request.body,
            idempotencyKey,
            {
              browserKeyHash,
              customerId,
              network: cashNetworkOf(request.ip, config.cashOrdersPerNetwork),
            },
          ),
        ),
      );
      if (result.status === 201) {
        if (request.body.saveAddress) await keepAddress(request, request.body.delivery);
      }
      return reply.code(result.status).send(result.body as never);
    },
  );

  orderAccessKeyRoutes(app, { secureCookies });
  orderPaymentRoutes(app, {
    db,
    gateway: deps.gateway,
    log: app.log,
    confirmationMail: deps.confirmationMail,
    onPayment: deps.onPayment,
    reader,
    cashOrdersPerNetwork: config.cashOrdersPerNetwork,
  });

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

  app.get(
    "/api/orders/:orderNumber/invoice",
    {
      config: { customer: "anyone", private: true },
      schema: {
        tags: ["orders"],
        summary: "The order's GST invoice as an HTML file",
        params: orderNumberParamsSchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const order = await findOwnOrder(db, request.params.orderNumber, await reader(request));
      const { fileName, html } = await invoiceHtml(db, order, config.seller);
      return sendDocument(reply, fileName, html);
    },
  );

  app.get(
    "/api/orders/:orderNumber/credit-notes/:noteId",
    {
      config: { customer: "anyone", private: true },
      schema: {
        tags: ["orders"],
        summary: "A credit note of the order as an HTML file (number with dashes)",
        params: noteParamsSchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const order = await findOwnOrder(db, request.params.orderNumber, await reader(request));
      const note = await readCreditNote(db, order.id, request.params.noteId);
      if (!note) throw new AppError("NOT_FOUND", FULFILMENT_MESSAGES.noCreditNote);
      const html = await creditNoteHtml(db, order, note, config.seller);
      return sendDocument(reply, creditNoteFileName(note.number), html);
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
