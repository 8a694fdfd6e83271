import type { FastifyRequest } from "fastify";
import { type Delivery, placeOrderSchema } from "../../../shared/contracts/checkout.ts";
import { errorBodySchema } from "../../../shared/contracts/errors.ts";
import { orderViewSchema } from "../../../shared/contracts/orders.ts";
import { checkoutSessionSchema } from "../../../shared/contracts/payments.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { checkoutBrowserKey, ensureBrowserKeyHash } from "../../http/browser-key.ts";
import { rateLimitKey } from "../../http/client-address.ts";
import { idempotencyHeaders } from "../../http/idempotency-header.ts";
import type { Lanes } from "../../http/lanes.ts";
import { requestLocale } from "../../http/request-locale.ts";
import { servesHttps } from "../../http/store-origins.ts";
import type { App } from "../../http/types.ts";
import type { RecipientLimit } from "../mail/index.ts";
import type { PaymentGateway, PaymentHold } from "../payments/index.ts";
import { cashNetworkOf } from "./cash-network.ts";
import { countedOrder } from "./order-metrics.ts";
import { type CheckoutDeps, placeOrder } from "./place-order.ts";

const errors = { 400: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema };

export type PlaceOrderRouteDeps = {
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
  /** Saves a placed order's delivery address to the customer's account (checkout's tick). */
  keepAddress?: (customerId: string, delivery: Delivery) => Promise<unknown>;
  /** Signs the placing browser's key (order-link.ts's key). */
  orderLinkKey: string;
};

/** Placing an order: POST /api/orders, run once per Idempotency-Key. */
export function placeOrderRoutes(app: App, deps: PlaceOrderRouteDeps) {
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
        deps.lanes.run(reply, async () => {
          // Counted in the statement that claims the key, when that claim starts the work.
          const mailCount = await deps.recipientLimit.inStatement(
            request,
            reply,
            request.body.contact.email,
          );
          return placeOrder(
            {
              db,
              gateway: deps.gateway,
              serviceablePincodes: config.serviceablePincodes,
              confirmationMail: deps.confirmationMail,
              hold: deps.hold,
              countWithClaim: mailCount.query,
              beforeWork: (counted) => mailCount.settle(counted),
            },
            request.body,
            idempotencyKey,
            {
              browserKeyHash,
              customerId,
              network: cashNetworkOf(request.ip, config.cashOrdersPerNetwork),
              locale: requestLocale(request),
            },
          );
        }),
      );
      if (result.status === 201) {
        if (request.body.saveAddress) await keepAddress(request, request.body.delivery);
      }
      return reply.code(result.status).send(result.body as never);
    },
  );
}
