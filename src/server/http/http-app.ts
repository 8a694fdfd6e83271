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
import type { Config } from "../config.ts";
import type { DatabaseHandle } from "../db/client.ts";
import type { Metrics } from "../observability/metrics.ts";
import { countAnswer, metricsRoutes } from "../observability/metrics-routes.ts";
import { AppError } from "./app-error.ts";
import { registerCanonicalPaths } from "./canonical-path.ts";
import { rateLimitKey } from "./client-address.ts";
import { answerFrameworkError, registerErrorHandling } from "./error-handler.ts";
import { registerJsonBody } from "./json-body.ts";
import { type LogStream, storeLogOptions } from "./log-options.ts";
import { registerOriginCheck } from "./origin-check.ts";
import { databaseRateLimitStore } from "./rate-limit-store.ts";
import { createReadyAnswers } from "./ready-answers.ts";
import { registerRequestId, requestIdGenerator } from "./request-id.ts";
import { registerRoutePolicy } from "./route-policy.ts";
import { computeSecurityHeaders, registerSecurityHeaders } from "./security-headers.ts";
import { clientAddressOf, proxyTrust } from "./trusted-proxies.ts";
import { registerUrlTextGuard } from "./url-text-guard.ts";

type HttpOptions = {
  config: Config;
  database: DatabaseHandle;
  metrics: Metrics;
  logger?: FastifyServerOptions["logger"];
  /** Where the store's own logger writes (standard output unless given). */
  logStream?: LogStream;
  /** Where the payment provider's checkout loads from, for the content security policy. */
  checkoutSources?: Parameters<typeof computeSecurityHeaders>[1];
};

/** The log levels at which Fastify logs every request. */
const REQUEST_LOG_LEVELS = new Set(["info", "debug", "trace"]);

/**
 * The store's HTTP server before any module: request ids, security headers, the lane that answers
 * while the store is busy, canonical paths, JSON bodies, errors, the origin check, cookies, rate
 * limits, the OpenAPI document, metrics, and the route policy every module's routes are checked
 * against.
 */
export async function createHttpApp(options: HttpOptions) {
  const { config, database, metrics } = options;
  const requestId = requestIdGenerator(config.trustProxy);
  const readyAnswers = createReadyAnswers();
  const app = Fastify({
    logger: options.logger ?? storeLogOptions(config.logLevel, options.logStream),
    trustProxy: proxyTrust(config.trustProxy),
    bodyLimit: 100 * 1024,
    frameworkErrors: answerFrameworkError,
    genReqId: requestId,
    serverFactory: readyAnswers.serverFactory,
  }).withTypeProvider<ZodTypeProvider>();
  registerRequestId(app);
  app.decorate("metrics", metrics);

  const securityHeaders = computeSecurityHeaders(config.publicUrl, options.checkoutSources);
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
  // Deny by default: every route says who may call it, checked as it is registered.
  registerRoutePolicy(app);
  metricsRoutes(app, metrics, config);
  return { app, readyAnswers };
}
