import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import v8 from "node:v8";
import vm from "node:vm";
import { sql } from "drizzle-orm";
import { buildApp, type StoreApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config.ts";
import { rowsOf } from "../src/server/db/client.ts";
import { seedDatabase } from "../src/server/db/seed/seed.ts";
import { rollUpClosedDays } from "../src/server/modules/fulfilment/figures/order-rollup.ts";
import { rollUpDailySales } from "../src/server/modules/inventory/sales-figures.ts";
import { FEEDBACK_API, RATINGS_API } from "../src/shared/contracts/customer-voice.ts";
import { largeOrdersPath } from "../src/shared/contracts/large-orders.ts";
import { RELATIONS_FIGURES_API } from "../src/shared/contracts/relations-figures.ts";
import { SALES_API } from "../src/shared/contracts/sales.ts";
import { ORDERS_CSV_PATH, SALES_SUMMARY_PATH } from "../src/shared/contracts/sales-figures.ts";
import { CUSTOMER_RELATIONS_API } from "../src/shared/contracts/support-inbox.ts";
import { addDays, shopDate } from "../src/shared/rules/bulk-delivery-date.ts";
import type { StaffRole } from "../src/shared/rules/staff.ts";
import { seedBenchAudit, seedBenchOrders } from "./support/bench-orders.ts";
import {
  ratingColumns,
  seedBenchVoice,
  type VoiceSeeded,
  type VoiceSizes,
} from "./support/bench-voice.ts";
import { percentile } from "./support/checkout-steps.ts";
import { mdTable, ROOT, textTable } from "./support/child.ts";
import { freshDatabase } from "./support/fresh-database.ts";

type Kind = "pglite" | "postgres";
const TARGET_P95_MS: Record<Kind, number> = { pglite: 300, postgres: 100 };

type Ids = {
  productId: string;
  yesterday: string;
  /** An order from the middle of the year, and its shopper's phone and email. */
  orderNumber: string;
  phone: string;
  email: string;
  /** A ticket from the middle of the year with a thread of three entries. */
  ticketReference: string;
};

/**
 * Every endpoint a dashboard calls when it loads, by the member who calls it. The sales and
 * customer-relations dashboards add theirs here.
 */
const ENDPOINTS: { role: StaffRole; path: (ids: Ids) => string }[] = [
  { role: "inventory", path: () => "/api/staff/inventory/summary" },
  { role: "inventory", path: () => "/api/staff/inventory/products" },
  {
    role: "inventory",
    path: ({ productId }) => `/api/staff/inventory/products/${productId}/movements`,
  },
  { role: "inventory", path: () => "/api/staff/inventory/audit" },
  { role: "inventory", path: () => largeOrdersPath("inventory") },
  { role: "sales", path: () => "/api/staff/sales/audit" },
  { role: "sales", path: () => largeOrdersPath("sales") },
  // The order board: its first page as it opens, all orders, and the searches a manager types.
  { role: "sales", path: () => `${SALES_API}/orders?status=open` },
  { role: "sales", path: () => `${SALES_API}/orders` },
  { role: "sales", path: ({ orderNumber }) => `${SALES_API}/orders?q=${orderNumber}` },
  { role: "sales", path: ({ phone }) => `${SALES_API}/orders?q=${encodeURIComponent(phone)}` },
  { role: "sales", path: ({ email }) => `${SALES_API}/orders?q=${encodeURIComponent(email)}` },
  { role: "sales", path: () => `${SALES_API}/orders?status=delivered&paymentMethod=card` },
  { role: "sales", path: ({ orderNumber }) => `${SALES_API}/orders/${orderNumber}` },
  { role: "sales", path: () => `${SALES_API}/pick-list` },
  { role: "sales", path: () => SALES_SUMMARY_PATH },
  { role: "sales", path: () => `${SALES_SUMMARY_PATH}?range=90` },
  // A day of orders as CSV (a year's export is timed on its own, below).
  {
    role: "sales",
    path: ({ yesterday }) => `${ORDERS_CSV_PATH}?from=${yesterday}&to=${yesterday}`,
  },
  { role: "customer-relations", path: () => "/api/staff/customer-relations/audit" },
  // The inbox as it opens (open tickets, most urgent first), those waiting on the customer, one
  // ticket with its thread, the figures at the top, the ratings, the low ones and the feedback.
  { role: "customer-relations", path: () => `${CUSTOMER_RELATIONS_API}/tickets` },
  { role: "customer-relations", path: () => `${CUSTOMER_RELATIONS_API}/tickets?status=waiting` },
  {
    role: "customer-relations",
    path: ({ ticketReference }) => `${CUSTOMER_RELATIONS_API}/tickets/${ticketReference}`,
  },
  { role: "customer-relations", path: () => RELATIONS_FIGURES_API },
  { role: "customer-relations", path: () => RATINGS_API },
  { role: "customer-relations", path: () => `${RATINGS_API}/low` },
  { role: "customer-relations", path: () => FEEDBACK_API },
];

const STAFF_LOGINS: Record<StaffRole, { username: string; password: string }> = {
  inventory: { username: "inventory", password: "harvest-inventory" },
  sales: { username: "sales", password: "harvest-sales" },
  "customer-relations": { username: "relations", password: "harvest-relations" },
};
const ORIGIN = "http://localhost:3000";
/** A year of a busy shop's staff edits per dashboard. */
const AUDIT_PER_ROLE = 20_000;

const { values: flags } = parseArgs({
  options: {
    databases: { type: "string" },
    requests: { type: "string", default: "200" },
    warmup: { type: "string", default: "20" },
    "pglite-orders": { type: "string", default: "100000" },
    "postgres-orders": { type: "string", default: "1000000" },
    /** Customer Relations' year: support tickets, order ratings and feedback messages. */
    "pglite-tickets": { type: "string", default: "20000" },
    "postgres-tickets": { type: "string", default: "200000" },
    "pglite-ratings": { type: "string", default: "100000" },
    "postgres-ratings": { type: "string", default: "1000000" },
    "pglite-feedback": { type: "string", default: "2000" },
    "postgres-feedback": { type: "string", default: "20000" },
    /** Skip the year-long CSV export (it reads every order once). */
    "no-csv-year": { type: "boolean", default: false },
    results: { type: "string", default: "bench/results/dashboards.md" },
  },
});
const requests = Number(flags.requests);
const warmup = Number(flags.warmup);
const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;
const databases = (flags.databases ?? (testDatabaseUrl ? "pglite,postgres" : "pglite"))
  .split(",")
  .map((name) => name.trim()) as Kind[];
const ordersFor: Record<Kind, number> = {
  pglite: Number(flags["pglite-orders"]),
  postgres: Number(flags["postgres-orders"]),
};
const voiceFor = (kind: Kind): VoiceSizes => ({
  tickets: Number(flags[`${kind}-tickets`]),
  ratings: Number(flags[`${kind}-ratings`]),
  feedback: Number(flags[`${kind}-feedback`]),
});

async function openFresh(kind: Kind) {
  const fresh = await freshDatabase(kind, "dashboards", testDatabaseUrl);
  return { ...fresh, database: await fresh.open() };
}

const round = (ms: number) => Math.round(ms * 10) / 10;

type Timing = {
  name: string;
  status: number;
  p50: number;
  p95: number;
  max: number;
  target: number | undefined;
  verdict: string;
};

async function time(
  name: string,
  run: () => Promise<number>,
  target: number | undefined,
): Promise<Timing> {
  let status = 0;
  for (let i = 0; i < warmup; i++) status = await run();
  const took: number[] = [];
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    status = await run();
    took.push(performance.now() - started);
  }
  took.sort((a, b) => a - b);
  const p95 = percentile(took, 0.95);
  const served = status === 200;
  const verdict = !served
    ? `not served (${status})`
    : target === undefined
      ? "floor"
      : p95 < target
        ? "pass"
        : "**MISSED**";
  return {
    name,
    status,
    p50: round(percentile(took, 0.5)),
    p95: round(p95),
    max: round(took[took.length - 1]!),
    target,
    verdict,
  };
}

