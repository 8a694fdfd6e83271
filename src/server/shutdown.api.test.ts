import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { HEALTH_MESSAGES } from "../shared/contracts/health.ts";
import { buildApp, type StoreApp } from "./app.ts";
import { type DatabaseHandle, pingDatabase } from "./db/client.ts";
import { HEALTH_PATHS } from "./modules/health/health-routes.ts";
import { drainAndClose, IN_FLIGHT_LIMIT_MS } from "./shutdown.ts";
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
  app.get("/api/testing/slow", { config: { public: true } }, async () => {
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

/**
 * Which comes first: the stop finishing, or the in-flight limit (a stop that waited for it cuts
 * the connections left open then). Started before the stop, so the stop's own limit runs later.
 */
function stopOrLimit(stop: () => Promise<void>) {
  const limit = new AbortController();
  return Promise.race([
    stop().then(() => "stopped" as const),
    sleep(IN_FLIGHT_LIMIT_MS, "limit reached" as const, { signal: limit.signal }),
  ]).finally(() => limit.abort());
}

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

      const stopped = stopOrLimit(() => drainAndClose(app, database, { delayMs: 600 }));
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
      expect(await slow).toEqual({ status: 200, body: { finished: true } });
      // Its kept-alive connection was not left open until the limit cut it.
      expect(await stopped).toBe("stopped");
      // The driver's error wraps the database's own.
      await expect(pingDatabase(database.db)).rejects.toMatchObject({
        cause: { message: "the database is closed" },
      });
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
      // The request is still held when the stop finishes, at its own limit, not the store's.
      expect(
        await stopOrLimit(() => drainAndClose(app, database, { delayMs: 0, inFlightMs: 300 })),
      ).toBe("stopped");
      expect(await slow).toBe("cut");
    } finally {
      release();
      await finish(app, database);
    }
  });
});
