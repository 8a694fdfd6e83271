import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { buildApp, type StoreApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config.ts";
import { rowsOf } from "../src/server/db/client.ts";
import { seedDatabase } from "../src/server/db/seed/seed.ts";
import { rollUpDailySales } from "../src/server/modules/stock/sales-figures.ts";
import type { StaffRole } from "../src/shared/rules/staff.ts";
import { seedBenchAudit, seedBenchOrders } from "./support/bench-orders.ts";
import { percentile } from "./support/checkout-steps.ts";
import { mdTable, ROOT, textTable } from "./support/child.ts";
import { freshDatabase } from "./support/fresh-database.ts";

type Kind = "pglite" | "postgres";
const TARGET_P95_MS: Record<Kind, number> = { pglite: 300, postgres: 100 };

/**
 * Every endpoint a dashboard calls when it loads, by the member who calls it. The sales and
 * customer-relations dashboards add theirs here.
 */
const ENDPOINTS: { role: StaffRole; path: (ids: { productId: string }) => string }[] = [
  { role: "inventory", path: () => "/api/staff/inventory/summary" },
  { role: "inventory", path: () => "/api/staff/inventory/products" },
  {
    role: "inventory",
    path: ({ productId }) => `/api/staff/inventory/products/${productId}/movements`,
  },
  { role: "inventory", path: () => "/api/staff/inventory/audit" },
  { role: "sales", path: () => "/api/staff/sales/audit" },
  { role: "customer-relations", path: () => "/api/staff/customer-relations/audit" },
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

type DatabaseResult = {
  kind: Kind;
  label: string;
  orders: number;
  seedSeconds: number;
  rollupSeconds: number;
  rollup: string;
  counts: Record<string, number>;
  timings: Timing[];
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
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const rollupStarted = performance.now();
    await rollUpDailySales(database.db);
    const rollup = "the inventory module's rollUpDailySales";
    const rollupSeconds = (performance.now() - rollupStarted) / 1000;
    const [counts] = rowsOf<Record<string, number>>(
      await database.db.execute(sql`select
        (select count(*)::int from orders) as orders,
        (select count(*)::int from order_lines) as "order lines",
        (select count(*)::int from stock_movements) as "stock movements",
        (select count(*)::int from daily_product_sales) as "daily product sales",
        (select count(*)::int from audit_log) as "audit entries"`),
    );
    console.log(
      `  seeded in ${seedSeconds.toFixed(0)} s, rolled up in ${rollupSeconds.toFixed(1)} s`,
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
      const ids = { productId: product!.id };
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
      return {
        kind,
        label: fresh.label,
        orders,
        seedSeconds,
        rollupSeconds,
        rollup,
        counts: counts!,
        timings,
      };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await fresh.cleanup();
  }
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
      `${result.label}. ${result.orders.toLocaleString("en")} orders placed in turn over the last 365 India days and ${AUDIT_PER_ROLE.toLocaleString("en")} audit entries per dashboard, seeded in ${result.seedSeconds.toFixed(0)} s; daily rollup in ${result.rollupSeconds.toFixed(1)} s by ${result.rollup}.`,
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
const resultsDir = path.join(ROOT, "bench/results");
await mkdir(resultsDir, { recursive: true });
await writeFile(path.join(resultsDir, "dashboards.md"), markdown(results, started, elapsed));
console.log(`\nwrote bench/results/dashboards.md (${elapsed.toFixed(0)} s)`);
