import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIVE_TOPICS } from "../../../shared/contracts/live-topics.ts";
import { MAX_STREAMS_PER_MEMBER } from "../../../shared/contracts/staff-events.ts";
import type { StaffRole } from "../../../shared/rules/staff.ts";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { signUpCustomer, TEST_ORIGIN } from "../../testing/customers.ts";
import { signInStaff } from "../../testing/staff.ts";
import { type OpenStream, openStaffStream } from "../../testing/staff-stream.ts";
import { createTestDatabase, testDatabaseKinds } from "../../testing/test-app.ts";
import { notifyStaff, type StaffEvent } from "../live/notices.ts";

const config = loadConfig({
  NODE_ENV: "test",
  WEB_DIST_DIR: "./.tmp/no-web-build",
  LOG_LEVEL: "silent",
});

/**
 * A store instance listening on a real port; streams' sessions are looked at every 200 ms and
 * heartbeats sent every 150 ms, unless `storeTimings` asks for the store's own.
 */
async function startInstance(database: DatabaseHandle, { storeTimings = false } = {}) {
  const app = await buildApp({
    config,
    database,
    logger: false,
    staffStreamTimings: storeTimings ? {} : { sessionCheckMs: 200, heartbeatMs: 150 },
  });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { app, baseUrl: `http://127.0.0.1:${port}` };
}

type Instance = Awaited<ReturnType<typeof startInstance>>;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * Whether the stream ends by itself, nothing else asked of the store meanwhile. The wait is only
 * the test's timeout: far less than the minute an open stream once took to notice a sign-out.
 */
const endsByItself = (stream: OpenStream) =>
  Promise.race([stream.ended.then(() => true), pause(10_000).then(() => false)]);
const stillOpen = async (stream: OpenStream) =>
  !(await Promise.race([stream.ended.then(() => true), pause(0).then(() => false)]));
let marks = 0;
const mark = () => `event-${Date.now()}-${++marks}`;
const hasId = (id: string) => (event: unknown) => (event as { id?: string }).id === id;

