import fp from "fastify-plugin";
import type { DatabaseHandle } from "../../db/client.ts";
import type { App } from "../../http/types.ts";
import { backupRoutes, newBackupToken } from "./backup-routes.ts";

/**
 * The PGlite store's copy of itself, for the backup command that holds this run's token
 * (`app.backupToken`, which main.ts leaves in the running note).
 */
export const backupPlugin = fp(
  async (app: App, options: { database: DatabaseHandle }) => {
    const token = newBackupToken();
    app.decorate("backupToken", token);
    await app.register(async (routes: App) => backupRoutes(routes, options.database, token));
  },
  { name: "backup" },
);
