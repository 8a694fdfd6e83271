import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { type AppOptions, buildApp, type StoreApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";
import { seedDatabase } from "../db/seed/seed.ts";
import type { SeededDatabases } from "./seeded-databases.ts";

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

/** The run's seeded databases; undefined under a configuration without seeded-databases.ts. */
const seededDatabases = () => inject("seededDatabases") as SeededDatabases | undefined;

let pgliteCopy: Promise<Uint8Array> | undefined;

/** The run's seeded PGlite database as a dump() to start one from, read once per test file. */
export function seededPgliteCopy(): Promise<Uint8Array | undefined> {
  const file = seededDatabases()?.pgliteCopy;
  if (!file) return Promise.resolve(undefined);
  pgliteCopy ??= readFile(file);
  return pgliteCopy;
}

/**
 * PGlite in `dataDir` (in memory without one), migrated and seeded like createTestDatabase's:
 * for the tests of what works on a data folder, a backup or a store process.
 */
export async function openSeededPglite(dataDir?: string): Promise<DatabaseHandle> {
  const copy = await seededPgliteCopy();
  const handle = await openDatabase({ dataDir, copy });
  if (!copy) {
    await handle.migrate();
    await seedDatabase(handle.db, { demoStaffPasswords: true });
  }
  return handle;
}

/** Leaves `dataDir` holding the seeded database, for a store process or command to open. */
export async function seedDataFolder(dataDir: string): Promise<void> {
  await (await openSeededPglite(dataDir)).close();
}

/** A new PostgreSQL database: a copy of `template`, or an empty one. */
async function postgresDatabase(template: string | undefined) {
  const name = `fhh_test_${randomBytes(6).toString("hex")}`;
  const copying = template ? ` template ${template}` : "";
  await withAdminClient((client) => client.query(`create database ${name}${copying}`));
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return {
    handle: await openDatabase({ databaseUrl: url.toString() }),
    drop: () => withAdminClient((client) => client.query(`drop database if exists ${name}`)),
    /** For a command under test that opens the database itself. */
    url: url.toString(),
  };
}

/**
 * A database of its own for one suite, migrated and seeded (demo staff passwords included): a
 * copy of the run's seeded one (seeded-databases.ts), in-memory PGlite or a new PostgreSQL
 * database. `empty` gives one with nothing in it, for the tests of migrating and seeding.
 */
export async function createTestDatabase(kind: TestDatabaseKind, { empty = false } = {}) {
  if (kind === "pglite") {
    const handle = empty ? await openDatabase({}) : await openSeededPglite();
    return { handle, drop: async () => {}, url: undefined };
  }
  const template = empty ? undefined : seededDatabases()?.postgresTemplate;
  const created = await postgresDatabase(template);
  if (!empty && !template) {
    await created.handle.migrate();
    await seedDatabase(created.handle.db, { demoStaffPasswords: true });
  }
  return created;
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
