import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TIMED_STATES } from "../../../../shared/contracts/sales-figures.ts";
import { addDays, shopDate } from "../../../../shared/rules/bulk-delivery-date.ts";
import { CANCEL_REASONS } from "../../../../shared/rules/order-fulfilment.ts";
import { type Database, type DatabaseHandle, rowsOf } from "../../../db/client.ts";
import {
  indiaTime,
  insertOrder,
  rawDayFigures,
  type TestOrder,
} from "../../../testing/sales-figures.ts";
import { createTestDatabase, testDatabaseKinds } from "../../../testing/test-app.ts";
import {
  DAY_FIGURES_COLUMNS,
  type DayFigures,
  type DayFiguresRow,
  dayFiguresOf,
} from "./day-figures.ts";
import { refreshOrderDay, rollUpClosedDays } from "./order-rollup.ts";
import { salesSummary } from "./sales-summary.ts";

const RUNS = Number(process.env.ROLLUP_RUNS ?? 15);
const DAYS_BACK = 5;
const MINUTE = 60_000;

/** The stored figures of every rolled-up day from `from`, as the summary reads them. */
async function storedDays(db: Database, from: string): Promise<DayFigures[]> {
  return rowsOf<DayFiguresRow>(
    await db.execute(sql`
      select ${DAY_FIGURES_COLUMNS} from daily_order_figures
      where day >= ${from}::date order by day`),
  ).map(dayFiguresOf);
}

/** Medians straight from the orders, by PostgreSQL's own percentile. */
async function rawMedians(db: Database, from: Date, to: Date) {
  const minutes = (began: string, ended: string) =>
    sql.raw(
      `percentile_cont(0.5) within group (order by least(greatest(floor(extract(epoch from ${ended} - ${began}) / 60), 0), 1440))
        filter (where ${began} is not null and ${ended} is not null)`,
    );
  const [row] = rowsOf<Record<string, number | null>>(
    await db.execute(sql`
      select ${minutes("placed_at", "confirmed_at")} as placed,
        ${minutes("confirmed_at", "packed_at")} as confirmed,
        ${minutes("packed_at", "out_for_delivery_at")} as packed,
        ${minutes("out_for_delivery_at", "delivered_at")} as out_for_delivery
      from orders where placed_at >= ${from.toISOString()}::timestamptz
        and placed_at < ${to.toISOString()}::timestamptz`),
  );
  return TIMED_STATES.map((state) => (row?.[state] === null ? null : Number(row?.[state])));
}

const PRODUCTS = ["tomatoes", "mangoes", "paneer"] as const;

const orderArbitrary = fc.record({
  daysAgo: fc.integer({ min: 0, max: DAYS_BACK }),
  // Minutes after India midnight, seconds too: orders just either side of midnight count.
  minute: fc.oneof(fc.integer({ min: 0, max: 1439 }), fc.constantFrom(0, 1439)),
  second: fc.integer({ min: 0, max: 59 }),
  paymentMethod: fc.constantFrom("cash", "upi", "card", "gpay", "phonepe"),
  lines: fc.uniqueArray(
    fc.record({
      productId: fc.constantFrom(...PRODUCTS),
      quantity: fc.integer({ min: 1, max: 4 }),
      unitPricePaise: fc.integer({ min: 100, max: 50_000 }),
    }),
    { minLength: 1, maxLength: 3, selector: (line) => line.productId },
  ),
  deliveryFeePaise: fc.constantFrom(0, 4_900),
  /** How far it got before the rollup: 0 placed ... 4 delivered. */
  reached: fc.integer({ min: 0, max: 4 }),
  waits: fc.tuple(
    fc.integer({ min: 0, max: 90 }),
    fc.integer({ min: 0, max: 90 }),
    fc.integer({ min: 0, max: 90 }),
    fc.integer({ min: 0, max: 2_000 }),
  ),
});

