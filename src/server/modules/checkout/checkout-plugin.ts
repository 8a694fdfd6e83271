import type { FastifyRequest } from "fastify";
import { servesHttps } from "../../http/store-origins.ts";
import type { App } from "../../http/types.ts";
import type { Reader } from "../orders/index.ts";
import type { IntakeDeps, PaymentIntake } from "../payments/index.ts";
import { largeOrderRoutes } from "./large-order-routes.ts";
import { orderAccessKeyRoutes } from "./order-access-key-routes.ts";
import { orderPaymentOwner } from "./order-payment.ts";
import { orderPaymentRoutes } from "./order-payment-routes.ts";
import { type PlaceOrderRouteDeps, placeOrderRoutes } from "./place-order-routes.ts";

type Options = PlaceOrderRouteDeps & {
  log: IntakeDeps["log"];
  intake: PaymentIntake;
  /** Told what came of each payment the browser reports (the metrics). */
  onPayment?: IntakeDeps["onPayment"];
  /** Who a request may read an order as (orders' orderReader). */
  reader: (request: FastifyRequest) => Promise<Reader>;
};

/**
 * Placing and paying for an order: the browser's access key, the order itself, its payment
 * (where a captured payment for an order goes), and the staff's list of large orders.
 */
export async function checkoutPlugin(app: App, options: Options) {
  const { db, gateway, log, confirmationMail, onPayment } = options;
  options.intake.declareOwner(
    "order",
    orderPaymentOwner({ db, gateway, log, onPayment, confirmationMail }),
  );
  orderAccessKeyRoutes(app, { secureCookies: servesHttps(options.config.publicUrl) });
  placeOrderRoutes(app, options);
  orderPaymentRoutes(app, {
    db,
    gateway,
    log,
    confirmationMail,
    onPayment,
    reader: options.reader,
    cashOrdersPerNetwork: options.config.cashOrdersPerNetwork,
  });
  largeOrderRoutes(app, db);
}
