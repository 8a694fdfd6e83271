import { eq, like, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { idempotencyKeys, paymentEvents, rateLimits } from "../../db/schema/index.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";
import { AUTH_LIMITS } from "../auth/auth-limits.ts";
import {
  createHousekeeping,
  IDEMPOTENCY_KEPT_MS,
  PAYMENT_EVENTS_KEPT_MS,
  RATE_LIMITS_KEPT_MS,
} from "./housekeeping.ts";

const HOUR = 60 * 60 * 1000;
const quiet = { info() {}, error() {} };
/** Waits in real time while setTimeout is faked, letting database replies come in. */
async function realPause(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end) await new Promise((resolve) => setImmediate(resolve));
}

describe.each(testDatabaseKinds)("housekeeping on %s", (kind) => {
  const ctx = useTestApp(kind);
  const db = () => ctx.database.db;
  afterEach(() => vi.useRealTimers());

  let runs = 0;
  /** A prefix of its own per test, so each test sees only its rows. */
  const prefix = () => `hk-${kind}-${++runs}-`;

  const addIdempotency = (key: string, ageMs: number, now = Date.now()) =>
    db()
      .insert(idempotencyKeys)
      .values({
        key,
        scope: "checkout",
        requestHash: "h",
        state: "completed",
        responseStatus: 201,
        responseBody: { customer: { name: "Asha Das", address: "12 Saheed Nagar" } },
        createdAt: new Date(now - ageMs),
        completedAt: new Date(now - ageMs),
      });
  const addWindows = (from: string, count: number, ageMs: number, now = Date.now()) =>
    db().execute(sql`
      insert into rate_limits (key, count, window_started_at)
      select ${from} || n, 1, ${now - ageMs}::bigint from generate_series(1, ${count}) as n`);
  const idempotencyLeft = async (start: string) =>
    (
      await db()
        .select({ key: idempotencyKeys.key })
        .from(idempotencyKeys)
        .where(like(idempotencyKeys.key, `${start}%`))
    )
      .map((row) => row.key)
      .sort();
  const windowsLeft = async (start: string) =>
    (
      await db()
        .select({ key: rateLimits.key })
        .from(rateLimits)
        .where(like(rateLimits.key, `${start}%`))
    ).length;

  it("removes idempotency records a day after they were made and keeps younger ones", async () => {
    const p = prefix();
    const now = Date.now();
    await addIdempotency(`${p}old`, IDEMPOTENCY_KEPT_MS + 1000, now);
    await addIdempotency(`${p}abandoned`, 3 * IDEMPOTENCY_KEPT_MS, now);
    await addIdempotency(`${p}young`, IDEMPOTENCY_KEPT_MS - 60_000, now);
    await addIdempotency(`${p}new`, 0, now);

    const report = await ctx.app.housekeeping.runOnce(new Date(now));
    expect(report.idempotencyKeys).toBeGreaterThanOrEqual(2);
    expect(await idempotencyLeft(p)).toEqual([`${p}new`, `${p}young`]);

    // A day later the rest go too.
    await ctx.app.housekeeping.runOnce(new Date(now + IDEMPOTENCY_KEPT_MS + 1000));
    expect(await idempotencyLeft(p)).toEqual([]);
  });

  it("removes rate-limit windows that started over a day ago and keeps running ones", async () => {
    const p = prefix();
    const now = Date.now();
    await addWindows(`${p}old-`, 3, RATE_LIMITS_KEPT_MS + 1000, now);
    await addWindows(`${p}young-`, 2, RATE_LIMITS_KEPT_MS - 60_000, now);
    await addWindows(`${p}live-`, 4, 0, now);

    const report = await ctx.app.housekeeping.runOnce(new Date(now));
    expect(report.rateLimits).toBeGreaterThanOrEqual(3);
    expect(await windowsLeft(`${p}old-`)).toBe(0);
    expect(await windowsLeft(`${p}young-`)).toBe(2);
    expect(await windowsLeft(`${p}live-`)).toBe(4);
  });

  it("keeps every window in use: the longest is shorter than what pruning keeps", () => {
    const windows = Object.values(AUTH_LIMITS).flatMap((action) =>
      action.limits.map((limit) => limit.windowMs),
    );
    expect(Math.max(...windows, HOUR)).toBeLessThan(RATE_LIMITS_KEPT_MS);
  });

  it("clears a backlog larger than one statement deletes, and two instances share it", async () => {
    const p = prefix();
    const now = Date.now();
    await addWindows(p, 3_500, RATE_LIMITS_KEPT_MS + HOUR, now);
    for (let i = 0; i < 30; i++) await addIdempotency(`${p}${i}`, 2 * IDEMPOTENCY_KEPT_MS, now);
    const other = createHousekeeping({ db: db(), log: quiet });

    const reports = await Promise.all([
      ctx.app.housekeeping.runOnce(new Date(now)),
      other.runOnce(new Date(now)),
    ]);
    expect(reports[0].rateLimits + reports[1].rateLimits).toBe(3_500);
    expect(reports[0].idempotencyKeys + reports[1].idempotencyKeys).toBe(30);
    expect(await windowsLeft(p)).toBe(0);
    expect(await idempotencyLeft(p)).toEqual([]);
  });

  it("forgets webhook events after a month, and keeps the recent ones that guard a redelivery", async () => {
    const p = prefix();
    const now = Date.now();
    await db()
      .insert(paymentEvents)
      .values([
        {
          gateway: "test",
          eventId: `${p}old`,
          type: "payment.captured",
          receivedAt: new Date(now - PAYMENT_EVENTS_KEPT_MS - HOUR),
        },
        {
          gateway: "test",
          eventId: `${p}recent`,
          type: "payment.captured",
          receivedAt: new Date(now - HOUR),
        },
      ]);
    const report = await ctx.app.housekeeping.runOnce(new Date(now));
    expect(report.paymentEvents).toBeGreaterThanOrEqual(1);
    const left = await db()
      .select({ eventId: paymentEvents.eventId })
      .from(paymentEvents)
      .where(like(paymentEvents.eventId, `${p}%`));
    expect(left).toEqual([{ eventId: `${p}recent` }]);
  });

  it("prunes when started and then every hour, until stopped", async () => {
    const p = prefix();
    const logged: unknown[] = [];
    const worker = createHousekeeping({
      db: db(),
      log: { info: (fields: unknown) => void logged.push(fields), error() {} },
    });
    const old = () => Date.now() - RATE_LIMITS_KEPT_MS - HOUR;
    const oldCount = async (key: string) =>
      (await db().select({ key: rateLimits.key }).from(rateLimits).where(eq(rateLimits.key, key)))
        .length;
    const addOld = (key: string) =>
      db().insert(rateLimits).values({ key, count: 1, windowStartedAt: old() });

    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      await addOld(`${p}first`);
      worker.start();
      await vi.advanceTimersByTimeAsync(0);
      await vi.waitFor(async () => expect(await oldCount(`${p}first`)).toBe(0));
      // The pass logs once it has pruned everything, a moment after this row went.
      await vi.waitFor(() =>
        expect(logged).toContainEqual(expect.objectContaining({ rateLimits: 1 })),
      );

      await addOld(`${p}second`);
      await vi.advanceTimersByTimeAsync(HOUR - 60_000);
      await realPause(300);
      expect(await oldCount(`${p}second`)).toBe(1);
      await vi.advanceTimersByTimeAsync(60_000);
      await vi.waitFor(async () => expect(await oldCount(`${p}second`)).toBe(0));

      await worker.stop();
      await addOld(`${p}after-stop`);
      await vi.advanceTimersByTimeAsync(3 * HOUR);
      await realPause(300);
      expect(await oldCount(`${p}after-stop`)).toBe(1);
    } finally {
      await worker.stop();
    }
  });
});
