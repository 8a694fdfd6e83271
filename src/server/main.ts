import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { seedDatabase } from "./db/seed/seed.ts";

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  await seedDatabase(database.db);

  const app = await buildApp({ config, database });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    // Finish the mail being sent, stop taking requests and finish the ones in flight, all
    // before the database goes away. Unsent mail stays in the outbox for the next start.
    await app.mail.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  app.mail.start();
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