const changeArbitrary = fc.record({
  order: fc.nat(),
  kind: fc.constantFrom("advance", "advance", "cancel", "short_pick"),
  minutes: fc.integer({ min: 0, max: 1_600 }),
  reason: fc.constantFrom(...CANCEL_REASONS, null),
  /** Outside a transaction: refreshOrderDay opens its own. */
  autocommit: fc.boolean(),
});

const NEXT = {
  placed: ["confirmed", "confirmed_at"],
  confirmed: ["packed", "packed_at"],
  packed: ["out_for_delivery", "out_for_delivery_at"],
  out_for_delivery: ["delivered", "delivered_at"],
} as const;

type Placed = { id: number; placedAt: Date };
type Change = typeof changeArbitrary extends fc.Arbitrary<infer T> ? T : never;
type OrderSpec = typeof orderArbitrary extends fc.Arbitrary<infer T> ? T : never;

/** A manager's change to an order, written as the move service writes it, then its day refreshed. */
async function applyChange(db: Database, order: Placed, change: Change) {
  const write = async (tx: Pick<Database, "execute">) => {
    const [row] = rowsOf<{ status: string; last_at: string }>(
      await tx.execute(sql`
        select status, greatest(placed_at, confirmed_at, packed_at, out_for_delivery_at)::text
          as last_at
        from orders where id = ${order.id} for update`),
    );
    const status = row!.status;
    if (status === "delivered" || status === "cancelled") return false;
    const at = sql`${row!.last_at}::timestamptz + make_interval(mins => ${change.minutes})`;
    if (change.kind === "advance") {
      const [to, column] = NEXT[status as keyof typeof NEXT];
      await tx.execute(sql`
        update orders set status = ${to}, ${sql.raw(column)} = ${at} where id = ${order.id}`);
    } else if (change.kind === "cancel") {
      await tx.execute(sql`
        update orders set status = 'cancelled', cancelled_at = ${at},
          cancel_reason = ${change.reason} where id = ${order.id}`);
    } else {
      // One unit fewer on the first line that has more than one; the totals follow.
      const [line] = rowsOf<{ id: number; unit_price_paise: number }>(
        await tx.execute(sql`
          select id, unit_price_paise from order_lines where order_id = ${order.id}
            and quantity > 1 order by id limit 1`),
      );
      if (!line) return false;
      const price = Number(line.unit_price_paise);
      await tx.execute(sql`
        update order_lines set quantity = quantity - 1, ordered_quantity = coalesce(ordered_quantity, quantity),
          taxable_paise = taxable_paise - ${price} where id = ${line.id}`);
      await tx.execute(sql`
        update orders set subtotal_paise = subtotal_paise - ${price},
          total_paise = total_paise - ${price} where id = ${order.id}`);
    }
    return true;
  };
  if (change.autocommit) {
    if (await write(db)) await refreshOrderDay(db, order.placedAt);
    return;
  }
  await db.transaction(async (tx) => {
    if (await write(tx)) await refreshOrderDay(tx, order.placedAt);
  });
}

