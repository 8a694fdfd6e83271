import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import Fastify, { type FastifyServerOptions } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { registerApiDocs } from "./http/api-docs.ts";
import { AppError } from "./http/app-error.ts";
import { registerCanonicalPaths } from "./http/canonical-path.ts";
import { rateLimitKey } from "./http/client-address.ts";
import { answerFrameworkError, registerErrorHandling } from "./http/error-handler.ts";
import { registerJsonBody } from "./http/json-body.ts";
import { type LogStream, storeLogOptions } from "./http/log-options.ts";
import { registerOriginCheck } from "./http/origin-check.ts";
import { databaseRateLimitStore } from "./http/rate-limit-store.ts";
import { createReadyAnswers } from "./http/ready-answers.ts";
import { registerRequestId, requestIdGenerator } from "./http/request-id.ts";
import { registerRoutePolicy } from "./http/route-policy.ts";
import { computeSecurityHeaders, registerSecurityHeaders } from "./http/security-headers.ts";
import { registerSpa } from "./http/spa.ts";
import { servesHttps } from "./http/store-origins.ts";
import { clientAddressOf, proxyTrust } from "./http/trusted-proxies.ts";
import { registerUrlTextGuard } from "./http/url-text-guard.ts";
import { accountPlugin } from "./modules/account/index.ts";
import { addressesPlugin, keepCheckoutAddress } from "./modules/addresses/index.ts";
import {
  authPlugin,
  CUSTOMER_LIMITS,
  codeMail,
  createAuth,
  customerOf,
  customerSessionOf,
  emailChangedMail,
  endpointLimits,
  passwordChangedMail,
  registerCustomerGuard,
  resolveAuthSecret,
  verifiedEmailOf,
} from "./modules/auth/index.ts";
import { backupPlugin, newBackupToken } from "./modules/backup/index.ts";
import { bulkLinkKeyFrom, bulkOrdersPlugin } from "./modules/bulk-orders/index.ts";
import { cartPlugin } from "./modules/cart/index.ts";
import {
  checkoutLanes,
  checkoutPlugin,
  confirmationMailFor,
  createUnpaidOrderSweep,
} from "./modules/checkout/index.ts";
import { countLateOrders, fulfilmentPlugin, statusMailsFor } from "./modules/fulfilment/index.ts";
import { createReadiness, healthPlugin } from "./modules/health/index.ts";
import { createHousekeeping } from "./modules/housekeeping/index.ts";
import { createInstanceHeartbeat } from "./modules/idempotency/index.ts";
import { createCatalogueService, inventoryPlugin } from "./modules/inventory/index.ts";
import { createStaffEvents } from "./modules/live/index.ts";
import {
  createMailWorker,
  enqueueMail,
  mailPlugin,
  recipientMailLimit,
} from "./modules/mail/index.ts";
import { orderLinkKeyFrom, orderReader, ordersPlugin } from "./modules/orders/index.ts";
import type { PaymentGateway } from "./modules/payments/index.ts";
import {
  createPaymentIntake,
  createRefundWorker,
  gatewayFor,
  isTestGateway,
  NO_GATEWAY_WARNING,
  paymentHold,
  paymentsPlugin,
  refuseTestGatewayInRealStore,
  WEBHOOK_PATH,
} from "./modules/payments/index.ts";
import { sitePlugin, siteSettings } from "./modules/site/index.ts";
import {
  createStaffAuth,
  registerStaffGuard,
  STAFF_LIMITS,
  staffPlugin,
  staffSessionOf,
  staffSessionWatch,
} from "./modules/staff/index.ts";
import { supportPlugin, ticketLinkKeyFrom } from "./modules/support/index.ts";
import { createMetrics } from "./observability/metrics.ts";
import { countAnswer, metricsRoutes } from "./observability/metrics-routes.ts";

