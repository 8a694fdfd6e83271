// Vitest's global setup: migrates and seeds one database of each kind once per run, which every
// suite's database is then copied from (test-app.ts). A new PGlite runs initdb, and migrating
// and seeding take as long again; a copy skips all three.
import { randomBytes } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/client.ts";
import { seedDatabase } from "../db/seed/seed.ts";

/** Where the run's seeded databases are, for createTestDatabase. */
export type SeededDatabases = {
  /** A file holding the seeded PGlite database (a dump(), unzipped). */
  pgliteCopy: string;
  /** The seeded PostgreSQL database new ones are created from, when TEST_DATABASE_URL is set. */
  postgresTemplate: string | undefined;
};

declare module "vitest" {
  export interface ProvidedContext {
    seededDatabases: SeededDatabases;
  }
}

async function asAdmin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function seededPglite(file: string): Promise<void> {
  const database = await openDatabase({});
  try {
    await database.migrate();
    await seedDatabase(database.db, { demoStaffPasswords: true });
    await mkdir(path.dirname(file), { recursive: true });
    // Unzipped once here rather than in every suite: a quarter of the work of starting a copy.
    await writeFile(file, gunzipSync(await database.dump!()));
  } finally {
    await database.close();
  }
}

async function seededPostgres(name: string): Promise<void> {
  await asAdmin(`create database ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  try {
    await database.migrate();
    await seedDatabase(database.db, { demoStaffPasswords: true });
  } finally {
    await database.close();
  }
  // Copying needs a database nobody is connected to: not even autovacuum may come in now.
  await asAdmin(`alter database ${name} with allow_connections false`);
}

export default async function setup(project: TestProject) {
  // Names of this run's own: other runs may share the PostgreSQL server and the folder.
  const suffix = randomBytes(6).toString("hex");
  const seeded: SeededDatabases = {
    pgliteCopy: path.resolve(project.config.root, `.tmp/seeded-pglite-${suffix}.tar`),
    postgresTemplate: process.env.TEST_DATABASE_URL ? `fhh_seeded_${suffix}` : undefined,
  };
  const teardown = async () => {
    await rm(seeded.pgliteCopy, { force: true });
    if (seeded.postgresTemplate) {
      await asAdmin(`drop database if exists ${seeded.postgresTemplate}`);
    }
  };
  const made = await Promise.allSettled([
    seededPglite(seeded.pgliteCopy),
    seeded.postgresTemplate && seededPostgres(seeded.postgresTemplate),
  ]);
  const failed = made.find((outcome) => outcome.status === "rejected");
  if (failed) {
    await teardown();
    throw failed.reason;
  }
  project.provide("seededDatabases", seeded);
  return teardown;
}
