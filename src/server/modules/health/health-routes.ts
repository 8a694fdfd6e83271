import { errorBodySchema } from "../../../shared/contracts/errors.ts";
import { healthSchema } from "../../../shared/contracts/health.ts";
import { type DatabaseHandle, pingDatabase } from "../../db/client.ts";
import { AppError } from "../../http/app-error.ts";
import type { App } from "../../http/types.ts";

export function healthRoutes(app: App, database: DatabaseHandle) {
  app.get(
    "/api/health",
    {
      schema: {
        tags: ["health"],
        summary: "Whether this instance can reach its database",
        response: { 200: healthSchema, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      try {
        await pingDatabase(database.db);
      } catch (error) {
        request.log.error({ err: error }, "health check: database unreachable");
        throw new AppError("UNAVAILABLE", "The database is not reachable");
      }
      reply.header("cache-control", "no-store");
      return { status: "ok" as const, database: database.kind };
    },
  );
}
