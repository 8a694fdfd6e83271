import type { FastifyReply, FastifyRequest } from "fastify";
import { errorBodySchema } from "../../../shared/contracts/errors.ts";
import { HEALTH_MESSAGES, healthSchema, liveSchema } from "../../../shared/contracts/health.ts";
import { type DatabaseHandle, pingDatabase } from "../../db/client.ts";
import { AppError } from "../../http/app-error.ts";
import type { App } from "../../http/types.ts";
import type { Readiness } from "./readiness.ts";

export const HEALTH_PATHS = {
  live: "/api/health/live",
  ready: "/api/health/ready",
  /** The older name of ready, kept for the checks already pointed at it. */
  ready_v1: "/api/health",
} as const;

/**
 * Liveness (the process answers: restart it if not) apart from readiness (send it requests: the
 * database answers and it is not shutting down), so a database outage takes instances out of the
 * proxy's rotation without the supervisor restarting them all.
 */
export function healthRoutes(app: App, database: DatabaseHandle, readiness: Readiness) {
  app.get(
    HEALTH_PATHS.live,
    {
      config: { public: true },
      schema: {
        tags: ["health"],
        summary: "Liveness: whether the process answers (it does not ask the database)",
        response: { 200: liveSchema },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { status: "ok" as const };
    },
  );

  const ready = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header("cache-control", "no-store");
    if (readiness.draining) throw new AppError("UNAVAILABLE", HEALTH_MESSAGES.draining);
    try {
      await pingDatabase(database.db);
    } catch (error) {
      request.log.error({ err: error }, "health check: database unreachable");
      throw new AppError("UNAVAILABLE", HEALTH_MESSAGES.noDatabase);
    }
    return { status: "ok" as const, database: database.kind };
  };
  const readySchema = {
    tags: ["health"],
    summary: "Readiness: the database answers and the instance is not shutting down",
    response: { 200: healthSchema, 503: errorBodySchema },
  };
  app.get(HEALTH_PATHS.ready, { config: { public: true }, schema: readySchema }, ready);
  app.get(HEALTH_PATHS.ready_v1, { config: { public: true }, schema: readySchema }, ready);
}
