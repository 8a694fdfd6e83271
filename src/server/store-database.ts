import type { Config } from "./config.ts";
import { type DatabaseHandle, openDatabase } from "./db/client.ts";

/** The store's database as its configuration describes it: the server's, and the benchmarks'. */
export function openStoreDatabase(config: Config): Promise<DatabaseHandle> {
  return openDatabase({
    databaseUrl: config.databaseUrl,
    directUrl: config.databaseDirectUrl,
    namedStatements: config.databaseNamedStatements,
    readUrl: config.databaseReadUrl,
    readMaxLagSeconds: config.databaseReadMaxLagSeconds,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
    dataDir: config.dataDir,
  });
}
