import { buildApp } from "./app.ts";
import { ConfigError, loadConfig, startupNotes } from "./config.ts";
import { removeRunningNote, writeRunningNote } from "./db/running-store-note.ts";
import { seedDatabase } from "./db/seed/seed.ts";
import { staffPasswordsMissingMessage, staffWithoutRealPassword } from "./modules/staff/index.ts";
import { drainAndClose } from "./shutdown.ts";
import { openStoreDatabase } from "./store-database.ts";

async function main() {
  const config = loadConfig();
  const database = await openStoreDatabase(config);
  await database.migrate();
  await seedDatabase(database.db, { demoStaffPasswords: config.demoMode });
  if (!config.demoMode) {
    const missing = await staffWithoutRealPassword(database.db);
    if (missing.length > 0) {
      await database.close();
      throw new ConfigError(staffPasswordsMissingMessage(missing));
    }
  }

  const embedded = database.kind === "pglite";
  const app = await buildApp({ config, database });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: draining");
    await drainAndClose(app, database, { delayMs: config.shutdownDelaySeconds * 1000 });
    if (embedded) await removeRunningNote(config.dataDir);
    process.exit(0);
  };
  // Without its database the store can only fail; stopping lets the supervisor start it again.
  void database.lost?.then((error) => {
    app.log.fatal({ err: error }, "the embedded database stopped");
    process.exit(1);
  });
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  if (embedded) {
    await writeRunningNote(config.dataDir, { port: config.port, backupToken: app.backupToken });
  }
  app.mail.start();
  for (const note of startupNotes(config)) app.log[note.level](note.message);
  app.housekeeping.start();
  app.refunds.start();
  app.alertDigests.start();
  app.eventOrders.start();
  app.unpaidOrders.start();
  app.log.info(
    { database: database.kind, demoMode: config.demoMode },
    `Fresh Harvest Hub is open at http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${config.port}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error("The store could not start:", error);
  }
  process.exit(1);
});
