// `npm run bench:sales-moves`: how long the sales manager waits for a move (confirm, pack, send
// out, deliver) while the shop is busy taking orders, and what the checkout lanes (at most N
// checkouts at work at once per process, src/server/modules/checkout/checkout-lanes.ts) change.
//
// The real server in its own process (bench/support/serve-app.ts, as main.ts runs it, demo mode
// for the staff's demo passwords) on PGlite in a fresh folder and, when TEST_DATABASE_URL is set,
// on a fresh PostgreSQL database. First the manager moves orders on a quiet store (the baseline,
// same run, same machine); then 50 buyers place orders as bench:checkout's do (one in flight each,
// a shopper of their own per order, cash or UPI, 1-3 products) while the manager keeps moving
// the orders they place, one move after another, as fast as the answers come. The busy phase
// runs once per lanes setting, each on a fresh database and server, in the same run.
//
// Options: --duration S (20) --buyers N (50) --databases pglite,postgres
//          --lanes default,4,64 (CHECKOUT_LANES values; "default" leaves it unset)
//          --rate 20 (orders a second arriving on a clock in the steady phase; 0 skips it)
// Results: bench/results/sales-moves.md. Exit code 1 when a move or an order fails.
import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { seedProducts } from "../src/server/db/seed/catalogue-data.ts";
import { seedDatabase } from "../src/server/db/seed/seed.ts";
import { DEFAULT_CHECKOUT_LANES } from "../src/server/modules/checkout/checkout-lanes.ts";
import { SALES_API } from "../src/shared/contracts/sales.ts";
import { FORWARD_MOVES } from "../src/shared/rules/order-fulfilment.ts";
import { percentile } from "./support/checkout-steps.ts";
import { type ChildServer, mdTable, ROOT, startChild } from "./support/child.ts";
import { freshDatabase } from "./support/fresh-database.ts";
import { countOnto, productsOnSale, quantityOf } from "./support/shelves.ts";

type Kind = "pglite" | "postgres";
const TARGET_P95_MS = 20;
const PRODUCTS = ["tomatoes", "onions", "potatoes", "spinach", "bananas", "mangoes", "carrots"];
/** How a seeded product is sold (its unit and steps), for orders of whole steps. */
const seeded = (id: string) => seedProducts.find((product) => product.id === id)!;

const { values: flags } = parseArgs({
  options: {
    duration: { type: "string", default: "20" },
    buyers: { type: "string", default: "50" },
    databases: { type: "string" },
    lanes: { type: "string", default: "default,4,64" },
    rate: { type: "string", default: "20" },
  },
});
const lanesSettings = flags.lanes.split(",").map((value) => value.trim());
const steadyRate = Number(flags.rate);
const seconds = Number(flags.duration);
const buyerCount = Number(flags.buyers);
const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;
const databases = (flags.databases ?? (testDatabaseUrl ? "pglite,postgres" : "pglite"))
  .split(",")
  .map((name) => name.trim()) as Kind[];

let addresses = 0;
const nextAddress = () => {
  const n = ++addresses;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

async function placeOrder(server: ChildServer): Promise<{ status: number; orderNumber?: string }> {
  const n = ++addresses;
  const items = PRODUCTS.filter((_, index) => (n + index) % 3 === 0)
    .slice(0, 3)
    .map((productId) => ({ productId, quantity: quantityOf(seeded(productId), 1 + (n % 2)) }));
  const response = await fetch(`${server.origin}/api/orders`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "idempotency-key": randomUUID(),
      "x-forwarded-for": nextAddress(),
      origin: server.storeOrigin,
    },
    body: JSON.stringify({
      contact: {
        firstName: "Bench",
        lastName: "Buyer",
        email: `buyer.${n}.${randomUUID().slice(0, 8)}@example.in`,
        phone: `9${String(100_000_000 + (n % 899_999_999)).padStart(9, "0")}`,
      },
      delivery: { address: "12 Janpath", city: "Bhubaneswar", state: "Odisha", pincode: "751007" },
      notes: "",
      payment: n % 3 === 0 ? { method: "upi", upiId: "success@upi" } : { method: "cash" },
      items:
        items.length > 0
          ? items
          : [{ productId: "tomatoes", quantity: quantityOf(seeded("tomatoes"), 1) }],
    }),
  });
  const body = (await response.json()) as { orderNumber?: string };
  return { status: response.status, orderNumber: body.orderNumber };
}

