// A database of its own for one benchmark run: PGlite in a temporary folder, or a new
// PostgreSQL database (fhh_bench_<random>) next to TEST_DATABASE_URL's, dropped after.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../../src/server/db/client.ts";

export type FreshDatabase = {
  /** Where the store finds it: DATA_DIR or DATABASE_URL. */
  env: Record<string, string>;
  open(): Promise<DatabaseHandle>;
  cleanup(): Promise<void>;
  label: string;
};

async function withAdmin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** `name` tells the temporary folders of different benchmarks apart. */
export async function freshDatabase(
  kind: "pglite" | "postgres",
  name: string,
  testDatabaseUrl: string | undefined,
): Promise<FreshDatabase> {
  if (kind === "pglite") {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), `fhh-bench-${name}-`));
    return {
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ dataDir }),
      cleanup: () => rm(dataDir, { recursive: true, force: true }),
      label: `PGlite in ${dataDir}`,
    };
  }
  if (!testDatabaseUrl) throw new Error("postgres needs TEST_DATABASE_URL");
  const database = `fhh_bench_${randomBytes(5).toString("hex")}`;
  await withAdmin(testDatabaseUrl, (client) => client.query(`create database ${database}`));
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${database}`;
  const databaseUrl = url.toString();
  return {
    env: { DATABASE_URL: databaseUrl },
    open: () => openDatabase({ databaseUrl }),
    cleanup: async () => {
      await withAdmin(testDatabaseUrl, (client) =>
        client.query(`drop database if exists ${database} with (force)`),
      );
    },
    label: `PostgreSQL database ${database} on ${url.host}`,
  };
}
