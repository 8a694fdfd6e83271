import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../../src/server/db/client.ts";
import { seedDatabase } from "../../src/server/db/seed/seed.ts";
import type { PostgresCluster } from "../../src/server/testing/postgres-clusters.ts";
import { type StoreBaseline, takeBaseline } from "../../src/server/testing/store-invariants.ts";
import { freshDatabase } from "../support/fresh-database.ts";
import { countOnto, productsOnSale, type ShelfProduct } from "../support/shelves.ts";

export type FaultDatabase = {
  kind: "pglite" | "postgres";
  /** What a store instance needs to find it (DATA_DIR, or DATABASE_URL). */
  env: Record<string, string>;
  open(): Promise<DatabaseHandle>;
  cleanup(): Promise<void>;
  label: string;
};

export type Stocked = {
  /** Products with `stock` grams or units. */
  products: ShelfProduct[];
  /** Products with only `scarce.stock` of their smallest purchase (none unless asked for), kept for a race. */
  scarce: ShelfProduct[];
  baseline: StoreBaseline;
};

export async function pgliteDatabase(name: string): Promise<FaultDatabase> {
  const fresh = await freshDatabase("pglite", `faults-${name}`, undefined);
  return { kind: "pglite", ...fresh, env: { ...fresh.env, DATABASE_URL: "" } };
}

let databases = 0;

/** A new database on `cluster`; dropped by cleanup (if the cluster is up). */
export async function clusterDatabase(cluster: PostgresCluster): Promise<FaultDatabase> {
  const name = `fhh_faults_${process.pid}_${++databases}`;
  const admin = new pg.Client({ connectionString: cluster.url() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  // The run's clusters trade durability for speed (synchronous_commit off): a stop -m immediate
  // would then lose commits the store has already acknowledged. A store's database keeps
  // PostgreSQL's default, as in production.
  await admin.query(`alter database ${name} set synchronous_commit = on`);
  await admin.end();
  const databaseUrl = cluster.url(name);
  return {
    kind: "postgres",
    env: { DATABASE_URL: databaseUrl },
    open: () => openDatabase({ databaseUrl }),
    async cleanup() {
      const client = new pg.Client({ connectionString: cluster.url() });
      try {
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
      } catch {
        // The cluster is down or gone: its folder goes with it.
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    label: `PostgreSQL database ${name} on the run's own cluster (port ${cluster.port})`,
  };
}

/**
 * Migrates and seeds (with the demo staff passwords, as a demo store does), gives every product
 * `stock` units, and takes the baseline. Stores started on it later keep that stock: the seed
 * never overwrites it.
 */
export async function stockUp(
  database: FaultDatabase,
  stock: number,
  scarce: { count: number; stock: number } = { count: 0, stock: 0 },
): Promise<Stocked> {
  const handle = await database.open();
  try {
    await handle.migrate();
    await seedDatabase(handle.db, { demoStaffPasswords: true });
    const onSale = await productsOnSale(handle.db);
    const few = onSale.slice(onSale.length - scarce.count);
    await countOnto(handle.db, onSale, (product) =>
      few.includes(product) ? scarce.stock * product.minimum : stock,
    );
    return {
      products: onSale.slice(0, onSale.length - scarce.count),
      scarce: few,
      baseline: await takeBaseline(handle),
    };
  } finally {
    await handle.close();
  }
}
