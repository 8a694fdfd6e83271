import type { DatabaseHandle } from "../../db/client.ts";
import type { App } from "../../http/types.ts";
import { backupRoutes } from "./backup-routes.ts";

/** The PGlite store's copy of itself, for the backup command that holds the token. */
export async function backupPlugin(app: App, options: { database: DatabaseHandle; token: string }) {
  backupRoutes(app, options.database, options.token);
}
