import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { HEALTH_MESSAGES } from "../shared/contracts/health.ts";
import { buildApp, type StoreApp } from "./app.ts";
import { type DatabaseHandle, pingDatabase } from "./db/client.ts";
import { HEALTH_PATHS } from "./modules/health/health-routes.ts";
import { drainAndClose } from "./shutdown.ts";
import { openSeededPglite, testConfig } from "./testing/test-app.ts";

/** A listening store with a request the test holds in flight until it lets it go. */
async function listeningStore() {
  const database = await openSeededPglite();
  const app = await buildApp({
    config: testConfig(),
    database,
    logger: false,
  });
  let entered = () => {};
  const inside = new Promise<void>((resolve) => {
    entered = resolve;
  });
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  app.get("/api/testing/slow", async () => {
    entered();
    await released;
    await pingDatabase(database.db);
    return { finished: true };
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { app, database, base, inside, release };
}

/** A request on a connection of its own, as a proxy's health check or a new shopper makes it. */
const fresh = (url: string) =>
  fetch(url, { headers: { connection: "close" } }).then(
    (response) => response.status,
    () => "refused" as const,
  );

async function finish(app: StoreApp, database: DatabaseHandle) {
  await app.close().catch(() => undefined);
  await database.close().catch(() => undefined);
}

describe("stopping an instance (SIGTERM)", () => {
  it("says it is not ready, stops taking requests, finishes the one in flight, then closes the database", async () => {
    const { app, database, base, inside, release } = await listeningStore();
    try {
      const slow = fetch(`${base}/api/testing/slow`).then(async (response) => ({
        status: response.status,
        body: await response.json(),
      }));
      await inside;
      expect(await fresh(`${base}${HEALTH_PATHS.ready}`)).toBe(200);

      const stopped = drainAndClose(app, database, { delayMs: 600 });
      // The delay: still serving, but the proxy's readiness check is told no.
      const ready = await fetch(`${base}${HEALTH_PATHS.ready}`, {
        headers: { connection: "close" },
      });
      expect(ready.status).toBe(503);
      expect((await ready.json()).message).toBe(HEALTH_MESSAGES.draining);
      expect(await fresh(`${base}${HEALTH_PATHS.live}`)).toBe(200);

      await sleep(900);
      // After it: no new request is served, while the one in flight still is.
      expect([503, "refused"]).toContain(await fresh(`${base}${HEALTH_PATHS.live}`));
      release();
      const releasedAt = Date.now();
      expect(await slow).toEqual({ status: 200, body: { finished: true } });
      await stopped;
      // Promptly: its kept-alive connection was not left open until the limit cut it.
      expect(Date.now() - releasedAt).toBeLessThan(3000);
      await expect(pingDatabase(database.db)).rejects.toThrow();
    } finally {
      release();
      await finish(app, database);
    }
  });

  it("cuts a request that outlasts the limit, so a stop never hangs", async () => {
    const { app, database, base, inside, release } = await listeningStore();
    try {
      const slow = fetch(`${base}/api/testing/slow`).then(
        (response) => response.status,
        () => "cut" as const,
      );
      await inside;
      const started = Date.now();
      await drainAndClose(app, database, { delayMs: 0, inFlightMs: 300 });
      expect(Date.now() - started).toBeLessThan(5000);
      expect(await slow).toBe("cut");
    } finally {
      release();
      await finish(app, database);
    }
  });
});
