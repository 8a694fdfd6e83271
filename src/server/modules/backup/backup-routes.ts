import { randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { takeBackup } from "../../db/backup.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { isLocalDirectCaller } from "../../http/local-caller.ts";
import { noRoute } from "../../http/no-route.ts";
import type { App } from "../../http/types.ts";

export const BACKUP_PATH = "/api/internal/backup";
export const BACKUP_TOKEN_HEADER = "x-backup-token";

/** A token for this run of the store, which main.ts leaves in the running note for the command. */
export const newBackupToken = () => randomBytes(24).toString("base64url");

function mayBackUp(request: FastifyRequest, token: string): boolean {
  const given = Buffer.from(String(request.headers[BACKUP_TOKEN_HEADER] ?? ""));
  const expected = Buffer.from(token);
  return (
    isLocalDirectCaller(request) &&
    given.length === expected.length &&
    timingSafeEqual(given, expected)
  );
}

/**
 * `npm run db:backup` while the store runs on its embedded database (only this process may open
 * it): the command on the same machine asks here with the token from the running note. Anyone else
 * is told there is nothing here.
 */
export function backupRoutes(app: App, database: DatabaseHandle, token: string) {
  if (!database.dump) return;
  app.post(
    BACKUP_PATH,
    { config: { public: true }, schema: { hide: true } },
    async (request, reply) => {
      if (!mayBackUp(request, token)) throw noRoute(request);
      const backup = await takeBackup(database);
      reply.header("content-type", "application/gzip");
      reply.header("cache-control", "no-store");
      return reply.send(Buffer.from(backup));
    },
  );
}

declare module "fastify" {
  interface FastifyInstance {
    /** The token of this run's backup route (main.ts writes it to the running note). */
    backupToken: string;
  }
}
