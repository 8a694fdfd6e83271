// `npm run bench:sales-moves`: how much longer the sales manager waits for a move (confirm, pack,
// send out, deliver) than for the session lookup every staff request pays, while the shop is
// busy taking orders: `move p95 vs session lookup p95 under the same load: R`, one line per
// database. Both are timed side by side in the same stretch (bench/sales-moves/manager.ts), so
// the ratio holds on any machine; the absolute times are kept as information.
//
// The real server in its own process (bench/support/serve-app.ts, as main.ts runs it, demo mode
// for the staff's demo passwords) on PGlite in a fresh folder and, when TEST_DATABASE_URL is set,
// on a fresh PostgreSQL database. First the manager moves orders on a quiet store, then while
// orders arrive on a clock; then 50 buyers place orders as bench:checkout's do (one in flight
// each, a shopper of their own per order, cash or UPI, 1-3 products) while the manager keeps
// moving the orders they place, as fast as the answers come: the ratio line is read there, with
// the default checkout lanes. That saturating phase runs once per lanes setting (at most N
// checkouts at work at once per process, src/server/modules/checkout/checkout-lanes.ts), each on
// a fresh database and server, in the same run.
//
// Options: --duration S (20) --buyers N (50) --databases pglite,postgres
//          --lanes default,4,64 (CHECKOUT_LANES values; "default" leaves it unset)
//          --rate 20 (orders a second arriving on a clock in the steady phase; 0 skips it)
//          --managers 1 (managers moving orders at once, each one request at a time: more
//          samples on a slow machine)
// Results: bench/results/sales-moves.md and .json. Exit code 1 when a move or a lookup fails
// (a move answered other than 200 with the order in its new state, a lookup other than 200 with
// the sales manager); refused orders are counted in the results.
import "./sales-moves/production-env.ts";
import { parseArgs } from "node:util";
import { DEFAULT_CHECKOUT_LANES } from "../src/server/modules/checkout/checkout-lanes.ts";
import { signInSales } from "./sales-moves/manager.ts";
import { type Load, runPhase } from "./sales-moves/phase.ts";
import { type Kind, type Run, writeResults } from "./sales-moves/report.ts";
import { stockUp } from "./sales-moves/stock.ts";
import { type ChildServer, startChild } from "./support/child.ts";
import { freshDatabase } from "./support/fresh-database.ts";

const { values: flags } = parseArgs({
  options: {
    duration: { type: "string", default: "20" },
    buyers: { type: "string", default: "50" },
    databases: { type: "string" },
    lanes: { type: "string", default: "default,4,64" },
    rate: { type: "string", default: "20" },
    managers: { type: "string", default: "1" },
  },
});
const lanesSettings = flags.lanes.split(",").map((value) => value.trim());
const steadyRate = Number(flags.rate);
const seconds = Number(flags.duration);
const buyerCount = Number(flags.buyers);
const managers = Number(flags.managers);
const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;
const databases = (flags.databases ?? (testDatabaseUrl ? "pglite,postgres" : "pglite"))
  .split(",")
  .map((name) => name.trim()) as Kind[];

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

const lanesLabel = (kind: Kind, lanes: string) =>
  lanes === "default" ? `${DEFAULT_CHECKOUT_LANES[kind]} (default)` : lanes;

const loadLabel = (load: Load) =>
  "perSecond" in load
    ? `${load.perSecond} orders/s arriving`
    : load.buyers > 0
      ? `${load.buyers} buyers placing orders`
      : "no orders coming in";

/** The ratio line is read under the first lanes setting's saturating load (the default's). */
async function runDatabase(kind: Kind): Promise<Run[]> {
  const runs: Run[] = [];
  const measure = async (server: ChildServer, cookie: string, load: Load, lanes: string) => {
    const phase = await runPhase(server, cookie, load, { seconds, managers });
    const saturating = "buyers" in load && load.buyers > 0;
    runs.push({
      kind,
      load: loadLabel(load),
      lanes: lanesLabel(kind, lanes),
      seconds,
      phase,
      headline: saturating && lanes === lanesSettings[0],
    });
  };
  console.log(
    `${kind}: quiet store${steadyRate > 0 ? `, then ${steadyRate} orders/s` : ""}, ${seconds} s each`,
  );
  await withServer(kind, "default", async (server, cookie) => {
    await measure(server, cookie, { buyers: 0 }, "default");
    if (steadyRate > 0) await measure(server, cookie, { perSecond: steadyRate }, "default");
  });
  for (const lanes of lanesSettings) {
    console.log(`${kind}: ${buyerCount} buyers, lanes ${lanes}, ${seconds} s`);
    await withServer(kind, lanes, (server, cookie) =>
      measure(server, cookie, { buyers: buyerCount }, lanes),
    );
  }
  return runs;
}

const started = new Date();
const runs: Run[] = [];
for (const kind of databases) runs.push(...(await runDatabase(kind)));
const { failed } = await writeResults(
  runs,
  { seconds, buyers: buyerCount, steadyRate, managers },
  started,
);
if (failed > 0) process.exitCode = 1;