describe.each(testDatabaseKinds)("the order rollup on %s", (kind) => {
  let database: DatabaseHandle;
  let drop: () => Promise<unknown> = async () => {};
  beforeAll(async () => {
    const created = await createTestDatabase(kind);
    database = created.handle;
    drop = created.drop;
  });
  afterAll(async () => {
    await database?.close();
    await drop();
  });

  const clear = async () => {
    await database.db.execute(sql`delete from order_lines`);
    await database.db.execute(sql`delete from orders`);
    await database.db.execute(sql`delete from daily_order_figures`);
  };

  const toTestOrder = (now: Date, order: OrderSpec): TestOrder => {
    const placedAt = new Date(
      indiaTime(now, order.daysAgo, order.minute).getTime() + order.second * 1000,
    );
    const marks: Partial<TestOrder> = {};
    let after = 0;
    const keys = ["confirmedAfter", "packedAfter", "outAfter", "deliveredAfter"] as const;
    for (let step = 0; step < order.reached; step++) {
      after += order.waits[step]!;
      marks[keys[step]!] = after;
    }
    return {
      placedAt: new Date(Math.min(placedAt.getTime(), now.getTime() - MINUTE)),
      paymentMethod: order.paymentMethod,
      lines: order.lines,
      deliveryFeePaise: order.deliveryFeePaise,
      ...marks,
    };
  };

  it("keeps the rolled-up days equal to the raw orders through any mix of later changes", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(orderArbitrary, { minLength: 1, maxLength: 20 }),
        fc.array(changeArbitrary, { maxLength: 25 }),
        async (orders, changes) => {
          await clear();
          const now = new Date();
          const today = shopDate(now);
          const placed: Placed[] = [];
          for (const order of orders) {
            const written = toTestOrder(now, order);
            placed.push({
              id: (await insertOrder(database.db, written)).id,
              placedAt: written.placedAt,
            });
          }
          await rollUpClosedDays(database.db, now);
          for (const change of changes) {
            await applyChange(database.db, placed[change.order % placed.length]!, change);
          }
          const from = addDays(today, -DAYS_BACK);
          const stored = await storedDays(database.db, from);
          const raw = await rawDayFigures(database.db, from, addDays(today, -1));
          // Every closed day from the first order's is there, and nothing for today.
          const first = stored[0]?.day ?? today;
          expect(stored).toEqual(raw.filter((day) => day.day >= first));
          expect(raw.filter((day) => day.day < first).every((day) => day.orders === 0)).toBe(true);

          // The summary (rollup plus today live) and its merged medians agree with the orders.
          const summary = await salesSummary(database.db, 30, now);
          const week = summary.periods.last7Days;
          const rawWeek = await rawDayFigures(database.db, addDays(today, -6), today);
          expect(week.orders).toBe(rawWeek.reduce((sum, day) => sum + day.orders, 0));
          expect(week.revenuePaise).toBe(rawWeek.reduce((sum, day) => sum + day.revenuePaise, 0));
          expect(week.stateMinutes.map((state) => state.medianMinutes)).toEqual(
            await rawMedians(database.db, indiaTime(now, 6, 0), indiaTime(now, -1, 0)),
          );
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("misses no change made while a rollup pass runs", async () => {
    await clear();
    const now = new Date();
    const placed: Placed[] = [];
    for (let index = 0; index < 30; index++) {
      const order: TestOrder = {
        placedAt: indiaTime(now, 1 + (index % 3), 60 + index),
        paymentMethod: index % 2 ? "upi" : "cash",
        lines: [{ productId: "tomatoes", quantity: 2_000, unitPricePaise: 4_000 }],
      };
      placed.push({ id: (await insertOrder(database.db, order)).id, placedAt: order.placedAt });
    }
    const change = (kind: Change["kind"]): Change => ({
      order: 0,
      kind,
      minutes: 5,
      reason: "customer_request",
      autocommit: false,
    });
    // The first pass races thirty moves; a second pass (rewriting the last days) thirty cancels.
    await Promise.all([
      rollUpClosedDays(database.db, now),
      ...placed.map((order) => applyChange(database.db, order, change("advance"))),
    ]);
    await Promise.all([
      ...placed.map((order) => applyChange(database.db, order, change("cancel"))),
      rollUpClosedDays(database.db, now),
    ]);
    const from = addDays(shopDate(now), -3);
    const yesterday = addDays(shopDate(now), -1);
    expect(await storedDays(database.db, from)).toEqual(
      await rawDayFigures(database.db, from, yesterday),
    );
    const cancelled = rowsOf<{ n: number }>(
      await database.db.execute(
        sql`select count(*)::int as n from orders where status = 'cancelled'`,
      ),
    )[0]!.n;
    expect(cancelled).toBe(30);
    expect((await storedDays(database.db, from)).reduce((sum, day) => sum + day.cancelled, 0)).toBe(
      30,
    );
  });
});
