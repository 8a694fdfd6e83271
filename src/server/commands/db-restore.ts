// `npm run db:restore -- FILE`: puts a backup in place of the embedded database. The store must be
// stopped; the data folder it replaces is kept beside it.
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { restoreBackup } from "../db/backup.ts";
import { storeIsRunning } from "../db/running-store-note.ts";

async function main() {
  const { positionals } = parseArgs({ allowPositionals: true });
  if (positionals.length !== 1) throw new Error("Usage: npm run db:restore -- <backup.tar.gz>");
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new Error(
      "DATABASE_URL is set: restore PostgreSQL with pg_restore (see the README's Backups).",
    );
  }
  if (await storeIsRunning(config.dataDir)) {
    throw new Error(
      "The store is running on this embedded database. Stop it, restore, then start it again.",
    );
  }
  const backup = new Uint8Array(await readFile(positionals[0]!));
  const { orders, movedAside } = await restoreBackup(backup, config.dataDir);
  if (movedAside) console.log(`The data folder that was there is kept as ${movedAside}.`);
  console.log(`Restored ${config.dataDir}: ${orders} orders. Start the store to serve it.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