async function signIn(app: StoreApp, role: StaffRole): Promise<string> {
  const response = await app.inject({
    method: "POST",
    url: "/api/staff/auth/sign-in/username",
    headers: { origin: ORIGIN },
    payload: STAFF_LOGINS[role],
  });
  if (response.statusCode !== 200) {
    throw new Error(`signing in as ${role} answered ${response.statusCode}: ${response.body}`);
  }
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
}

/**
 * What the bench seed leaves out of a sales timeline, filled in from each order's id: the times
 * it was confirmed, packed and sent out (before its delivery 45 minutes after placing), and why
 * the cancelled ones were cancelled. Without them the figures' medians would have nothing to do.
 * The same pass rates the delivered orders (bench-voice.ts), so the orders are written once.
 */
async function seedSalesTimeline(
  database: Awaited<ReturnType<typeof openFresh>>["database"],
  voice: VoiceSizes,
  orders: number,
) {
  const deliveredAt = "placed_at + make_interval(mins => 35 + id % 31)";
  await database.db.execute(sql`
    update orders set
      confirmed_at = case when status <> 'placed' and status <> 'cancelled'
        then placed_at + make_interval(mins => 2 + id % 5) end,
      packed_at = case when status in ('packed', 'out_for_delivery', 'delivered')
        then placed_at + make_interval(mins => 9 + id % 7) end,
      out_for_delivery_at = case when status in ('out_for_delivery', 'delivered')
        then placed_at + make_interval(mins => 20 + id % 11) end,
      delivered_at = case when status = 'delivered' then ${sql.raw(deliveredAt)} end,
      cancel_reason = case when status = 'cancelled' then (array['out_of_stock',
        'customer_request', 'address_unreachable', 'other'])[1 + id % 4] end,
      ${sql.raw(ratingColumns(deliveredAt, voice.ratings, orders))}`);
  await database.db.execute(sql`vacuum analyze orders`);
}

