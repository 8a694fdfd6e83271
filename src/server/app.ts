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
import { computeSecurityHeaders, registerSecurityHeaders } from "./http/security-headers.ts";
import { registerSpa } from "./http/spa.ts";
import { clientAddressOf, proxyTrust } from "./http/trusted-proxies.ts";
import { registerUrlTextGuard } from "./http/url-text-guard.ts";
import { accountDeletionRoutes, accountRoutes } from "./modules/account/index.ts";
import { addressesRoutes, keepCheckoutAddress } from "./modules/addresses/index.ts";
import {
  authRoutes,
  CUSTOMER_LIMITS,
  codeMail,
  createAuth,
  customerOf,
  customerSessionOf,
  emailChangedMail,
  endpointLimits,
  passwordChangedMail,
  resolveAuthSecret,
  verifiedEmailOf,
} from "./modules/auth/index.ts";
import { backupRoutes, newBackupToken } from "./modules/backup/index.ts";
import {
  advanceOwner,
  bulkLinkKeyFrom,
  bulkOrderRoutes,
  bulkPipelineRoutes,
  confirmationLink,
} from "./modules/bulk-orders/index.ts";
import { cartRoutes } from "./modules/cart/index.ts";
import {
  checkoutLanes,
  confirmationMailFor,
  createUnpaidOrderSweep,
  largeOrderRoutes,
  orderPaymentOwner,
} from "./modules/checkout/index.ts";
import {
  countLateOrders,
  salesFiguresRoutes,
  salesOrderRoutes,
  statusMailsFor,
} from "./modules/fulfilment/index.ts";
import { createReadiness, healthRoutes } from "./modules/health/index.ts";
import { createHousekeeping } from "./modules/housekeeping/index.ts";
import { createInstanceHeartbeat } from "./modules/idempotency/index.ts";
import {
  catalogueRoutes,
  createCatalogueService,
  inventoryCatalogueRoutes,
  photoFileRoutes,
  stockRoutes,
} from "./modules/inventory/index.ts";
import { createStaffEvents } from "./modules/live/index.ts";
import {
  createMailWorker,
  enqueueMail,
  mailboxRoutes,
  recipientMailLimit,
} from "./modules/mail/index.ts";
import { orderLinkKeyFrom, ordersRoutes } from "./modules/orders/index.ts";
import type { PaymentGateway } from "./modules/payments/index.ts";
import {
  createPaymentIntake,
  createRefundWorker,
  gatewayFor,
  isTestGateway,
  NO_GATEWAY_WARNING,
  paymentHold,
  paymentWebhookRoutes,
  refuseTestGatewayInRealStore,
  testProviderRoutes,
  WEBHOOK_PATH,
} from "./modules/payments/index.ts";
import { siteRoutes, siteSettings } from "./modules/site/index.ts";
import {
  auditRoutes,
  createStaffAuth,
  registerStaffGuard,
  STAFF_LIMITS,
  signInWarningRoutes,
  staffEventRoutes,
  staffRoutes,
  staffSessionOf,
  staffSessionWatch,
} from "./modules/staff/index.ts";
import {
  customerVoiceRoutes,
  feedbackRoutes,
  supportInboxRoutes,
  supportRoutes,
  ticketLinkKeyFrom,
} from "./modules/support/index.ts";
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
  metricsRoutes(app, metrics, config);

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
  const mail = createMailWorker({ db: database.db, config, log: app.log });
  app.decorate("mail", mail);
  app.addHook("onClose", () => mail.stop());
  mailboxRoutes(app, database.db, config);
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

  const catalogue = createCatalogueService(database, config.catalogueCacheSeconds);
  database.reads.watch((inUse, reason) =>
    inUse
      ? app.log.info({ readReplica: true }, `reads go to the replica: ${reason}`)
      : app.log.warn({ readReplica: false }, `reads go to the primary: ${reason}`),
  );
  const figures = () => database.reads.caughtUp();
  const backupToken = newBackupToken();
  app.decorate("backupToken", backupToken);
  backupRoutes(app, database, backupToken);
  const readiness = createReadiness();
  app.decorate("readiness", readiness);
  healthRoutes(app, database, readiness);
  const site = siteSettings(config, { online: gateway !== undefined });
  siteRoutes(app, site);
  catalogueRoutes(app, catalogue, readyAnswers);
  feedbackRoutes(app, database.db);
  const storeSecret = await resolveAuthSecret(database.db, config.authSecret);
  // Customers' and staff's password sign-ins: failures counted per account and client, devices
  // that signed in before trusted, owners warned (modules/auth/sign-in-guard.ts).
  const signInGuard = {
    db: database.db,
    secret: storeSecret,
    publicUrl: config.publicUrl,
    afterMail: () => mail.kick(),
  };
  const auth = createAuth({
    db: database.db,
    config,
    secret: storeSecret,
    log: app.log,
    limits: endpointLimits(app, CUSTOMER_LIMITS, signInGuard),
    async sendCode(purpose, email, code) {
      await enqueueMail(database.db, codeMail(purpose, email, code, config.publicUrl));
      mail.kick();
    },
    async passwordChanged(user) {
      await enqueueMail(database.db, passwordChangedMail(user, config.publicUrl));
      mail.kick();
    },
    async emailChanged(change) {
      await enqueueMail(database.db, emailChangedMail(change, config.publicUrl));
      mail.kick();
    },
  });
  authRoutes(app, { auth, publicUrl: config.publicUrl });
  accountRoutes(app, {
    db: database.db,
    sessionOf: customerSessionOf(auth),
    async passwordSet(user) {
      await enqueueMail(database.db, passwordChangedMail(user, config.publicUrl, "set"));
      mail.kick();
    },
  });
  accountDeletionRoutes(app, {
    db: database.db,
    sessionOf: customerSessionOf(auth),
    secret: storeSecret,
    publicUrl: config.publicUrl,
    afterMail: () => mail.kick(),
  });
  // Staff: the guard comes before every /api/staff route (deny by default, staff-guard.ts).
  const staffAuth = createStaffAuth({
    db: database.db,
    config,
    secret: storeSecret,
    log: app.log,
    limits: endpointLimits(app, STAFF_LIMITS, signInGuard),
  });
  const twoFactorRequired = !config.demoMode;
  registerStaffGuard(app, {
    staffOf: staffSessionOf(staffAuth, database.db),
    customerOf: customerOf(auth),
    twoFactorRequired,
  });
  staffRoutes(app, { staffAuth, publicUrl: config.publicUrl, twoFactorRequired });
  // The API's map (/api/docs): for a demo's visitors, or a signed-in member of any dashboard.
  await registerApiDocs(app, {
    open: config.demoMode,
    memberOf: staffSessionOf(staffAuth, database.db),
    twoFactorRequired,
  });
  // Live dashboards: one LISTEN per instance, fanned out to every open event stream.
  const staffEvents = createStaffEvents(database, app.log);
  app.addHook("onReady", () => staffEvents.start());
  app.addHook("onClose", () => staffEvents.close());
  staffEventRoutes(app, {
    events: staffEvents,
    watchSession: staffSessionWatch(staffAuth, database.db),
    ...staffStreamTimings,
  });
  auditRoutes(app, database.db);
  signInWarningRoutes(app, database.db);
  const inventory = { db: database.db, photoDir: config.photoDir, changed: catalogue.invalidate };
  inventoryCatalogueRoutes(app, inventory);
  stockRoutes(app, { ...inventory, figures });
  photoFileRoutes(app, config.photoDir);
  cartRoutes(app, { db: database.db, currentCustomer: customerOf(auth) });
  addressesRoutes(app, {
    db: database.db,
    currentCustomer: customerOf(auth),
    serviceablePincodes: config.serviceablePincodes,
  });
  const recipientLimit = recipientMailLimit(app, verifiedEmailOf(auth));
  // Online payments: whoever reports a captured payment first (the browser or the provider's
  // webhook), it goes to what it pays for.
  const hold = paymentHold(config.payments.holdMinutes);
  const bulkLinkKey = bulkLinkKeyFrom(storeSecret);
  const bulkLinkFor = (ticketId: string) =>
    confirmationLink(config.publicUrl, bulkLinkKey, ticketId);
  const paymentDeps = {
    db: database.db,
    gateway,
    log: app.log,
    onPayment: (outcome: string) => metrics.payments.inc({ outcome }),
  };
  const orderLinkKey = orderLinkKeyFrom(storeSecret);
  const confirmationMail = confirmationMailFor(config, orderLinkKey);
  const intake = createPaymentIntake(paymentDeps, {
    order: orderPaymentOwner({ ...paymentDeps, confirmationMail }),
    bulkOrder: advanceOwner({ ...paymentDeps, linkFor: bulkLinkFor, hold }),
  });
  app.decorate("paymentGateway", gateway);
  paymentWebhookRoutes(app, { db: database.db, gateway, intake });
  if (isTestGateway(gateway)) {
    testProviderRoutes(app, gateway);
    // The demo store's own provider tells the store as Razorpay's servers would: by webhook.
    if (!givenGateway) {
      gateway.deliver = (hook) =>
        app.inject({
          method: "POST",
          url: WEBHOOK_PATH,
          headers: hook.headers,
          payload: hook.body,
        });
    }
  }
  ordersRoutes(app, {
    db: database.db,
    gateway,
    config,
    hold,
    confirmationMail,
    onPayment: paymentDeps.onPayment,
    afterPlaced: () => mail.kick(),
    recipientLimit,
    currentCustomer: customerOf(auth),
    keepAddress: (customerId, delivery) => keepCheckoutAddress(database.db, customerId, delivery),
    orderLinkKey,
    lanes: checkoutLanes(config.checkoutLanes, database.kind),
    events: staffEvents,
  });
  salesOrderRoutes(app, {
    db: database.db,
    gateway,
    seller: config.seller,
    log: app.log,
    mails: statusMailsFor(config),
    afterMail: () => mail.kick(),
  });
  salesFiguresRoutes(app, { figures });
  largeOrderRoutes(app, database.db);

  const ticketLinkKey = ticketLinkKeyFrom(storeSecret);
  supportRoutes(app, {
    db: database.db,
    currentCustomer: customerOf(auth),
    afterOpened: () => mail.kick(),
    recipientLimit,
    publicUrl: config.publicUrl,
    linkKey: ticketLinkKey,
  });
  const replies = {
    db: database.db,
    publicUrl: config.publicUrl,
    linkKey: ticketLinkKey,
    afterMail: () => mail.kick(),
  };
  supportInboxRoutes(app, { ...replies, figures });
  customerVoiceRoutes(app, replies);
  bulkPipelineRoutes(app, {
    db: database.db,
    gateway,
    log: app.log,
    linkFor: bulkLinkFor,
    afterMail: () => mail.kick(),
  });
  bulkOrderRoutes(app, {
    db: database.db,
    gateway,
    config,
    linkSecret: bulkLinkKey,
    currentCustomer: customerOf(auth),
    afterMail: () => mail.kick(),
    recipientLimit,
    intake,
    hold,
  });

  await registerSpa(app, {
    distDir: config.webDistDir,
    catalogue: catalogue.current,
    catalogueSeconds: config.catalogueCacheSeconds,
    site,
  });
  return app;
}

export type StoreApp = Awaited<ReturnType<typeof buildApp>>;