export type AppOptions = {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions["logger"];
  /** Where the store's own logger writes (standard output unless given). */
  logStream?: LogStream;
  /**
   * The payment provider, in place of the one the configuration names (PAYMENT_PROVIDER): a demo
   * store uses the built-in test provider, and PAYMENT_PROVIDER=none takes cash on delivery only.
   * store offers cash on delivery only.
   */
  gateway?: PaymentGateway;
  /** How often open staff event streams look at their session and send a heartbeat (tests). */
  staffStreamTimings?: { sessionCheckMs?: number; heartbeatMs?: number };
};

/** The log levels at which Fastify logs every request. */
const REQUEST_LOG_LEVELS = new Set(["info", "debug", "trace"]);

/** The one app factory: `main` serves it, tests drive it through `inject`. */
export async function buildApp({
  config,
  database,
  logger,
  logStream,
  gateway: givenGateway,
  staffStreamTimings,
}: AppOptions) {
  const gateway = givenGateway ?? gatewayFor(config);
  refuseTestGatewayInRealStore(gateway, config);
  const requestId = requestIdGenerator(config.trustProxy);
  const readyAnswers = createReadyAnswers();
  const app = Fastify({
    logger: logger ?? storeLogOptions(config.logLevel, logStream),
    trustProxy: proxyTrust(config.trustProxy),
    bodyLimit: 100 * 1024,
    frameworkErrors: answerFrameworkError,
    genReqId: requestId,
    serverFactory: readyAnswers.serverFactory,
  }).withTypeProvider<ZodTypeProvider>();
  registerRequestId(app);
  const metrics = createMetrics(database, {
    lateOrders: () => countLateOrders(database.db),
  });
  app.decorate("metrics", metrics);

  const securityHeaders = computeSecurityHeaders(config.publicUrl, gateway?.checkout.sources);
  registerSecurityHeaders(app, securityHeaders);
  readyAnswers.open({
    headers: securityHeaders,
    requestId,
    count: (method, route, status, seconds) => {
      countAnswer(metrics, method, route, status, seconds);
      metrics.readyAnswers.inc({ route });
    },
    // Fastify logs each request at info and more verbose; the lane's answers are logged alike.
    ...(REQUEST_LOG_LEVELS.has(app.log.level)
      ? { requestLog: { log: app.log, clientAddress: clientAddressOf(config.trustProxy) } }
      : {}),
  });
  app.addHook("preClose", (done) => {
    readyAnswers.close();
    done();
  });
  registerCanonicalPaths(app);
  // The API speaks JSON only (json-body.ts); anything else is a 415, not a validation error.
  registerJsonBody(app);
  registerUrlTextGuard(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  if (!gateway) app.log.warn(NO_GATEWAY_WARNING);

  registerOriginCheck(app, config.publicUrl);
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    // PGlite means one process, which can count in memory and save every limited request a write.
    // Several instances on PostgreSQL share the count in the database.
    ...(database.kind === "postgres" ? { store: databaseRateLimitStore(database.db) } : {}),
    keyGenerator: (request) => rateLimitKey(request.ip),
    // The in-memory store forgets the least recently used keys past this many per limit; room
    // for a busy day's clients, so nobody can push a count out by sending many other keys.
    cache: 100_000,
    errorResponseBuilder: (_request, context) =>
      new AppError("RATE_LIMITED", `Too many requests. Please try again in ${context.after}.`),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: "Fresh Harvest Hub API",
        description: "The store's HTTP API. Money is in integer paise.",
        version: "1.0.0",
      },
    },
    transform: jsonSchemaTransform,
  });

  // Mail: the outbox worker is `app.mail` (main.ts starts it; tests call app.mail.deliverDue()).
  const mail = createMailWorker({
    db: database.db,
    config,
    log: app.log,
    listen: database.listen,
  });
  app.decorate("mail", mail);
  app.addHook("onClose", () => mail.stop());
  const storeSecret = await resolveAuthSecret(database.db, config.authSecret);
  // Customers' and staff's password sign-ins: failures counted per account and client, devices
  // that signed in before trusted, owners warned (modules/auth/sign-in-guard.ts).
  const signInGuard = {
    db: database.db,
    secret: storeSecret,
    publicUrl: config.publicUrl,
  };
  const auth = createAuth({
    db: database.db,
    config,
    secret: storeSecret,
    log: app.log,
    limits: endpointLimits(app, CUSTOMER_LIMITS, signInGuard),
    async sendCode(purpose, email, code) {
      await enqueueMail(database.db, codeMail(purpose, email, code, config.publicUrl));
    },
    async passwordChanged(user) {
      await enqueueMail(database.db, passwordChangedMail(user, config.publicUrl));
    },
    async emailChanged(change) {
      await enqueueMail(database.db, emailChangedMail(change, config.publicUrl));
    },
  });
  const staffAuth = createStaffAuth({
    db: database.db,
    config,
    secret: storeSecret,
    log: app.log,
    limits: endpointLimits(app, STAFF_LIMITS, signInGuard),
  });
  const twoFactorRequired = !config.demoMode;
  // Deny by default: every route says who may call it, checked as it is registered, before any.
  registerCustomerGuard(app, { customerOf: customerOf(auth) });
  registerStaffGuard(app, {
    staffOf: staffSessionOf(staffAuth, database.db),
    customerOf: customerOf(auth),
    twoFactorRequired,
  });
  registerRoutePolicy(app);
  metricsRoutes(app, metrics, config);

  // This process's heartbeat, so a checkout it leaves unfinished by dying is taken over in
  // seconds (modules/idempotency/store-instance.ts).
  const heartbeat = createInstanceHeartbeat({ db: database.db, log: app.log });
  app.addHook("onReady", () => heartbeat.start());
  app.addHook("onClose", () => heartbeat.stop());
  // Pruning old records: main.ts starts it; tests call app.housekeeping.runOnce().
  const housekeeping = createHousekeeping({ db: database.db, log: app.log });
  app.decorate("housekeeping", housekeeping);
  app.addHook("onClose", () => housekeeping.stop());
  // Refunds the provider did not take at once: main.ts starts the retries.
  const refunds = createRefundWorker({ db: database.db, gateway, log: app.log });
  app.decorate("refunds", refunds);
  app.addHook("onClose", () => refunds.stop());
  // Online orders unpaid past their hold: main.ts starts the sweep.
  const unpaidOrders = createUnpaidOrderSweep({ db: database.db, log: app.log });
  app.decorate("unpaidOrders", unpaidOrders);
  app.addHook("onClose", () => unpaidOrders.stop());
  // Live dashboards and order pages: one LISTEN per instance, fanned out to every open stream.
  const staffEvents = createStaffEvents(database, app.log);
  app.addHook("onReady", () => staffEvents.start());
  app.addHook("onClose", () => staffEvents.close());

  const catalogue = createCatalogueService(database, config.catalogueCacheSeconds);
  database.reads.watch((inUse, reason) =>
    inUse
      ? app.log.info({ readReplica: true }, `reads go to the replica: ${reason}`)
      : app.log.warn({ readReplica: false }, `reads go to the primary: ${reason}`),
  );
  const figures = () => database.reads.caughtUp();
  const backupToken = newBackupToken();
  app.decorate("backupToken", backupToken);
  const readiness = createReadiness();
  app.decorate("readiness", readiness);
  const site = siteSettings(config, { online: gateway !== undefined });
  const recipientLimit = recipientMailLimit(app, verifiedEmailOf(auth));
  const currentCustomer = customerOf(auth);
  const hold = paymentHold(config.payments.holdMinutes);
  const onPayment = (outcome: string) => metrics.payments.inc({ outcome });
  // Online payments: whoever reports a captured payment first (the browser or the provider's
  // webhook), it goes to what it pays for, as checkout and bulk orders each declare.
  const intake = createPaymentIntake({ db: database.db, gateway, log: app.log, onPayment });
  app.decorate("paymentGateway", gateway);
  const orderLinkKey = orderLinkKeyFrom(storeSecret);
  const reader = orderReader({
    secureCookies: servesHttps(config.publicUrl),
    orderLinkKey,
    currentCustomer,
  });
  const ticketLinkKey = ticketLinkKeyFrom(storeSecret);

  // The store's modules, each with its routes and what it needs.
  await app.register(mailPlugin, { db: database.db, config });
  await app.register(backupPlugin, { database, token: backupToken });
  await app.register(healthPlugin, { database, readiness });
  await app.register(sitePlugin, { site });
  await app.register(inventoryPlugin, {
    db: database.db,
    photoDir: config.photoDir,
    catalogue,
    readyAnswers,
    figures,
  });
  await app.register(authPlugin, { auth, publicUrl: config.publicUrl });
  await app.register(accountPlugin, {
    db: database.db,
    sessionOf: customerSessionOf(auth),
    secret: storeSecret,
    publicUrl: config.publicUrl,
    async passwordSet(user) {
      await enqueueMail(database.db, passwordChangedMail(user, config.publicUrl, "set"));
    },
  });
  await app.register(staffPlugin, {
    db: database.db,
    staffAuth,
    publicUrl: config.publicUrl,
    twoFactorRequired,
    events: {
      events: staffEvents,
      watchSession: staffSessionWatch(staffAuth, database.db),
      ...staffStreamTimings,
    },
  });
  // The API's map (/api/docs): for a demo's visitors, or a signed-in member of any dashboard.
  await registerApiDocs(app, {
    open: config.demoMode,
    memberOf: staffSessionOf(staffAuth, database.db),
    twoFactorRequired,
  });
  await app.register(cartPlugin, { db: database.db });
  await app.register(addressesPlugin, {
    db: database.db,
    serviceablePincodes: config.serviceablePincodes,
  });
  await app.register(paymentsPlugin, { db: database.db, gateway, intake });
  await app.register(checkoutPlugin, {
    db: database.db,
    gateway,
    log: app.log,
    config,
    hold,
    confirmationMail: confirmationMailFor(config, orderLinkKey),
    onPayment,
    recipientLimit,
    currentCustomer,
    keepAddress: (customerId, delivery) => keepCheckoutAddress(database.db, customerId, delivery),
    orderLinkKey,
    lanes: checkoutLanes(config.checkoutLanes, database.kind),
    intake,
    reader,
  });
  await app.register(ordersPlugin, {
    db: database.db,
    publicUrl: config.publicUrl,
    currentCustomer,
    events: staffEvents,
    orderLinkKey,
  });
  await app.register(fulfilmentPlugin, {
    db: database.db,
    gateway,
    seller: config.seller,
    log: app.log,
    mails: statusMailsFor(config),
    figures,
    reader,
  });
  await app.register(supportPlugin, {
    db: database.db,
    currentCustomer,
    recipientLimit,
    publicUrl: config.publicUrl,
    linkKey: ticketLinkKey,
    figures,
  });
  await app.register(bulkOrdersPlugin, {
    db: database.db,
    gateway,
    log: app.log,
    config,
    linkSecret: bulkLinkKeyFrom(storeSecret),
    currentCustomer,
    recipientLimit,
    intake,
    hold,
  });
  // The demo store's own provider tells the store as Razorpay's servers would: by webhook.
  if (isTestGateway(gateway) && !givenGateway) {
    gateway.deliver = (hook) =>
      app.inject({ method: "POST", url: WEBHOOK_PATH, headers: hook.headers, payload: hook.body });
  }

  await registerSpa(app, {
    distDir: config.webDistDir,
    catalogue: catalogue.current,
    catalogueSeconds: config.catalogueCacheSeconds,
    site,
  });
  return app;
}

export type StoreApp = Awaited<ReturnType<typeof buildApp>>;
