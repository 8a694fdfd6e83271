// Where a move's time goes beyond the session lookup, on a quiet store, with nothing else
// running in the process: the store built in this process (as serve-app.ts builds it, the mail
// worker not started, so only the request's own work counts), each request sent through
// Fastify's inject one at a time, as bench:sales-moves' manager sends it. For the move (each
// step) and the lookup: CPU per request, statements per request, and a CPU profile of many of
// each (bench/support/cpu-profile.ts), its top functions per request.
//
//   npx tsx bench/sales-moves/profile.ts [--database pglite|postgres] [--orders 60] [--top 15]
//   (postgres needs TEST_DATABASE_URL)
import "./production-env.ts";
import { Session } from "node:inspector/promises";
import { parseArgs } from "node:util";
import pg from "pg";
import { buildApp } from "../../src/server/app.ts";
import { loadConfig } from "../../src/server/config.ts";
import type { DatabaseHandle } from "../../src/server/db/client.ts";
import { seedDatabase } from "../../src/server/db/seed/seed.ts";
import { FORWARD_MOVES, type ForwardMove } from "../../src/shared/rules/order-fulfilment.ts";
import { summarise } from "../support/cpu-profile.ts";
import { freshDatabase } from "../support/fresh-database.ts";
import { classifySql } from "../support/step-trace.ts";
import { placeOrder } from "./buyers.ts";
import {
  lookupRequest,
  moveRequest,
  type StaffRequest,
  signInSales,
  wrongLookup,
  wrongMove,
} from "./manager.ts";
import { stockUp } from "./stock.ts";

const { values: flags } = parseArgs({
  options: {
    database: { type: "string", default: "pglite" },
    orders: { type: "string", default: "60" },
    top: { type: "string", default: "15" },
  },
});
const kind = flags.database as "pglite" | "postgres";
const orderCount = Number(flags.orders);
const top = Number(flags.top);

/** Counts the statements the store sends, PGlite's or pg's, from the moment it is installed. */
function countStatements(database: DatabaseHandle) {
  const sent: string[] = [];
  type AnyFunction = (...args: unknown[]) => unknown;
  const textOf = (first: unknown) =>
    typeof first === "string" ? first : ((first as { text?: string })?.text ?? "");
  const counted =
    (original: AnyFunction) =>
    (...args: unknown[]) => {
      sent.push(classifySql(textOf(args[0])));
      return original(...args);
    };
  if (database.kind === "pglite") {
    const client = (database.db as unknown as { $client: Record<string, AnyFunction> }).$client;
    for (const name of ["query", "exec"]) client[name] = counted(client[name]!.bind(client));
    const transaction = client.transaction!.bind(client);
    client.transaction = (callback: unknown) =>
      transaction((tx: Record<string, AnyFunction>) => {
        sent.push("begin (and commit)");
        for (const name of ["query", "exec"]) tx[name] = counted(tx[name]!.bind(tx));
        return (callback as AnyFunction)(tx);
      });
  } else {
    const prototype = pg.Client.prototype as unknown as { query: AnyFunction };
    const query = prototype.query;
    prototype.query = function (this: unknown, ...args: unknown[]) {
      sent.push(classifySql(textOf(args[0])));
      return query.apply(this, args);
    };
  }
  return sent;
}

const fresh = await freshDatabase(kind, "sales-moves-profile", process.env.TEST_DATABASE_URL);
await stockUp(fresh);
const database = await fresh.open();
await database.migrate();
await seedDatabase(database.db, { demoStaffPasswords: true });
const config = loadConfig({
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
  HOST: "127.0.0.1",
  PORT: "0",
  TRUST_PROXY: "1",
  DEMO_MODE: "true",
  CASH_ORDERS_PER_NETWORK: "100000",
  ...fresh.env,
});
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
const port = typeof address === "object" && address ? address.port : 0;
const store = { origin: `http://127.0.0.1:${port}`, storeOrigin: new URL(config.publicUrl).origin };
const statements = countStatements(database);

