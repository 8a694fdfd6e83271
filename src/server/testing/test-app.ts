import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { type AppOptions, buildApp, type StoreApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";
import { seedDatabase } from "../db/seed/seed.ts";

export type TestDatabaseKind = "pglite" | "postgres";

/** API suites run on PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set. */
export const testDatabaseKinds: TestDatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ["pglite", "postgres"]
  : ["pglite"];

async function withAdminClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A database of its own for one suite: in-memory PGlite, or a fresh PostgreSQL database. */
export async function createTestDatabase(kind: TestDatabaseKind) {
  if (kind === "pglite") {
    const handle = await openDatabase({});
    return { handle, drop: async () => {}, url: undefined };
  }
  const name = `fhh_test_${randomBytes(6).toString("hex")}`;
  await withAdminClient((client) => client.query(`create database ${name}`));
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  return {
    handle,
    drop: () => withAdminClient((client) => client.query(`drop database if exists ${name}`)),
    /** For a command under test that opens the database itself. */
    url: url.toString(),
  };
}

export type TestContext = { app: StoreApp; database: DatabaseHandle };

/** The configuration a test's store runs with: no web build, silent, plus `env`. */
export const testConfig = (env: Record<string, string> = {}) =>
  loadConfig({
    NODE_ENV: "test",
    WEB_DIST_DIR: "./.tmp/no-web-build",
    LOG_LEVEL: "silent",
    ...env,
  });

/** Builds the real app on a migrated, seeded database before the suite and tears it down after. */
export function useTestApp(
  kind: TestDatabaseKind,
  env: Record<string, string> = {},
  /** A gateway, or how to make one once the suite starts (a provider's stand-in must run first). */
  options: { gateway?: AppOptions["gateway"] | (() => Promise<AppOptions["gateway"]>) } = {},
) {
  const context = {} as TestContext;
  let drop: () => Promise<unknown> = async () => {};
  beforeAll(async () => {
    const created = await createTestDatabase(kind);
    drop = created.drop;
    await created.handle.migrate();
    await seedDatabase(created.handle.db, { demoStaffPasswords: true });
    const config = testConfig(env);
    context.database = created.handle;
    context.app = await buildApp({
      config,
      database: created.handle,
      // DEBUG_TEST_LOG=1 prints the store's errors, to see what is behind a 500 in a test.
      logger: process.env.DEBUG_TEST_LOG ? { level: "error" } : false,
      gateway: typeof options.gateway === "function" ? await options.gateway() : options.gateway,
    });
    await context.app.ready();
  });
  afterAll(async () => {
    await context.app?.close();
    await context.database?.close();
    await drop();
  });
  return context;
}
