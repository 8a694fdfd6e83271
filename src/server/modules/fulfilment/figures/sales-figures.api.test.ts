import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from "../../../../shared/contracts/checkout.ts";
import {
  ORDER_LINES_CSV_COLUMNS,
  ORDER_LINES_CSV_PATH,
  ORDERS_CSV_COLUMNS,
  ORDERS_CSV_MESSAGES,
  ORDERS_CSV_PATH,
  type PeriodFigures,
  SALES_SUMMARY_PATH,
  type SalesSummary,
} from "../../../../shared/contracts/sales-figures.ts";
import { addDays, shopDate } from "../../../../shared/rules/bulk-delivery-date.ts";
import { parseCsv } from "../../../../shared/rules/csv-text.ts";
import {
  CANCEL_REASON_LABELS,
  ORDER_CANCEL_REASONS,
} from "../../../../shared/rules/order-fulfilment.ts";
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from "../../../../shared/rules/order-status.ts";
import { buildApp, type StoreApp } from "../../../app.ts";
import { loadConfig } from "../../../config.ts";
import { type DatabaseHandle, rowsOf } from "../../../db/client.ts";
import { freshAddress, signUpCustomer, TEST_ORIGIN } from "../../../testing/customers.ts";
import {
  indiaTime,
  insertOrder,
  rawDayFigures,
  type TestOrder,
} from "../../../testing/sales-figures.ts";
import { signInStaff } from "../../../testing/staff.ts";
import { createTestDatabase, testDatabaseKinds } from "../../../testing/test-app.ts";
import { DAY_FIGURES_COLUMNS, type DayFiguresRow, dayFiguresOf } from "./day-figures.ts";
import { salesFiguresRoutes } from "./figures-routes.ts";
import { refreshOrderDay, rollUpClosedDays } from "./order-rollup.ts";
import { ordersCsvChunks } from "./orders-csv.ts";

/**
 * The real app on a database of its own, with the figures' routes even before app.ts registers
 * them (once it does, they are simply there).
 */
function useFiguresApp(kind: "pglite" | "postgres") {
  const ctx = {} as { app: StoreApp; database: DatabaseHandle };
  let drop: () => Promise<unknown> = async () => {};
  beforeAll(async () => {
    const created = await createTestDatabase(kind);
    drop = created.drop;
    const config = loadConfig({
      NODE_ENV: "test",
      WEB_DIST_DIR: "./.tmp/no-web-build",
      LOG_LEVEL: "silent",
    });
    ctx.database = created.handle;
    ctx.app = await buildApp({ config, database: created.handle, logger: false });
    if (!ctx.app.hasRoute({ method: "GET", url: SALES_SUMMARY_PATH })) {
      salesFiguresRoutes(ctx.app, { figures: async () => created.handle.db });
    }
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
    await drop();
  });
  return ctx;
}

/** The export's rows after its header, each cell under its column's name. */
const csvRows = (body: string) =>
  parseCsv(body)
    .records.slice(1)
    .map((record) =>
      Object.fromEntries(ORDERS_CSV_COLUMNS.map((column, index) => [column, record.cells[index]])),
    );

/** Mangoes and tomatoes are weighed (quantities in grams, prices per kg); paneer is by the pack. */
const MANGO = { productId: "mangoes", unitPricePaise: 20_000, unit: "kg" };
const TOMATO = { productId: "tomatoes", unitPricePaise: 4_000, unit: "kg" };
const PANEER = { productId: "paneer", unitPricePaise: 9_000, unit: "pack" };