type CsvYear = { rows: number; megabytes: number; seconds: number; peakHeapGrowthMb: number };

/** V8's collector, to weigh what is still in use rather than garbage not yet collected. */
const collectGarbage = (() => {
  v8.setFlagsFromString("--expose-gc");
  return vm.runInNewContext("gc") as () => void;
})();

/**
 * A year of orders exported over a real socket and read as it arrives, with the memory in use
 * (after a collection) sampled meanwhile: the export streams if it stays far below the file's size.
 */
async function exportYear(app: StoreApp, cookie: string, today: string): Promise<CsvYear> {
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  collectGarbage();
  const baseline = process.memoryUsage().heapUsed;
  let peak = baseline;
  const sampler = setInterval(() => {
    collectGarbage();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 250);
  const started = performance.now();
  const response = await fetch(
    `${address}${ORDERS_CSV_PATH}?from=${addDays(today, -365)}&to=${today}`,
    { headers: { cookie } },
  );
  if (response.status !== 200 || !response.body) {
    clearInterval(sampler);
    throw new Error(`the year's export answered ${response.status}: ${await response.text()}`);
  }
  let bytes = 0;
  let rows = -1;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) rows++;
  }
  clearInterval(sampler);
  return {
    rows,
    megabytes: bytes / 1024 / 1024,
    seconds: (performance.now() - started) / 1000,
    peakHeapGrowthMb: (peak - baseline) / 1024 / 1024,
  };
}

type DatabaseResult = {
  kind: Kind;
  label: string;
  orders: number;
  seedSeconds: number;
  rollupSeconds: number;
  rollup: string;
  orderRollupSeconds: number;
  counts: Record<string, number>;
  voice: VoiceSeeded;
  timings: Timing[];
  csvYear: CsvYear | undefined;
};

