import fp from "fastify-plugin";
import type { Config } from "../../config.ts";
import type { Database, DatabaseHandle } from "../../db/client.ts";
import { servesHttps } from "../../http/store-origins.ts";
import type { App } from "../../http/types.ts";
import { keepCheckoutAddress } from "../addresses/index.ts";
import { paymentHold } from "../payments/index.ts";
import { checkoutLanes } from "./checkout-lanes.ts";
import { largeOrderRoutes } from "./large-order-routes.ts";
import { orderAccessKeyRoutes } from "./order-access-key-routes.ts";
import { confirmationMailFor } from "./order-confirmation-mail.ts";
import { orderPaymentOwner } from "./order-payment.ts";
import { orderPaymentRoutes } from "./order-payment-routes.ts";
import { placeOrderRoutes } from "./place-order-routes.ts";
import { createUnpaidOrderSweep } from "./unpaid-orders.ts";

type Options = {
  db: Database;
  config: Config;
  /** Which database the store runs on: how many checkouts may work at once depends on it. */
  databaseKind: DatabaseHandle["kind"];
};

/**
 * Placing and paying for an order: the browser's access key, the order itself, its payment
 * (where a captured payment for an order goes), the staff's list of large orders, and the sweep
 * of online orders unpaid past their hold (`app.unpaidOrders`; main.ts starts it).
 */
export const checkoutPlugin = fp(
  async (app: App, { db, config, databaseKind }: Options) => {
    const gateway = app.paymentGateway;
    const log = app.log;
    const confirmationMail = confirmationMailFor(config, app.orders.linkKey);
    const onPayment = (outcome: string) => app.metrics.payments.inc({ outcome });
    app.payments.declareOwner(
      "order",
      orderPaymentOwner({ db, gateway, log, onPayment, confirmationMail }),
    );
    const unpaidOrders = createUnpaidOrderSweep({ db, log });
    app.decorate("unpaidOrders", unpaidOrders);
    app.addHook("onClose", () => unpaidOrders.stop());
    await app.register(async (routes: App) => {
      orderAccessKeyRoutes(routes, { secureCookies: servesHttps(config.publicUrl) });
      placeOrderRoutes(routes, {
        db,
        gateway,
        config,
        hold: paymentHold(config.payments.holdMinutes),
        confirmationMail,
        recipientLimit: app.recipientLimit,
        currentCustomer: app.customers.current,
        keepAddress: (customerId, delivery) => keepCheckoutAddress(db, customerId, delivery),
        orderLinkKey: app.orders.linkKey,
        lanes: checkoutLanes(config.checkoutLanes, databaseKind),
      });
      orderPaymentRoutes(routes, {
        db,
        gateway,
        log,
        confirmationMail,
        onPayment,
        reader: app.orders.reader,
        cashOrdersPerNetwork: config.cashOrdersPerNetwork,
      });
      largeOrderRoutes(routes, db);
    });
  },
  {
    name: "checkout",
    dependencies: ["auth", "mail", "orders", "payments"],
    decorators: { fastify: ["metrics"] },
  },
);