async function signInSales(server: ChildServer): Promise<string> {
  const response = await fetch(`${server.origin}/api/staff/auth/sign-in/username`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.storeOrigin },
    body: JSON.stringify({ username: "sales", password: "harvest-sales" }),
  });
  if (response.status !== 200) throw new Error(`sales sign-in answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

type Phase = {
  moves: number[];
  failures: string[];
  orders: number;
  orderFailures: number;
  /** GET /api/staff/me after each move: what any request of the manager waits, doing nothing. */
  floor: number[];
  /** Refused orders by HTTP status. */
  refusals: Record<number, number>;
};

/** The manager moves each order through every step, timing each answer. */
async function moveThrough(server: ChildServer, cookie: string, orderNumber: string, phase: Phase) {
  for (const to of FORWARD_MOVES) {
    const started = performance.now();
    const response = await fetch(`${server.origin}${SALES_API}/orders/${orderNumber}/moves`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.storeOrigin, cookie },
      body: JSON.stringify({ to }),
    });
    await response.arrayBuffer();
    phase.moves.push(performance.now() - started);
    if (response.status !== 200 && phase.failures.length < 10) {
      phase.failures.push(`${orderNumber} -> ${to}: ${response.status}`);
    }
    // The floor: the cheapest request the manager's session makes, in the same queue.
    const floorStarted = performance.now();
    const me = await fetch(`${server.origin}/api/staff/me`, { headers: { cookie } });
    await me.arrayBuffer();
    phase.floor.push(performance.now() - floorStarted);
  }
}

/** Who places orders while the manager moves them: nobody, N buyers as fast as they can, or a steady rate. */
type Load = { buyers: number } | { perSecond: number };

async function runPhase(server: ChildServer, cookie: string, load: Load): Promise<Phase> {
  const phase: Phase = {
    moves: [],
    floor: [],
    failures: [],
    orders: 0,
    orderFailures: 0,
    refusals: {},
  };
  const queue: string[] = [];
  // A few orders to move before the buyers' first ones arrive (and all of them when quiet).
  for (let i = 0; i < 20; i++) {
    const placed = await placeOrder(server);
    if (placed.orderNumber) queue.push(placed.orderNumber);
  }
  const endAt = performance.now() + seconds * 1000;
  const buy = async () => {
    const placed = await placeOrder(server);
    if (placed.status === 201 && placed.orderNumber) {
      phase.orders++;
      queue.push(placed.orderNumber);
    } else {
      phase.orderFailures++;
      phase.refusals[placed.status] = (phase.refusals[placed.status] ?? 0) + 1;
    }
  };
  const buyers: Promise<void>[] = [];
  if ("buyers" in load) {
    for (let i = 0; i < load.buyers; i++) {
      buyers.push(
        (async () => {
          while (performance.now() < endAt) await buy();
        })(),
      );
    }
  } else {
    // Orders arrive on a clock, whether or not the last one has been answered.
    buyers.push(
      (async () => {
        const startedAt = performance.now();
        for (let n = 0; performance.now() < endAt; n++) {
          const due = startedAt + (n * 1000) / load.perSecond;
          const wait = due - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          buyers.push(buy());
        }
      })(),
    );
  }
  const manager = (async () => {
    while (performance.now() < endAt) {
      const orderNumber = queue.shift();
      if (!orderNumber) {
        const placed = await placeOrder(server);
        if (placed.orderNumber) queue.push(placed.orderNumber);
        continue;
      }
      await moveThrough(server, cookie, orderNumber, phase);
    }
  })();
  await manager;
  // Every order started is awaited, including those the steady clock started late.
  for (let at = 0; at < buyers.length; at++) await buyers[at];
  return phase;
}

const round = (ms: number) => Math.round(ms * 10) / 10;
const summary = (moves: number[]) => {
  const sorted = [...moves].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: round(percentile(sorted, 0.5)),
    p95: round(percentile(sorted, 0.95)),
    max: round(sorted.at(-1) ?? 0),
  };
};

/** One phase's measurements: what load ran, with which lanes; the quiet one is the baseline. */
type Run = { kind: Kind; load: string; lanes: string; phase: Phase; baseline: boolean };

/** Stock enough that no buyer is turned away for it: the load is orders, not quick refusals. */
async function stockUp(fresh: Awaited<ReturnType<typeof freshDatabase>>) {
  const database = await fresh.open();
  try {
    await database.migrate();
    await seedDatabase(database.db);
    await countOnto(database.db, await productsOnSale(database.db), () => 1_000_000);
  } finally {
    await database.close();
  }
}

/** A fresh database and server with these lanes; `run` gets the server and the manager's cookie. */
async function withServer<T>(
  kind: Kind,
  lanes: string,
  run: (server: ChildServer, cookie: string) => Promise<T>,
): Promise<T> {
  const fresh = await freshDatabase(kind, "sales-moves", testDatabaseUrl);
  await stockUp(fresh);
  const env = { ...fresh.env, TRUST_PROXY: "1", DEMO_MODE: "true" };
  const server = await startChild("bench/support/serve-app.ts", {
    args: [JSON.stringify({ env: lanes === "default" ? env : { ...env, CHECKOUT_LANES: lanes } })],
  });
  try {
    return await run(server, await signInSales(server));
  } finally {
    await server.stop();
    await fresh.cleanup();
  }
}

async function runDatabase(kind: Kind): Promise<Run[]> {
  const runs: Run[] = [];
  console.log(`${kind}: quiet store, then ${steadyRate} orders/s, ${seconds} s each`);
  await withServer(kind, "default", async (server, cookie) => {
    const quiet = await runPhase(server, cookie, { buyers: 0 });
    runs.push({
      kind,
      load: "no orders coming in",
      lanes: "default",
      phase: quiet,
      baseline: true,
    });
    if (steadyRate > 0) {
      const steady = await runPhase(server, cookie, { perSecond: steadyRate });
      runs.push({
        kind,
        load: `${steadyRate} orders/s arriving`,
        lanes: "default",
        phase: steady,
        baseline: false,
      });
    }
  });
  for (const lanes of lanesSettings) {
    console.log(`${kind}: ${buyerCount} buyers, lanes ${lanes}, ${seconds} s`);
    await withServer(kind, lanes, async (server, cookie) => {
      const phase = await runPhase(server, cookie, { buyers: buyerCount });
      runs.push({
        kind,
        load: `${buyerCount} buyers placing orders`,
        lanes,
        phase,
        baseline: false,
      });
    });
  }
  return runs;
}

const started = new Date();
const runs: Run[] = [];
for (const kind of databases) runs.push(...(await runDatabase(kind)));

const lanesLabel = (kind: Kind, lanes: string) =>
  lanes === "default" ? `${DEFAULT_CHECKOUT_LANES[kind]} (default)` : lanes;
const rows = runs.map(({ kind, load, lanes, phase, baseline }) => {
  const moves = summary(phase.moves);
  const floor = summary(phase.floor);
  const verdict = baseline ? "baseline" : moves.p95 < TARGET_P95_MS ? "pass" : "**MISSED**";
  return [
    kind,
    load,
    lanesLabel(kind, lanes),
    (phase.orders / seconds).toFixed(0),
    moves.count,
    moves.p50,
    moves.p95,
    moves.max,
    floor.p50,
    floor.p95,
    verdict,
  ];
});
const header = [
  "database",
  "while",
  "checkout lanes",
  "orders/s",
  "moves",
  "p50 ms",
  "p95 ms",
  "max ms",
  "floor p50 ms",
  "floor p95 ms",
  "result",
];
const failures = runs.flatMap((run) => run.phase.failures);
const cpu = os.cpus();
const lines = [
  "# Sales moves under checkout load",
  "",
  `${started.toISOString()} · Node ${process.version} · ${cpu.length} CPUs (${cpu[0]?.model ?? "unknown"})`,
  "",
  `The sales manager moves orders (confirm, pack, send out, deliver: one POST each, timed from the manager's side over HTTP) for ${seconds} s at a time: on a quiet store (the baseline); while ${steadyRate} orders a second arrive on a clock (a very busy shop; a city's produce shop at its peak takes a few a minute); and while ${buyerCount} buyers place orders as fast as the store answers, as bench:checkout's do, which keeps the two cores saturated. That saturating load runs once per checkout lanes setting (how many checkouts one process works on at once; the rest wait their turn), each on a fresh database and server. Target: a move under ${TARGET_P95_MS} ms p95 under load. "floor" is GET /api/staff/me, the cheapest request the manager's session makes (one session lookup), timed after each move: what any request waits in the same queue while doing almost nothing.`,
  "",
  mdTable(header, rows),
  "",
  ...runs
    .filter((run) => !run.baseline)
    .map(
      ({ kind, load, lanes, phase }) =>
        `- ${kind}, ${load}, lanes ${lanesLabel(kind, lanes)}: orders refused or failed: ${phase.orderFailures}${
          phase.orderFailures
            ? ` (${Object.entries(phase.refusals)
                .map(([status, count]) => `${count} × ${status}`)
                .join(", ")})`
            : ""
        }.`,
    ),
  failures.length > 0
    ? `\nMoves that failed: ${failures.join("; ")}`
    : "\nEvery move answered 200.",
];
const resultsFile = path.join(ROOT, "bench/results/sales-moves.md");
await mkdir(path.dirname(resultsFile), { recursive: true });
await writeFile(resultsFile, `${lines.join("\n")}\n`);
console.log(lines.join("\n"));
if (failures.length > 0) process.exitCode = 1;