describe.each(testDatabaseKinds)("the sales figures on %s", (kind) => {
  const ctx = useFiguresApp(kind);
  const now = new Date();
  const today = shopDate(now);
  const startOfToday = indiaTime(now, 0, 0).getTime();
  /** A moment earlier today: a few seconds ago, or just after midnight in the day's first minute. */
  const todayAt = (secondsAgo: number) =>
    new Date(Math.max(now.getTime() - secondsAgo * 1000, startOfToday + secondsAgo * 10));

  const summary = async (query = "") => {
    const cookie = await signInStaff(ctx.app, "sales");
    const response = await ctx.app.inject({
      method: "GET",
      url: `${SALES_SUMMARY_PATH}${query}`,
      headers: { cookie, origin: TEST_ORIGIN },
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as SalesSummary;
  };
  const csv = async (query: string) => {
    const cookie = await signInStaff(ctx.app, "sales");
    return ctx.app.inject({
      method: "GET",
      url: `${ORDERS_CSV_PATH}${query}`,
      headers: { cookie, origin: TEST_ORIGIN },
      remoteAddress: freshAddress(),
    });
  };
  const nameOf = async (id: string) =>
    rowsOf<{ name: string }>(
      await ctx.database.db.execute(sql`select name from products where id = ${id}`),
    )[0]!.name;

  const orders: Record<string, TestOrder> = {
    // Today, counted live.
    a: {
      placedAt: todayAt(3),
      paymentMethod: "cash",
      lines: [{ ...TOMATO, quantity: 2_000 }],
      deliveryFeePaise: 4_900,
    },
    b: {
      placedAt: todayAt(2),
      paymentMethod: "upi",
      lines: [{ ...MANGO, quantity: 1_000 }],
      cancelled: { after: 1, reason: "customer_request" },
    },
    // Yesterday: two on time (one placed ten minutes before midnight), one late, one cancelled.
    c: {
      placedAt: indiaTime(now, 1, 9 * 60),
      paymentMethod: "card",
      lines: [{ ...TOMATO, quantity: 3_000 }],
      confirmedAfter: 5,
      packedAfter: 15,
      outAfter: 20,
      deliveredAfter: 50,
    },
    d: {
      placedAt: indiaTime(now, 1, 12 * 60),
      paymentMethod: "upi",
      lines: [{ ...MANGO, quantity: 1_000 }],
      confirmedAfter: 10,
      packedAfter: 30,
      outAfter: 40,
      deliveredAfter: 75,
    },
    e: {
      placedAt: indiaTime(now, 1, 15 * 60),
      paymentMethod: "cash",
      lines: [{ ...PANEER, quantity: 2 }],
      confirmedAfter: 4,
      cancelled: { after: 20, reason: "out_of_stock" },
    },
    f: {
      placedAt: indiaTime(now, 1, 23 * 60 + 50),
      paymentMethod: "cash",
      lines: [{ ...TOMATO, quantity: 1_000 }],
      deliveryFeePaise: 4_900,
      confirmedAfter: 2,
      packedAfter: 8,
      outAfter: 12,
      deliveredAfter: 40,
    },
    // Three days ago: one on its way, one cancelled before anything happened.
    g: {
      placedAt: indiaTime(now, 3, 10 * 60),
      paymentMethod: "card",
      lines: [{ ...MANGO, quantity: 5_000 }],
      confirmedAfter: 3,
      packedAfter: 9,
      outAfter: 21,
    },
    h: {
      placedAt: indiaTime(now, 3, 11 * 60),
      paymentMethod: "upi",
      lines: [{ ...TOMATO, quantity: 1_000 }],
      cancelled: { after: 2, reason: "address_unreachable" },
    },
    // Ten days ago, and forty (only the 90-day chart reaches it).
    i: {
      placedAt: indiaTime(now, 10, 8 * 60),
      paymentMethod: "cash",
      lines: [{ ...TOMATO, quantity: 10_000 }],
      confirmedAfter: 6,
      packedAfter: 16,
      outAfter: 26,
      deliveredAfter: 56,
    },
    j: {
      placedAt: indiaTime(now, 40, 8 * 60),
      paymentMethod: "card",
      lines: [{ ...MANGO, quantity: 1_000 }],
      confirmedAfter: 1,
      packedAfter: 2,
      outAfter: 3,
      deliveredAfter: 30,
    },
  };
  const placed: Record<string, { id: number; orderNumber: string }> = {};
  let live: SalesSummary;

  it("counts every figure live before any day is rolled up", async () => {
    for (const [key, order] of Object.entries(orders)) {
      placed[key] = await insertOrder(ctx.database.db, order);
    }
    live = await summary("?range=90");
    expect(live.rolledUpThrough).toBeNull();
  });

  it("answers the known orders' figures from the rollup, the same as counted live", async () => {
    expect(await rollUpClosedDays(ctx.database.db)).toBeGreaterThanOrEqual(40);
    const rolled = await summary("?range=90");
    expect(rolled.rolledUpThrough).toBe(addDays(today, -1));
    expect({ ...rolled, rolledUpThrough: null }).toEqual(live);

    const [tomatoes, mangoes] = [await nameOf("tomatoes"), await nameOf("mangoes")];
    const { today: now0, yesterday, last7Days, last30Days } = rolled.periods;
    const headline = (period: PeriodFigures) => ({
      orders: period.orders,
      revenuePaise: period.revenuePaise,
      averageOrderPaise: period.averageOrderPaise,
      cancelled: period.cancelled,
      cancellationRate: period.cancellationRate,
      delivered: period.delivered,
      deliveredOnTime: period.deliveredOnTime,
      onTimeRate: period.onTimeRate,
    });
    // One order counted today; the other was cancelled, counted apart (shared/rules/order-count.ts).
    expect(headline(now0)).toEqual({
      orders: 1,
      revenuePaise: 12_900,
      averageOrderPaise: 12_900,
      cancelled: 1,
      cancellationRate: 0.5,
      delivered: 0,
      deliveredOnTime: 0,
      onTimeRate: null,
    });
    expect(headline(yesterday)).toEqual({
      orders: 3,
      revenuePaise: 40_900,
      averageOrderPaise: 13_633,
      cancelled: 1,
      cancellationRate: 0.25,
      delivered: 3,
      deliveredOnTime: 2,
      onTimeRate: 2 / 3,
    });
    expect(headline(last7Days)).toEqual({
      orders: 5,
      revenuePaise: 153_800,
      averageOrderPaise: 30_760,
      cancelled: 3,
      cancellationRate: 3 / 8,
      delivered: 3,
      deliveredOnTime: 2,
      onTimeRate: 2 / 3,
    });
    expect(headline(last30Days)).toEqual({
      orders: 6,
      revenuePaise: 193_800,
      averageOrderPaise: 32_300,
      cancelled: 3,
      cancellationRate: 3 / 9,
      delivered: 4,
      deliveredOnTime: 3,
      onTimeRate: 0.75,
    });
    expect([yesterday.from, yesterday.to, last30Days.from]).toEqual([
      addDays(today, -1),
      addDays(today, -1),
      addDays(today, -29),
    ]);

    expect(yesterday.paymentMix).toEqual([
      { method: "card", orders: 1, revenuePaise: 12_000 },
      { method: "cash", orders: 1, revenuePaise: 8_900 },
      { method: "upi", orders: 1, revenuePaise: 20_000 },
      { method: "gpay", orders: 0, revenuePaise: 0 },
      { method: "phonepe", orders: 0, revenuePaise: 0 },
    ]);
    expect(last7Days.cancelReasons).toEqual([
      { reason: "out_of_stock", orders: 1 },
      { reason: "customer_request", orders: 1 },
      { reason: "address_unreachable", orders: 1 },
      { reason: "other", orders: 0 },
    ]);
    // Medians: placed 2, 4, 5, 10 -> 4.5; confirmed 6, 10, 20; packed 4, 5, 10; out 28, 30, 35.
    expect(yesterday.stateMinutes).toEqual([
      { state: "placed", medianMinutes: 4.5, orders: 4 },
      { state: "confirmed", medianMinutes: 10, orders: 3 },
      { state: "packed", medianMinutes: 5, orders: 3 },
      { state: "out_for_delivery", medianMinutes: 30, orders: 3 },
    ]);
    // Yesterday's paneer was cancelled: it sold nothing.
    expect(yesterday.topProducts).toEqual({
      byRevenue: [
        { productId: "mangoes", name: mangoes, unit: "kg", units: 1_000, revenuePaise: 20_000 },
        { productId: "tomatoes", name: tomatoes, unit: "kg", units: 4_000, revenuePaise: 16_000 },
      ],
      byUnits: [
        { productId: "tomatoes", name: tomatoes, unit: "kg", units: 4_000, revenuePaise: 16_000 },
        { productId: "mangoes", name: mangoes, unit: "kg", units: 1_000, revenuePaise: 20_000 },
      ],
    });
    expect(last30Days.topProducts.byUnits).toEqual([
      { productId: "tomatoes", name: tomatoes, unit: "kg", units: 16_000, revenuePaise: 64_000 },
      { productId: "mangoes", name: mangoes, unit: "kg", units: 6_000, revenuePaise: 120_000 },
    ]);

    expect(rolled.range).toBe(90);
    expect(rolled.daily).toHaveLength(90);
    expect(rolled.daily.at(-1)).toEqual({ day: today, orders: 1, revenuePaise: 12_900 });
    expect(rolled.daily.find((day) => day.day === addDays(today, -40))).toEqual({
      day: addDays(today, -40),
      orders: 1,
      revenuePaise: 20_000,
    });
    const month = await summary();
    expect(month.range).toBe(30);
    expect(month.daily).toHaveLength(30);
    expect(month.daily[0]!.day).toBe(addDays(today, -29));
    expect(month.periods).toEqual(rolled.periods);

    const hour = Number(
      new Intl.DateTimeFormat("en-GB", {
        timeZone: "Asia/Kolkata",
        hour: "2-digit",
        hourCycle: "h23",
      }).format(orders.a!.placedAt),
    );
    expect(rolled.hourly).toHaveLength(24);
    expect(rolled.hourly.filter((entry) => entry.orders > 0)).toEqual([
      { hour, orders: 1, revenuePaise: 12_900 },
    ]);
  });

  it("agrees with itself: the cards, the charts and the CSV count the same orders and revenue", async () => {
    const { db } = ctx.database;
    // Order i, delivered ten days ago, is partly refunded after delivery: ₹30 back.
    await db.execute(sql`
      insert into delivered_refunds (order_id, key, reason, goods, lines, total_paise,
        credit_note_number, staff_name)
      values (${placed.i!.id}, 'agree', 'goodwill', 'restock',
        ${JSON.stringify([{ productId: "tomatoes", name: "Tomatoes", unit: "kg", quantity: 0, taxablePaise: 3_000, gstPaise: 0 }])}::jsonb,
        3000, ${`FCN/TEST/${kind}`}, 'Test')`);
    await refreshOrderDay(db, orders.i!.placedAt);
    const figures = await summary();
    const from = addDays(today, -29);
    const response = await csv(`?from=${from}&to=${today}`);
    expect(response.statusCode, response.body).toBe(200);
    const counted = csvRows(response.body).filter((row) => row.counted === "yes");
    const paise = (rupees: string | undefined) => Math.round(Number(rupees) * 100);
    const csvRevenue = (rows: typeof counted) =>
      rows.reduce((sum, row) => sum + paise(row.total) - paise(row.refunded), 0);

    const week = figures.periods.last30Days;
    const chartWeek = figures.daily.filter((day) => day.day >= from);
    expect(counted).toHaveLength(week.orders);
    expect(chartWeek.reduce((sum, day) => sum + day.orders, 0)).toBe(week.orders);
    expect(csvRevenue(counted)).toBe(week.revenuePaise);
    expect(chartWeek.reduce((sum, day) => sum + day.revenuePaise, 0)).toBe(week.revenuePaise);
    expect(week.paymentMix.reduce((sum, method) => sum + method.orders, 0)).toBe(week.orders);
    expect(week.averageOrderPaise).toBe(Math.round(week.revenuePaise / week.orders));

    const day = figures.periods.today;
    const todays = counted.filter((row) => row.placed_at_ist?.startsWith(today));
    expect(todays).toHaveLength(day.orders);
    expect(figures.hourly.reduce((sum, hour) => sum + hour.orders, 0)).toBe(day.orders);
    expect(figures.hourly.reduce((sum, hour) => sum + hour.revenuePaise, 0)).toBe(day.revenuePaise);
    expect(csvRevenue(todays)).toBe(day.revenuePaise);
    // The refund shows in the export and comes off the month's revenue.
    const i = csvRows(response.body).find((row) => row.order_number === placed.i!.orderNumber)!;
    expect(i).toMatchObject({ refunded: "30", counted: "yes" });
    expect(week.revenuePaise).toBe(193_800 - 3_000);
  });

  it("recomputes a closed day when one of its orders changes, in the change's transaction", async () => {
    const { db } = ctx.database;
    const before = await summary();
    // Order g, on its way three days ago, is cancelled; yesterday's c is short-picked.
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        update orders set status = 'cancelled', cancelled_at = now(), cancel_reason = 'other'
        where id = ${placed.g!.id}`);
      await refreshOrderDay(tx, orders.g!.placedAt);
    });
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        update order_lines set quantity = 2000, ordered_quantity = 3000, taxable_paise = 8000
        where order_id = ${placed.c!.id}`);
      await tx.execute(sql`
        update orders set subtotal_paise = 8000, total_paise = 8000 where id = ${placed.c!.id}`);
      await refreshOrderDay(tx, orders.c!.placedAt);
    });
    // A change rolled back leaves the figures as they were.
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`update orders set status = 'cancelled' where id = ${placed.f!.id}`);
        await refreshOrderDay(tx, orders.f!.placedAt);
        tx.rollback();
      })
      .catch(() => {});
    const after = await summary();
    expect(after.periods.yesterday.revenuePaise).toBe(
      before.periods.yesterday.revenuePaise - 4_000,
    );
    expect(after.periods.last7Days.revenuePaise).toBe(
      before.periods.last7Days.revenuePaise - 100_000 - 4_000,
    );
    expect(after.periods.last7Days.cancelled).toBe(4);
    expect(
      after.periods.last7Days.cancelReasons.find((entry) => entry.reason === "other")?.orders,
    ).toBe(1);
    expect(after.periods.yesterday.topProducts.byUnits[0]).toMatchObject({
      productId: "tomatoes",
      units: 3_000,
      revenuePaise: 12_000,
    });
    expect(after.periods.yesterday.stateMinutes).toEqual(before.periods.yesterday.stateMinutes);
    const yesterday = addDays(today, -1);
    const [stored] = rowsOf<{ orders: number; revenue_paise: string | number }>(
      await db.execute(
        sql`select orders, revenue_paise from daily_order_figures where day = ${yesterday}::date`,
      ),
    );
    expect(Number(stored!.revenue_paise)).toBe(after.periods.yesterday.revenuePaise);

    // Today's orders are counted live: nothing is written for today.
    await refreshOrderDay(db, orders.a!.placedAt);
    const todays = await db.execute(
      sql`select 1 from daily_order_figures where day = ${today}::date`,
    );
    expect(rowsOf(todays)).toHaveLength(0);
  });

  it("keeps every rolled-up day equal to the figures of the raw orders", async () => {
    const from = addDays(today, -45);
    const expected = await rawDayFigures(ctx.database.db, from, addDays(today, -1));
    const stored = rowsOf<DayFiguresRow>(
      await ctx.database.db.execute(sql`
        select ${DAY_FIGURES_COLUMNS} from daily_order_figures
        where day >= ${from}::date order by day`),
    ).map(dayFiguresOf);
    expect(stored.filter((day) => day.orders > 0)).toEqual(
      expected.filter((day) => day.orders > 0),
    );
  });

  it("a second rollup pass on the same clock rewrites only the last closed days", async () => {
    expect(await rollUpClosedDays(ctx.database.db)).toBe(2);
    // A clock ahead of the database's (a test's "tomorrow") closes nothing early.
    await rollUpClosedDays(ctx.database.db, new Date(now.getTime() + 3 * 86_400_000));
    const ahead = await ctx.database.db.execute(
      sql`select 1 from daily_order_figures where day >= ${today}::date`,
    );
    expect(rowsOf(ahead)).toHaveLength(0);
  });

  it("exports the orders of a range of India days as CSV, formulas defused", async () => {
    const risky = await insertOrder(ctx.database.db, {
      placedAt: indiaTime(now, 2, 30),
      firstName: '=HYPERLINK("http://evil.example","click")',
      lines: [{ ...TOMATO, quantity: 1_000 }],
      deliveryFeePaise: 4_950,
    });
    const from = addDays(today, -3);
    const response = await csv(`?from=${from}&to=${addDays(today, -1)}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="orders-${from}-to-${addDays(today, -1)}.csv"`,
    );
    const { records } = parseCsv(response.body);
    expect(records[0]!.cells).toEqual([...ORDERS_CSV_COLUMNS]);
    const rows = csvRows(response.body);
    // Placed on those days, in the order they were placed (f ten minutes before midnight).
    expect(rows.map((row) => row.order_number)).toEqual([
      placed.g!.orderNumber,
      placed.h!.orderNumber,
      risky.orderNumber,
      placed.c!.orderNumber,
      placed.d!.orderNumber,
      placed.e!.orderNumber,
      placed.f!.orderNumber,
    ]);
    const f = rows.at(-1)!;
    expect(f).toMatchObject({
      placed_at_ist: `${addDays(today, -1)} 23:50:00`,
      status: "Delivered",
      payment_method: "Cash on Delivery",
      // Items as the shopper counts them: a kilo (or part of one) of tomatoes is one item; the
      // grams are in the order lines' export.
      units: "1",
      subtotal: "40",
      delivery_fee: "49",
      total: "89",
      delivered_at_ist: `${today} 00:30:00`,
      cancel_reason: "",
    });
    expect(rows[1]).toMatchObject({ status: "Cancelled", cancel_reason: "Address not reachable" });
    const evil = rows[2]!;
    expect(evil.customer_name).toBe(`'=HYPERLINK("http://evil.example","click") Das`);
    expect(evil.delivery_fee).toBe("49.50");
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.example"",""click"") Das"`);
  });

  it("exports a cash order cancelled on the road as not collected, not pending", async () => {
    // Long before any figure's reach, so no other test here counts them.
    const day = addDays(today, -100);
    const onTheRoad = await insertOrder(ctx.database.db, {
      placedAt: indiaTime(now, 100, 10 * 60),
      paymentMethod: "cash",
      lines: [{ ...TOMATO, quantity: 1_000 }],
      confirmedAfter: 2,
      packedAfter: 6,
      outAfter: 10,
      cancelled: { after: 30, reason: "address_unreachable" },
    });
    const waiting = await insertOrder(ctx.database.db, {
      placedAt: indiaTime(now, 100, 11 * 60),
      paymentMethod: "cash",
      lines: [{ ...TOMATO, quantity: 1_000 }],
      confirmedAfter: 2,
    });
    // Cash is pending until it is collected at the door; neither of these was.
    await ctx.database.db.execute(sql`
      update orders set payment_status = 'pending'
      where order_number in (${onTheRoad.orderNumber}, ${waiting.orderNumber})`);
    const response = await csv(`?from=${day}&to=${day}`);
    expect(response.statusCode, response.body).toBe(200);
    const rows = csvRows(response.body).map((row) => ({
      number: row.order_number,
      status: row.status,
      payment: row.payment_status,
    }));
    expect(rows).toEqual([
      { number: onTheRoad.orderNumber, status: "Cancelled", payment: "Not collected" },
      { number: waiting.orderNumber, status: "Confirmed", payment: "Payment pending" },
    ]);
  });

  it("writes every state, payment and reason in the shop's words, never a code", async () => {
    // Long before any figure's reach, so no other test here counts them.
    const day = addDays(today, -140);
    const at = (minutes: number) => indiaTime(now, 140, 8 * 60 + minutes);
    const reached: Omit<TestOrder, "placedAt" | "lines">[] = [
      {},
      { confirmedAfter: 2 },
      { confirmedAfter: 2, packedAfter: 5 },
      { confirmedAfter: 2, packedAfter: 5, outAfter: 9 },
      { confirmedAfter: 2, packedAfter: 5, outAfter: 9, deliveredAfter: 30 },
      ...ORDER_CANCEL_REASONS.map((reason) => ({ cancelled: { after: 3, reason } })),
    ];
    let index = 0;
    for (const state of reached) {
      for (const paymentMethod of PAYMENT_METHODS) {
        await insertOrder(ctx.database.db, {
          placedAt: at(index++),
          paymentMethod,
          lines: [{ ...TOMATO, quantity: 1_000 }],
          ...state,
        });
      }
    }
    const response = await csv(`?from=${day}&to=${day}`);
    expect(response.statusCode, response.body).toBe(200);
    const rows = csvRows(response.body);
    expect(rows).toHaveLength(reached.length * PAYMENT_METHODS.length);
    // A code is lower case with underscores (out_for_delivery, cash, address_unreachable).
    const code = /^[a-z]+(_[a-z]+)*$/;
    const labelColumns = ["status", "payment_method", "payment_status", "cancel_reason"] as const;
    for (const row of rows) {
      for (const column of labelColumns) {
        expect(row[column], `${row.order_number} ${column}`).not.toMatch(code);
        expect(row[column]).not.toBe("Unknown");
      }
    }
    expect(new Set(rows.map((row) => row.status))).toEqual(
      new Set(
        ORDER_STATUSES.filter((status) => status !== "awaiting_payment").map(
          (status) => ORDER_STATUS_LABELS[status],
        ),
      ),
    );
    expect(new Set(rows.map((row) => row.payment_method))).toEqual(
      new Set(Object.values(PAYMENT_METHOD_LABELS)),
    );
    expect(new Set(rows.map((row) => row.cancel_reason))).toEqual(
      new Set(["", ...Object.values(CANCEL_REASON_LABELS)]),
    );
    expect(rows.some((row) => row.status === "Out for delivery")).toBe(true);
    // The order lines' export says the state the same way.
    const cookie = await signInStaff(ctx.app, "sales");
    const lines = await ctx.app.inject({
      method: "GET",
      url: `${ORDER_LINES_CSV_PATH}?from=${day}&to=${day}`,
      headers: { cookie, origin: TEST_ORIGIN },
      remoteAddress: freshAddress(),
    });
    const statusAt = ORDER_LINES_CSV_COLUMNS.indexOf("status");
    const states = parseCsv(lines.body)
      .records.slice(1)
      .map((record) => record.cells[statusAt]);
    expect(states.length).toBeGreaterThan(0);
    for (const state of states) expect(state).not.toMatch(code);
  });

  it("pages through orders placed at the same moment without skipping or repeating one", async () => {
    const at = indiaTime(now, 20, 600);
    const numbers: string[] = [];
    for (let index = 0; index < 7; index++) {
      numbers.push(
        (
          await insertOrder(ctx.database.db, {
            placedAt: at,
            lines: [{ ...TOMATO, quantity: 1_000 }],
          })
        ).orderNumber,
      );
    }
    const day = addDays(today, -20);
    let text = "";
    for await (const chunk of ordersCsvChunks(ctx.database.db, { from: day, to: day }, 3))
      text += chunk;
    const listed = parseCsv(text)
      .records.slice(1)
      .map((record) => record.cells[0]);
    expect(listed).toEqual(numbers);
    const empty = await csv(`?from=2020-01-01&to=2020-01-31`);
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toBe(`${ORDERS_CSV_COLUMNS.join(",")}\r\n`);
  });

  it("refuses a range it cannot export, saying why", async () => {
    const cases: [string, string, string][] = [
      ["", "from", ORDERS_CSV_MESSAGES.fromInvalid],
      ["?from=2026-02-30&to=2026-03-01", "from", ORDERS_CSV_MESSAGES.fromInvalid],
      ["?from=2026-03-01&to=tomorrow", "to", ORDERS_CSV_MESSAGES.toInvalid],
      ["?from=2026-03-02&to=2026-03-01", "to", ORDERS_CSV_MESSAGES.reversed],
      ["?from=2025-01-01&to=2026-01-02", "to", ORDERS_CSV_MESSAGES.tooLong],
      // Days PostgreSQL cannot turn into instants (there is no year 0; 9999-12-31 has no next day).
      ["?from=0000-01-01&to=0000-01-02", "from", ORDERS_CSV_MESSAGES.fromInvalid],
      ["?from=9999-12-30&to=9999-12-31", "from", ORDERS_CSV_MESSAGES.fromInvalid],
    ];
    for (const [query, field, message] of cases) {
      const response = await csv(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({
        code: "VALIDATION_FAILED",
        field,
        message: `${field}: ${message}`,
      });
    }
    expect((await csv(`?from=2024-01-01&to=2024-12-31`)).statusCode).toBe(200);
    const cookie = await signInStaff(ctx.app, "sales");
    const wrongRange = await ctx.app.inject({
      method: "GET",
      url: `${SALES_SUMMARY_PATH}?range=45`,
      headers: { cookie, origin: TEST_ORIGIN },
      remoteAddress: freshAddress(),
    });
    expect(wrongRange.statusCode).toBe(400);
  });

  it("answers only the sales manager: 401 without a session, 403 for anyone else", async () => {
    const customer = await signUpCustomer(ctx.app);
    const callers: [string | undefined, number][] = [
      [undefined, 401],
      [customer.cookie, 403],
      [await signInStaff(ctx.app, "inventory"), 403],
      [await signInStaff(ctx.app, "customer-relations"), 403],
      [await signInStaff(ctx.app, "sales"), 200],
    ];
    for (const url of [SALES_SUMMARY_PATH, `${ORDERS_CSV_PATH}?from=${today}&to=${today}`]) {
      for (const [cookie, status] of callers) {
        const response = await ctx.app.inject({
          method: "GET",
          url,
          headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
          remoteAddress: freshAddress(),
        });
        expect(response.statusCode, `${url} ${cookie?.slice(0, 12)}`).toBe(status);
      }
    }
  });
});
