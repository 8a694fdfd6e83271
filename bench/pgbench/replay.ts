// The database's own ceiling on one cash order's statements: on PostgreSQL, pgbench running the
// script (cash-order.sql) with as many clients as the store had buyers, against the same server
// and database right after the store's run; on PGlite, which pgbench cannot reach, the same
// statements replayed straight to the database in-process (the store's own PGlite thread, as the
// store opens it), as many loops as buyers. Either way the orders it writes are counted, so a
// statement that quietly did nothing (a limit refusing the order) shows.
import { spawn } from "node:child_process";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../../src/server/db/client.ts";
import { rowsOf } from "../../src/server/db/client.ts";
import { BackendCpu } from "../checkout/backend-cpu.ts";
import { log } from "../checkout/progress-log.ts";
import { freshValues, type TemplateStatement, type Templates } from "./template.ts";

/** pgbench's protocol: statements prepared once per connection, the database's best case. */
export const PGBENCH_PROTOCOL = "prepared";

export type Replay = {
  tool: string;
  clients: number;
  seconds: number;
  transactions: number;
  perSecond: number;
  failed: number;
  /** Orders in the database after it, less before: one per transaction when the script works. */
  ordersWritten: number;
  /** PostgreSQL: CPU of the database's backends per transaction. */
  backendCpuMsPerTransaction: number | null;
  errors: string[];
};

async function orderCount(database: DatabaseHandle): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await database.db.execute(sql`select count(*)::int as n from orders`),
  );
  return Number(row?.n ?? 0);
}

/** A transaction that wrote no order did not do a cash order's work: say so beside the figure. */
function checkWritten(replay: Replay): Replay {
  if (replay.ordersWritten < replay.transactions)
    replay.errors.unshift(
      `${replay.transactions - replay.ordersWritten} of ${replay.transactions} transactions wrote no order: the statements did less than a cash order`,
    );
  return replay;
}

export async function runPgbench(
  database: DatabaseHandle,
  {
    url,
    databaseName,
    scriptFile,
    clients,
    seconds,
  }: {
    url: string;
    databaseName: string;
    scriptFile: string;
    clients: number;
    seconds: number;
  },
): Promise<Replay> {
  const before = await orderCount(database);
  const backends = new BackendCpu(databaseName).start();
  const args = [
    "-n",
    "-M",
    PGBENCH_PROTOCOL,
    "-c",
    String(clients),
    "-j",
    "2",
    "-T",
    String(seconds),
    "-f",
    scriptFile,
    url,
  ];
  log(`pgbench ${args.join(" ")}`);
  const output = await new Promise<{ code: number | null; text: string }>((resolve, reject) => {
    const child = spawn("pgbench", args, { stdio: ["ignore", "pipe", "pipe"] });
    let text = "";
    child.stdout.on("data", (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (text += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (code) => resolve({ code, text }));
  });
  const cpu = backends.seconds();
  backends.stop();
  const figure = (pattern: RegExp) => Number(pattern.exec(output.text)?.[1] ?? Number.NaN);
  const transactions = figure(/number of transactions actually processed: (\d+)/);
  const perSecond = figure(/tps = ([\d.]+) \(without initial connection time\)/);
  const failed = figure(/number of failed transactions: (\d+)/) || 0;
  const errors = output.text
    .split("\n")
    .filter((line) => /error|abort|FATAL/i.test(line))
    .slice(0, 10);
  if (output.code !== 0 || !Number.isFinite(perSecond))
    errors.unshift(`pgbench exited with ${output.code}: ${output.text.slice(-600)}`);
  return checkWritten({
    tool: `pgbench -M ${PGBENCH_PROTOCOL} -c ${clients} -j 2 -T ${seconds}`,
    clients,
    seconds,
    transactions,
    perSecond: Math.round(perSecond * 10) / 10,
    failed,
    ordersWritten: (await orderCount(database)) - before,
    backendCpuMsPerTransaction:
      transactions > 0 ? Math.round((cpu * 1e5) / transactions) / 100 : null,
    errors,
  });
}

type PgliteClient = {
  query(text: string, params?: unknown[]): Promise<unknown>;
  transaction<T>(
    run: (tx: { query(text: string, params?: unknown[]): Promise<unknown> }) => Promise<T>,
  ): Promise<T>;
};

/** Autocommit statements one by one; a captured BEGIN ... COMMIT as one transaction. */
function units(statements: TemplateStatement[]): TemplateStatement[][] {
  const out: TemplateStatement[][] = [];
  let open: TemplateStatement[] | undefined;
  for (const statement of statements) {
    const verb = statement.text.trim().toLowerCase();
    if (verb === "begin") open = [];
    else if (verb === "commit" && open) {
      out.push(open);
      open = undefined;
    } else if (open) open.push(statement);
    else out.push([statement]);
  }
  return out;
}

export async function replayOnPglite(
  database: DatabaseHandle,
  templates: Templates,
  { clients, seconds }: { clients: number; seconds: number },
): Promise<Replay> {
  const client = (database.db as unknown as { $client: PgliteClient }).$client;
  const before = await orderCount(database);
  const carts = templates.carts.map((template) => units(template.statements));
  const errors: string[] = [];
  let transactions = 0;
  let failed = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const loop = async () => {
    while (performance.now() < deadline) {
      const values = freshValues();
      const steps = carts[Math.floor(Math.random() * carts.length)]!;
      try {
        for (const step of steps) {
          if (step.length === 1) await client.query(step[0]!.text, values(step[0]!));
          else
            await client.transaction(async (tx) => {
              for (const statement of step) await tx.query(statement.text, values(statement));
            });
        }
        transactions++;
      } catch (error) {
        failed++;
        if (errors.length < 10) errors.push(error instanceof Error ? error.message : String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, loop));
  const wall = (performance.now() - started) / 1000;
  return checkWritten({
    tool: `in-process replay on PGlite, ${clients} loops`,
    clients,
    seconds: Math.round(wall * 100) / 100,
    transactions,
    perSecond: Math.round((transactions / wall) * 10) / 10,
    failed,
    ordersWritten: (await orderCount(database)) - before,
    backendCpuMsPerTransaction: null,
    errors,
  });
}