try {
  const cookie = await signInSales(store);
  const orders: string[] = [];
  while (orders.length < orderCount * 2 + 5) {
    const placed = await placeOrder(store);
    if (placed.orderNumber) orders.push(placed.orderNumber);
  }

  type Sample = { cpuMs: number; statements: string[] };
  const samples = new Map<string, Sample[]>();
  async function send(
    label: string,
    request: StaffRequest,
    wrong: (s: number, b: string) => unknown,
  ) {
    const before = statements.length;
    const cpu = process.cpuUsage();
    const answer = await app.inject({
      method: request.method,
      url: request.url,
      headers: request.headers,
      ...(request.body === undefined ? {} : { payload: request.body }),
    });
    const used = process.cpuUsage(cpu);
    const problem = wrong(answer.statusCode, answer.body);
    if (problem) throw new Error(`${label}: ${String(problem)}`);
    const list = samples.get(label) ?? [];
    list.push({ cpuMs: (used.user + used.system) / 1000, statements: statements.slice(before) });
    samples.set(label, list);
  }
  const moveOn = (orderNumber: string, to: ForwardMove) =>
    send(`move: ${to}`, moveRequest(store, cookie, orderNumber, to), (s, b) => wrongMove(to, s, b));
  const lookUp = () => send("lookup", lookupRequest(cookie), wrongLookup);

  // Warm: the code paths compiled before anything is counted.
  for (const orderNumber of orders.splice(0, 5)) {
    for (const to of FORWARD_MOVES) {
      await moveOn(orderNumber, to);
      await lookUp();
    }
  }
  samples.clear();
  for (const orderNumber of orders.splice(0, orderCount)) {
    for (const to of FORWARD_MOVES) {
      await moveOn(orderNumber, to);
      await lookUp();
    }
  }
  const mean = (list: number[]) => list.reduce((sum, value) => sum + value, 0) / list.length;
  console.log(`${kind}: per request, ${orderCount} orders moved through, one request at a time`);
  for (const [label, list] of samples) {
    const cpuMs = mean(list.map((sample) => sample.cpuMs)).toFixed(2);
    const count = mean(list.map((sample) => sample.statements.length)).toFixed(1);
    console.log(`  ${label.padEnd(24)} cpu ${cpuMs} ms, statements ${count}:`);
    console.log(`    ${list.at(-1)?.statements.join(", ")}`);
  }

  // Profiles: moves alone, then lookups alone, the same number of requests each.
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 100 });
  async function profiled(label: string, run: () => Promise<number>) {
    await session.post("Profiler.start");
    const requests = await run();
    const { profile } = await session.post("Profiler.stop");
    const summary = summarise(profile as never, top);
    console.log(
      `\n${label}: ${(summary.busyMs / requests).toFixed(2)} ms busy per request over ${requests}; self time per request by function:`,
    );
    for (const row of summary.topFunctions) {
      console.log(
        `  ${((row.ms / requests) * 1000).toFixed(0).padStart(5)} µs ${(row.share * 100).toFixed(1).padStart(5)}%  ${row.name}  ${row.where}`,
      );
    }
    console.log("  on the stack, by package:");
    for (const row of summary.byPackageOnStack.slice(0, 10)) {
      console.log(
        `  ${((row.ms / requests) * 1000).toFixed(0).padStart(5)} µs ${(row.share * 100).toFixed(1).padStart(5)}%  ${row.name}`,
      );
    }
  }
  const profiledOrders = orders.splice(0, orderCount);
  await profiled("moves", async () => {
    for (const orderNumber of profiledOrders)
      for (const to of FORWARD_MOVES) await moveOn(orderNumber, to);
    return profiledOrders.length * FORWARD_MOVES.length;
  });
  await profiled("lookups", async () => {
    for (let i = 0; i < profiledOrders.length * FORWARD_MOVES.length; i++) await lookUp();
    return profiledOrders.length * FORWARD_MOVES.length;
  });
  session.disconnect();
} finally {
  await app.close();
  await database.close();
  await fresh.cleanup();
}