async function runDatabase(kind: Kind): Promise<DatabaseResult> {
  const fresh = await openFresh(kind);
  const { database } = fresh;
  try {
    console.log(`\n${kind}: ${fresh.label}`);
    await database.migrate();
    await seedDatabase(database.db, { demoStaffPasswords: true });
    const orders = ordersFor[kind];
    const seedStarted = performance.now();
    await seedBenchOrders(database, orders, {
      onBatch: (done) =>
        console.log(
          `  ${done.toLocaleString("en")} orders (${((performance.now() - seedStarted) / 1000).toFixed(0)} s)`,
        ),
    });
    await seedBenchAudit(database, AUDIT_PER_ROLE);
    await seedSalesTimeline(database, voiceFor(kind), orders);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const voice = await seedBenchVoice(database, voiceFor(kind), orders);
    console.log(
      `  Customer Relations: ${voice.tickets.toLocaleString("en")} tickets, ${voice.ratings.toLocaleString("en")} ratings, ${voice.feedback.toLocaleString("en")} feedback messages in ${voice.seconds.toFixed(0)} s`,
    );
    const rollupStarted = performance.now();
    await rollUpDailySales(database.db);
    const rollup = "the inventory module's rollUpDailySales";
    const rollupSeconds = (performance.now() - rollupStarted) / 1000;
    const orderRollupStarted = performance.now();
    await rollUpClosedDays(database.db);
    const orderRollupSeconds = (performance.now() - orderRollupStarted) / 1000;
    // The seed's and rollups' writes reach the disk now, not while the first endpoints are timed.
    await database.db.execute(sql`analyze`);
    await database.db.execute(sql`checkpoint`);
    const [counts] = rowsOf<Record<string, number>>(
      await database.db.execute(sql`select
        (select count(*)::int from orders) as orders,
        (select count(*)::int from order_lines) as "order lines",
        (select count(*)::int from stock_movements) as "stock movements",
        (select count(*)::int from daily_product_sales) as "daily product sales",
        (select count(*)::int from daily_order_figures) as "daily order figures",
        (select count(*)::int from audit_log) as "audit entries"`),
    );
    console.log(
      `  seeded in ${seedSeconds.toFixed(0)} s, rolled up in ${rollupSeconds.toFixed(1)} s and ${orderRollupSeconds.toFixed(1)} s`,
    );

    const config = loadConfig({
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      DEMO_MODE: "true",
      PUBLIC_URL: ORIGIN,
      WEB_DIST_DIR: "./.tmp/no-web-build",
      ...fresh.env,
    });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    try {
      const [product] = rowsOf<{ id: string }>(
        await database.db.execute(sql`select id from products order by position limit 1`),
      );
      // The seed numbers its orders BENCH-n; one from the middle of the year gets a shop number.
      const [middle] = rowsOf<{ order_number: string; phone: string; email: string }>(
        await database.db.execute(sql`
          update orders set order_number = 'FHH-424242'
          where id = (select id from orders order by id offset ${Math.floor(orders / 2)} limit 1)
          returning order_number, phone, email`),
      );
      // A ticket from the middle of the year that has a thread of three entries.
      const [ticket] = rowsOf<{ reference: string }>(
        await database.db.execute(sql`
          select t.reference from support_tickets t
          where t.id >= (select max(id) / 2 from support_tickets)
            and (select count(*) from support_messages m where m.ticket_id = t.id) = 3
          order by t.id limit 1`),
      );
      const ids: Ids = {
        productId: product!.id,
        yesterday: addDays(shopDate(new Date()), -1),
        orderNumber: middle!.order_number,
        phone: middle!.phone,
        email: middle!.email,
        ticketReference: ticket!.reference,
      };
      const cookies = new Map<StaffRole, string>();
      for (const { role } of ENDPOINTS) {
        if (!cookies.has(role)) cookies.set(role, await signIn(app, role));
      }
      const timings: Timing[] = [
        await time(
          "SELECT 1 (same pool)",
          async () => {
            await database.db.execute(sql`select 1`);
            return 200;
          },
          undefined,
        ),
      ];
      for (const endpoint of ENDPOINTS) {
        const url = endpoint.path(ids);
        const cookie = cookies.get(endpoint.role)!;
        const timing = await time(
          `GET ${url}`,
          async () => (await app.inject({ method: "GET", url, headers: { cookie } })).statusCode,
          TARGET_P95_MS[kind],
        );
        console.log(`  ${timing.name}: p95 ${timing.p95} ms (${timing.verdict})`);
        timings.push(timing);
      }
      let csvYear: CsvYear | undefined;
      if (!flags["no-csv-year"]) {
        csvYear = await exportYear(app, cookies.get("sales")!, shopDate(new Date()));
        console.log(
          `  a year as CSV: ${csvYear.rows.toLocaleString("en")} orders, ${csvYear.megabytes.toFixed(0)} MB in ${csvYear.seconds.toFixed(1)} s; memory in use grew at most ${csvYear.peakHeapGrowthMb.toFixed(1)} MB`,
        );
      }
      return {
        kind,
        label: fresh.label,
        orders,
        seedSeconds,
        rollupSeconds,
        rollup,
        orderRollupSeconds,
        counts: counts!,
        voice,
        timings,
        csvYear,
      };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await fresh.cleanup();
  }
}

/** What Customer Relations' dashboard reads, as seeded. */
function voiceLine(voice: VoiceSeeded): string {
  const n = (value: number) => value.toLocaleString("en");
  return `Customer Relations: ${n(voice.tickets)} support tickets over the year (${n(voice.open)} open, ${n(voice.overdue)} of them overdue; ${n(voice.waiting)} waiting on the customer; ${n(voice.resolved)} resolved) with ${n(voice.messages)} thread entries; ${n(voice.ratings)} order ratings (${n(voice.ratings30)} in the last 30 days, ${n(voice.lowRatings)} of 1 or 2 stars${voice.ratedCopies ? `; ${n(voice.ratedCopies)} of them on delivered copies of bench orders, lines and all, added over the last 30 days to reach that many` : ""}); ${n(voice.feedback)} feedback messages (${n(voice.unread)} unread); ${n(voice.bulkOrders)} bulk orders. Seeded in ${voice.seconds.toFixed(0)} s after the orders.`;
}

function markdown(results: DatabaseResult[], started: Date, elapsed: number): string {
  const cpu = os.cpus();
  const lines = [
    "# Dashboards benchmark: the staff dashboards' APIs over a year of orders",
    "",
    `${started.toISOString()} · Node ${process.version} · ${cpu.length} CPUs (${cpu[0]?.model ?? "unknown"}) · load average ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(" / ")} at the end · ${elapsed.toFixed(0)} s in all`,
    "",
    `Each endpoint is called ${requests} times one after another through \`app.inject\` (after ${warmup} warm-up calls) as the staff member whose dashboard calls it, in the same process as the database client (PGlite's own thread, or the PostgreSQL pool). "SELECT 1" is a bare query through the same pool: the floor every endpoint stands on. Targets: p95 under ${TARGET_P95_MS.postgres} ms on PostgreSQL and under ${TARGET_P95_MS.pglite} ms on PGlite. An endpoint that answers anything but 200 is listed as not served.`,
    "",
  ];
  for (const result of results) {
    lines.push(
      `## ${result.kind}`,
      "",
      `${result.label}. ${result.orders.toLocaleString("en")} orders placed in turn over the last 365 India days (confirmed, packed, sent out and delivered or cancelled with a reason) and ${AUDIT_PER_ROLE.toLocaleString("en")} audit entries per dashboard, seeded in ${result.seedSeconds.toFixed(0)} s; daily rollups from scratch in ${result.rollupSeconds.toFixed(1)} s by ${result.rollup} and ${result.orderRollupSeconds.toFixed(1)} s by the sales figures' rollUpClosedDays.`,
      "",
      voiceLine(result.voice),
      "",
      mdTable(Object.keys(result.counts), [
        Object.values(result.counts).map((value) => value.toLocaleString("en")),
      ]),
      "",
      mdTable(
        ["request", "status", "p50 ms", "p95 ms", "max ms", "target p95", "result"],
        result.timings.map((t) => [
          t.name,
          t.status,
          t.p50,
          t.p95,
          t.max,
          t.target === undefined ? "-" : `< ${t.target} ms`,
          t.verdict,
        ]),
      ),
      "",
    );
    if (result.csvYear) {
      const year = result.csvYear;
      lines.push(
        `A year of orders exported as CSV (\`${ORDERS_CSV_PATH}\`, 366 days) over a real socket, read as it arrived: ${year.rows.toLocaleString("en")} orders, ${year.megabytes.toFixed(0)} MB in ${year.seconds.toFixed(1)} s (${Math.round(year.rows / year.seconds).toLocaleString("en")} orders/s). The memory the process had in use (sampled every 250 ms after a collection) grew by at most ${year.peakHeapGrowthMb.toFixed(1)} MB meanwhile: the export streams, a page of orders at a time.`,
        "",
      );
    }
  }
  return `${lines.join("\n")}\n`;
}

const started = new Date();
const results: DatabaseResult[] = [];
for (const kind of databases) results.push(await runDatabase(kind));
const elapsed = (Date.now() - started.getTime()) / 1000;
for (const result of results) {
  console.log(`\n${result.kind}`);
  console.log(
    textTable(
      ["request", "status", "p50 ms", "p95 ms", "max ms", "result"],
      result.timings.map((t) => [t.name, t.status, t.p50, t.p95, t.max, t.verdict]),
    ),
  );
}
const resultsFile = path.resolve(ROOT, flags.results);
await mkdir(path.dirname(resultsFile), { recursive: true });
await writeFile(resultsFile, markdown(results, started, elapsed));
console.log(`\nwrote ${path.relative(ROOT, resultsFile)} (${elapsed.toFixed(0)} s)`);
