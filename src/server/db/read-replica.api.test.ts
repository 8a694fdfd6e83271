import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type StoreApp } from "../app.ts";
import { readProduct } from "../modules/inventory/catalogue-repository.ts";
import { METRICS_PATH } from "../observability/metrics-routes.ts";
import { asStaff, INVENTORY, placeShopOrder, testProduct } from "../testing/inventory.ts";
import {
  clustersUnavailable,
  type PostgresCluster,
  startPrimaryCluster,
  startReplicaOf,
} from "../testing/postgres-clusters.ts";
import { signInStaff } from "../testing/staff.ts";
import { testConfig } from "../testing/test-app.ts";
import { type DatabaseHandle, openDatabase } from "./client.ts";
import { seedDatabase } from "./seed/seed.ts";

const MAX_LAG_SECONDS = 1;

async function until(what: string, holds: () => boolean, withinMs = 10_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!holds()) {
    if (Date.now() > deadline) throw new Error(`not within ${withinMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const inUse = (database: DatabaseHandle) => {
  const state = database.reads.state();
  return state.configured && state.inUse;
};

describe.skipIf(clustersUnavailable)("a streaming read replica (DATABASE_READ_URL)", () => {
  let primary: PostgresCluster;
  let replica: PostgresCluster;
  let onReplica: pg.Client;
  /** Tolerates a replica a second behind, as a store would be configured. */
  let store: DatabaseHandle;
  /** Tolerates any lag, so a paused replica stays in use and what it lacks shows. */
  let patient: DatabaseHandle;
  let app: StoreApp;
  let products = 0;
  const newProduct = async () => {
    const id = `replica-${++products}`;
    await testProduct({ app, database: store }, id, 10);
    return id;
  };
  /** Pausing is only asked for: the replica may replay what it has before it stops. */
  const setReplay = async (paused: boolean) => {
    if (!paused) return onReplica.query("select pg_wal_replay_resume()");
    await onReplica.query("select pg_wal_replay_pause()");
    for (;;) {
      const { rows } = await onReplica.query("select pg_get_wal_replay_pause_state() as state");
      if (rows[0].state === "paused") return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  const scrape = async () =>
    (await app.inject({ url: METRICS_PATH, remoteAddress: "127.0.0.1" })).body;

  beforeAll(async () => {
    primary = await startPrimaryCluster();
    store = await openDatabase({ databaseUrl: primary.url() });
    await store.migrate();
    await seedDatabase(store.db, { demoStaffPasswords: true });
    await store.close();
    // The replica is made after the schema exists, as a real one would be.
    replica = await startReplicaOf(primary);
    onReplica = new pg.Client(replica.url());
    onReplica.on("error", () => {});
    await onReplica.connect();
    const options = { databaseUrl: primary.url(), readUrl: replica.url() };
    store = await openDatabase({ ...options, readMaxLagSeconds: MAX_LAG_SECONDS });
    patient = await openDatabase({ ...options, readMaxLagSeconds: 3600 });
    app = await buildApp({ config: testConfig(), database: store, logger: false });
    await app.ready();
    await until("the replica is in use", () => inUse(store) && inUse(patient));
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await store?.close();
    await patient?.close();
    await onReplica?.end().catch(() => {});
    await replica?.destroy();
    await primary?.destroy();
  });

  it("reads the catalogue from the replica, and live figures from a database with every commit", async () => {
    await setReplay(true);
    try {
      const id = await newProduct();
      // The replica has not replayed the new product, and the catalogue's reads go to it.
      expect(await readProduct(patient.reads.db, id)).toBeUndefined();
      expect(inUse(patient)).toBe(true);
      // A dashboard refetching after hearing of the change reads where the change is.
      expect(await readProduct(await patient.reads.caughtUp(), id)).toMatchObject({ id });
    } finally {
      await setReplay(false);
    }
    await until("the replica catches up", () => inUse(store));
  });

  it("leaves a replica lagging beyond the bound until it catches up", async () => {
    await setReplay(true);
    let id: string;
    try {
      id = await newProduct();
      await until("the lagging replica is left", () => !inUse(store));
      const answer = await app.inject({ method: "GET", url: `/api/products/${id}` });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ id });
    } finally {
      await setReplay(false);
    }
    await until("the replica is back in use", () => inUse(store));
    expect(await readProduct(store.reads.db, id)).toMatchObject({ id });
  });

  it("answers every read from the primary while the replica is away, and goes back to it", async () => {
    const id = await newProduct();
    await until("the replica is in use", () => inUse(store));
    const cookie = await signInStaff(app, "inventory");
    await replica.stop("immediate");
    try {
      // Asked before the health check can notice: the failed read is answered by the primary.
      const product = await app.inject({ method: "GET", url: `/api/products/${id}` });
      expect(product.statusCode).toBe(200);
      expect(
        (await asStaff(app, cookie)({ method: "GET", url: `${INVENTORY}/summary` })).statusCode,
      ).toBe(200);
      expect((await app.inject({ method: "GET", url: "/api/categories" })).statusCode).toBe(200);
      await until("the replica is marked away", () => !inUse(store));
      expect(await scrape()).toMatch(/^fhh_read_replica_in_use 0$/m);
      expect(await scrape()).toMatch(/^fhh_read_replica_lag_seconds -1$/m);
      // Checkout writes to the primary and never noticed.
      expect((await placeShopOrder(app, [{ productId: id, quantity: 2 }])).statusCode).toBe(201);
    } finally {
      await replica.start();
    }
    await until("the replica is back in use", () => inUse(store), 20_000);
    expect(await scrape()).toMatch(/^fhh_read_replica_in_use 1$/m);
    await onReplica.end().catch(() => {});
    onReplica = new pg.Client(replica.url());
    onReplica.on("error", () => {});
    await onReplica.connect();
  });
});
