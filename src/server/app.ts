import type { FastifyServerOptions } from "fastify";
import type { Config } from "./config.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { registerApiDocs } from "./http/api-docs.ts";
import { createHttpApp } from "./http/http-app.ts";
import type { LogStream } from "./http/log-options.ts";
import { registerSpa } from "./http/spa.ts";
import { accountPlugin } from "./modules/account/index.ts";
import { addressesPlugin } from "./modules/addresses/index.ts";
import { alertsPlugin } from "./modules/alerts/index.ts";
import { authPlugin, passwordChangedMail, resolveAuthSecret } from "./modules/auth/index.ts";
import { backupPlugin } from "./modules/backup/index.ts";
import {
  bulkLinkKeyFrom,
  bulkOrdersPlugin,
  eventOrderStepsFor,
} from "./modules/bulk-orders/index.ts";
import { cartPlugin } from "./modules/cart/index.ts";
import { checkoutPlugin } from "./modules/checkout/index.ts";
import { countLateOrders, fulfilmentPlugin, statusMailsFor } from "./modules/fulfilment/index.ts";
import { healthPlugin } from "./modules/health/index.ts";
import { housekeepingPlugin } from "./modules/housekeeping/index.ts";
import { instancePlugin } from "./modules/idempotency/index.ts";
import { createCatalogueService, inventoryPlugin } from "./modules/inventory/index.ts";
import { livePlugin } from "./modules/live/index.ts";
import { enqueueMail, mailPlugin } from "./modules/mail/index.ts";
import { ordersPlugin } from "./modules/orders/index.ts";
import {
  gatewayFor,
  type PaymentGateway,
  paymentHold,
  paymentsPlugin,
  refuseTestGatewayInRealStore,
} from "./modules/payments/index.ts";
import { sitePlugin, siteSettings } from "./modules/site/index.ts";
import { staffPlugin } from "./modules/staff/index.ts";
import { supportPlugin, ticketLinkKeyFrom } from "./modules/support/index.ts";
import { createMetrics } from "./observability/metrics.ts";

export type AppOptions = {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions["logger"];
  /** Where the store's own logger writes (standard output unless given). */
  logStream?: LogStream;
  /**
   * The payment provider, in place of the one the configuration names (PAYMENT_PROVIDER): a demo
   * store uses the built-in test provider, and PAYMENT_PROVIDER=none takes cash on delivery only.
   */
  gateway?: PaymentGateway;
  /** How often open staff event streams look at their session and send a heartbeat (tests). */
  staffStreamTimings?: { sessionCheckMs?: number; heartbeatMs?: number };
};

/**
 * The one app factory: `main` serves it, tests drive it through `inject`. The store is its
 * modules, registered in the order they lean on each other: each module that others use offers
 * it on the app (its plugin says which it needs), the rest are given what they need here.
 */
export async function buildApp(options: AppOptions) {
  const { config, database } = options;
  const { db } = database;
  const gateway = options.gateway ?? gatewayFor(config);
  refuseTestGatewayInRealStore(gateway, config);
  const { app, readyAnswers } = await createHttpApp({
    config,
    database,
    metrics: createMetrics(database, { lateOrders: () => countLateOrders(db) }),
    logger: options.logger,
    logStream: options.logStream,
    checkoutSources: gateway?.checkout.sources,
  });
  const secret = await resolveAuthSecret(db, config.authSecret);
  const figures = () => database.reads.caughtUp();
  const catalogue = createCatalogueService(database, config.catalogueCacheSeconds);
  const site = siteSettings(config, { online: gateway !== undefined });
  database.reads.watch((inUse, reason) =>
    inUse
      ? app.log.info({ readReplica: true }, `reads go to the replica: ${reason}`)
      : app.log.warn({ readReplica: false }, `reads go to the primary: ${reason}`),
  );

  // What other modules lean on: the process, live updates, who is signed in, mail, payments.
  await app.register(instancePlugin, { db });
  await app.register(housekeepingPlugin, { db });
  await app.register(livePlugin, { database });
  await app.register(authPlugin, { db, config, secret });
  await app.register(staffPlugin, {
    db,
    config,
    secret,
    streamTimings: options.staffStreamTimings,
  });
  await app.register(mailPlugin, {
    db,
    config,
    listen: database.listen,
    ownVerifiedEmail: app.customers.verifiedEmail,
  });
  // The demo store's own provider tells this app as the provider's servers would: by webhook.
  await app.register(paymentsPlugin, { db, gateway, testWebhooksToSelf: !options.gateway });
  await app.register(ordersPlugin, { db, publicUrl: config.publicUrl, secret });

  // The shop itself.
  await app.register(backupPlugin, { database });
  await app.register(healthPlugin, { database });
  await app.register(sitePlugin, { site });
  await app.register(inventoryPlugin, {
    db,
    photoDir: config.photoDir,
    catalogue,
    readyAnswers,
    figures,
  });
  await app.register(accountPlugin, {
    db,
    sessionOf: app.customers.session,
    secret,
    publicUrl: config.publicUrl,
    async passwordSet(user, locale) {
      await enqueueMail(db, passwordChangedMail(user, config.publicUrl, "set", locale));
    },
  });
  await app.register(cartPlugin, { db });
  await app.register(addressesPlugin, { db, serviceablePincodes: config.serviceablePincodes });
  await app.register(checkoutPlugin, { db, config, databaseKind: database.kind });
  await app.register(fulfilmentPlugin, {
    db,
    gateway,
    seller: config.seller,
    log: app.log,
    mails: statusMailsFor(config),
    refundWindowHours: config.refundWindowHours,
    weightTolerancePercent: config.weightTolerancePercent,
    figures,
    reader: app.orders.reader,
    eventOrders: eventOrderStepsFor(config.publicUrl, bulkLinkKeyFrom(secret)),
  });
  await app.register(supportPlugin, {
    db,
    currentCustomer: app.customers.current,
    recipientLimit: app.recipientLimit,
    publicUrl: config.publicUrl,
    linkKey: ticketLinkKeyFrom(secret),
    ticketsPerHour: config.supportTicketsPerHour,
    figures,
  });
  await app.register(bulkOrdersPlugin, {
    db,
    gateway,
    log: app.log,
    config,
    linkSecret: bulkLinkKeyFrom(secret),
    currentCustomer: app.customers.current,
    recipientLimit: app.recipientLimit,
    intake: app.payments,
    hold: paymentHold(config.payments.holdMinutes),
  });
  await app.register(alertsPlugin, { db, publicUrl: config.publicUrl });

  // The API's map (/api/docs): for a demo's visitors, or a signed-in member of any dashboard.
  await registerApiDocs(app, { open: config.demoMode, ...app.staff });
  await registerSpa(app, {
    distDir: config.webDistDir,
    catalogue: catalogue.current,
    catalogueSeconds: config.catalogueCacheSeconds,
    site,
    publicUrl: config.publicUrl,
  });
  return app;
}

export type StoreApp = Awaited<ReturnType<typeof buildApp>>;