describe.each(testDatabaseKinds)("the staff event stream on %s", (kind) => {
  let database: DatabaseHandle;
  let drop: () => Promise<unknown> = async () => {};
  let store: Instance;
  /** PostgreSQL only: a second instance on the same database. */
  let otherDatabase: DatabaseHandle | undefined;
  let other: Instance | undefined;
  const streams: OpenStream[] = [];
  const cookies = new Map<StaffRole, string>();

  async function stream(role: StaffRole, instance: Instance = store) {
    let cookie = cookies.get(role);
    if (!cookie) {
      cookie = await signInStaff(instance.app, role);
      cookies.set(role, cookie);
    }
    const opened = await openStaffStream(instance.baseUrl, cookie);
    streams.push(opened);
    return opened;
  }

  const notify = (event: StaffEvent, on: DatabaseHandle = database) =>
    on.db.transaction((tx) => notifyStaff(tx, event));

  beforeAll(async () => {
    const created = await createTestDatabase(kind);
    drop = created.drop;
    database = created.handle;
    store = await startInstance(database);
    if (created.url) {
      otherDatabase = await openDatabase({ databaseUrl: created.url });
      other = await startInstance(otherDatabase);
    }
  });
  afterAll(async () => {
    for (const open of streams) open.close();
    await other?.app.close();
    await otherDatabase?.close();
    await store?.app.close();
    await database?.close();
    await drop();
  });

  it("answers 401 without a session and 403 for a customer, before any stream opens", async () => {
    const anonymous = await store.app.inject({ method: "GET", url: "/api/staff/events" });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe("Please sign in as staff.");
    const { cookie } = await signUpCustomer(store.app);
    const customer = await store.app.inject({
      method: "GET",
      url: "/api/staff/events",
      headers: { cookie },
    });
    expect(customer.statusCode).toBe(403);
    const forged = await store.app.inject({
      method: "GET",
      url: "/api/staff/events",
      headers: { cookie: "fhh_staff.session_token=made-up.signature" },
    });
    expect(forged.statusCode).toBe(401);
  });

  it("streams unbuffered server-sent events with the store's security headers", async () => {
    const opened = await stream("inventory");
    expect(opened.status).toBe(200);
    expect(opened.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(opened.headers["x-accel-buffering"]).toBe("no");
    expect(opened.headers["cache-control"]).toBe("no-cache, no-transform");
    expect(opened.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(opened.headers["content-encoding"]).toBeUndefined();
    await pause(400);
    expect(opened.text()).toMatch(/^retry: \d+\n/);
    // Comment lines keep a quiet connection open through proxies; browsers ignore them.
    expect(opened.text()).toContain("\n: heartbeat\n\n");
    opened.close();
  });

  it("delivers committed events in the order they were committed, only to the dashboards they name", async () => {
    const inventory = await stream("inventory");
    const sales = await stream("sales");
    const forInventory = mark();
    const forBoth = mark();
    const ours = (opened: OpenStream) =>
      opened
        .events()
        .map((event) => (event as { id?: string }).id)
        .filter((id) => id === forInventory || id === forBoth);
    await notify({ topic: LIVE_TOPICS.stock, dashboards: ["inventory"], id: forInventory });
    await notify({ topic: LIVE_TOPICS.orders, dashboards: ["inventory", "sales"], id: forBoth });
    // The waits are only the test's bound, not a measure of how soon events arrive.
    expect(await inventory.waitFor(hasId(forInventory), 10_000)).toEqual({
      topic: LIVE_TOPICS.stock,
      dashboards: ["inventory"],
      id: forInventory,
    });
    await inventory.waitFor(hasId(forBoth), 10_000);
    expect(ours(inventory)).toEqual([forInventory, forBoth]);
    // Events reach every stream in the order committed: had the first been sent to the sales
    // stream, it would be there before the second.
    await sales.waitFor(hasId(forBoth), 10_000);
    expect(ours(sales)).toEqual([forBoth]);
    inventory.close();
    sales.close();
  });

  it("delivers nothing for a transaction that rolls back", async () => {
    const inventory = await stream("inventory");
    const rolledBack = mark();
    const committed = mark();
    await database.db
      .transaction(async (tx) => {
        await notifyStaff(tx, {
          topic: LIVE_TOPICS.stock,
          dashboards: ["inventory"],
          id: rolledBack,
        });
        throw new Error("changed my mind");
      })
      .catch(() => {});
    await notify({ topic: LIVE_TOPICS.stock, dashboards: ["inventory"], id: committed });
    await inventory.waitFor(hasId(committed));
    await pause(300);
    expect(inventory.events().some(hasId(rolledBack))).toBe(false);
    inventory.close();
  });

  it.runIf(kind === "postgres")(
    "shows each instance the other's events (two stores on one database)",
    async () => {
      const here = await stream("sales", store);
      const there = await stream("sales", other!);
      const fromThere = mark();
      const fromHere = mark();
      await notify(
        { topic: LIVE_TOPICS.orders, dashboards: ["sales"], id: fromThere },
        otherDatabase!,
      );
      await notify({ topic: LIVE_TOPICS.orders, dashboards: ["sales"], id: fromHere }, database);
      await here.waitFor(hasId(fromThere));
      await there.waitFor(hasId(fromHere));
      await here.waitFor(hasId(fromHere));
      await there.waitFor(hasId(fromThere));
      here.close();
      there.close();
    },
  );

  it(`refuses a member's stream past ${MAX_STREAMS_PER_MEMBER} open at once, even all at once`, async () => {
    const cookie = await signInStaff(store.app, "customer-relations");
    const attempts = await Promise.all(
      Array.from({ length: MAX_STREAMS_PER_MEMBER + 3 }, () =>
        openStaffStream(store.baseUrl, cookie),
      ),
    );
    streams.push(...attempts);
    const statuses = attempts.map((attempt) => attempt.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(MAX_STREAMS_PER_MEMBER);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
    const refused = attempts.find((attempt) => attempt.status === 429)!;
    await refused.ended;
    expect(JSON.parse(refused.text()).message).toMatch(/too many dashboard windows/);
    // Another member is not held back by this one's streams.
    expect((await stream("inventory")).status).toBe(200);
    // Closing one makes room for one more.
    const open = attempts.filter((attempt) => attempt.status === 200);
    open[0]!.close();
    await pause(200);
    const again = await openStaffStream(store.baseUrl, cookie);
    streams.push(again);
    expect(again.status).toBe(200);
    for (const attempt of [...open, again]) attempt.close();
  });

  it("ends the stream when its member signs out, and the browser cannot reopen it", async () => {
    const cookie = await signInStaff(store.app, "sales");
    const opened = await openStaffStream(store.baseUrl, cookie);
    streams.push(opened);
    expect(opened.status).toBe(200);
    const signOut = await store.app.inject({
      method: "POST",
      url: "/api/staff/auth/sign-out",
      headers: { cookie, origin: TEST_ORIGIN },
    });
    expect(signOut.statusCode).toBe(200);
    const ended = await Promise.race([
      opened.ended.then(() => true),
      pause(2000).then(() => false),
    ]);
    expect(ended).toBe(true);
    const reopened = await openStaffStream(store.baseUrl, cookie);
    expect(reopened.status).toBe(401);
  });

  it("ends the stream when its session has been idle for 30 minutes, though the stream is open", async () => {
    const cookie = await signInStaff(store.app, "customer-relations");
    const opened = await openStaffStream(store.baseUrl, cookie);
    streams.push(opened);
    expect(opened.status).toBe(200);
    // The open stream itself does not count as activity: only requests move last-seen on.
    await pause(600);
    expect(await Promise.race([opened.ended.then(() => true), pause(0).then(() => false)])).toBe(
      false,
    );
    const token = decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!;
    await database.db.execute(
      sql`update staff_sessions set updated_at = now() - interval '31 minutes' where token = ${token}`,
    );
    const ended = await Promise.race([
      opened.ended.then(() => true),
      pause(2000).then(() => false),
    ]);
    expect(ended).toBe(true);
  });

  describe("with the store's own timings", () => {
    /** The store as it runs: no shortened session checks. */
    let running: Instance;
    let runningThere: Instance | undefined;
    beforeAll(async () => {
      running = await startInstance(database, { storeTimings: true });
      if (otherDatabase) runningThere = await startInstance(otherDatabase, { storeTimings: true });
    });
    afterAll(async () => {
      await runningThere?.app.close();
      await running?.app.close();
    });

    async function openFor(role: StaffRole, on: Instance) {
      const cookie = await signInStaff(on.app, role, { fresh: true });
      const opened = await openStaffStream(on.baseUrl, cookie);
      streams.push(opened);
      expect(opened.status).toBe(200);
      expect(await stillOpen(opened)).toBe(true);
      return { cookie, opened };
    }
    const signOut = (on: Instance, cookie: string) =>
      on.app.inject({
        method: "POST",
        url: "/api/staff/auth/sign-out",
        headers: { cookie, origin: TEST_ORIGIN },
      });

    it("ends the stream soon after its member signs out, by itself", async () => {
      const { cookie, opened } = await openFor("sales", running);
      expect((await signOut(running, cookie)).statusCode).toBe(200);
      expect(await endsByItself(opened)).toBe(true);
    });

    it("ends the stream when its session is deleted, as a password change deletes the others", async () => {
      const { cookie, opened } = await openFor("inventory", running);
      const token = decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!;
      await database.db.execute(sql`delete from staff_sessions where token = ${token}`);
      expect(await endsByItself(opened)).toBe(true);
    });

    it("leaves the member's other sessions' streams open", async () => {
      const first = await openFor("customer-relations", running);
      const second = await openFor("customer-relations", running);
      expect((await signOut(running, first.cookie)).statusCode).toBe(200);
      expect(await endsByItself(first.opened)).toBe(true);
      expect(await stillOpen(second.opened)).toBe(true);
      second.opened.close();
    });

    it.runIf(kind === "postgres")(
      "ends the stream when the member signs out on another instance",
      async () => {
        const { cookie, opened } = await openFor("sales", running);
        expect((await signOut(runningThere!, cookie)).statusCode).toBe(200);
        expect(await endsByItself(opened)).toBe(true);
      },
    );
  });

  it("closes with streams open, ending them rather than waiting for them to end", async () => {
    const instance = await startInstance(database);
    const cookie = await signInStaff(instance.app, "inventory");
    const open = [
      await openStaffStream(instance.baseUrl, cookie),
      await openStaffStream(instance.baseUrl, cookie),
    ];
    expect(open.map((stream) => stream.status)).toEqual([200, 200]);
    for (const stream of open) expect(await stillOpen(stream)).toBe(true);
    // A stream never ends by itself: a close that waited for them would never finish. The wait
    // is only the test's bound.
    const closing = instance.app.close().then(() => "closed" as const);
    expect(await Promise.race([closing, pause(10_000).then(() => "still closing")])).toBe("closed");
    for (const stream of open) expect(await endsByItself(stream)).toBe(true);
  });
});
