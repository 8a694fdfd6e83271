// bench/results/checkout.md's account of how the ratios are measured, and per database the
// statements one cash order sent in the run and what the database made of them on its own.

import { CARTS } from "../pgbench/capture.ts";
import { PGBENCH_PROTOCOL } from "../pgbench/replay.ts";
import { SCRIPT_PATH } from "../pgbench/script.ts";
import type { DatabaseResult } from "./database-run.ts";
import type { Settings } from "./settings.ts";

type MethodSettings = Pick<
  Settings,
  "buyers" | "duration" | "warmup" | "baselineRef" | "baselineRuns" | "mix"
>;

export function method({
  buyers,
  duration,
  warmup,
  baselineRef,
  baselineRuns,
  mix,
}: MethodSettings): string[] {
  return [
    `**Stretches.** On each database this tree's store is started once (bench/support/serve-app.ts, as \`src/server/main.ts\` starts it) and loaded by ${buyers} buyers in stretches of ${duration} s after a ${warmup} s warm-up: first the measured stretch (\`--mix ${mix}\`: ${mix === "cash" ? "every order cash on delivery" : "the default payment mix"}), then ${mix === "cash" ? "" : "a cash-only stretch, then "}an online-only stretch (card and approved UPI, half each, no declines: every order is placed, paid at the test provider, reported by the browser, and its webhook taken, all in the store's process). ${baselineRef ? `Right before it${baselineRuns > 1 ? " and right after it (A-B-A: a machine that got busier or quieter in between shows as a difference between the two)" : ""}, the store at ${baselineRef} runs on a fresh database of the same kind: its own server (its bench/support/serve-app.ts, from a git worktree in .tmp/bench-baseline/${baselineRef}, its database migrated, seeded and stocked by its own code) driven by this tree's buyers, same buyers, warm-up and duration, cash only.` : "No baseline ran (`--baseline none`)."}`,
    "",
    "**CPU per order** is the CPU the store's process used (all its threads: on PGlite the database runs in one of them) plus, on PostgreSQL, the CPU of the backends serving the store's database (found by their process title, which names the database, sampled every 200 ms so a backend that ends is counted up to its last sample; the rest of the server, other databases included, is not counted), over the stretch, divided by the orders the stretch completed: cash orders placed, or online orders placed and paid. Everything the process did in the stretch is in it: the mail worker storing the confirmations, the webhooks, the sweeps, and with `--provider test` the test provider's own work.",
    "",
    `- \`cpu per cash order vs baseline\`: this tree's cash stretch ÷ the mean of the baseline's cash stretches.`,
    `- \`cash orders/s vs pgbench on the same statements\`: this tree's cash stretch's cash orders/s ÷ the transactions/s of the database running, on its own, the statements one cash order sent (captured live in this run, below), for as long as a stretch, on the same database right after the store stopped. On PostgreSQL that is pgbench (\`${SCRIPT_PATH}\`, \`-M ${PGBENCH_PROTOCOL}\`: each statement prepared once per connection, the database's best case) on the same server, with as many clients as the store had connections to its database at the end of its load (its pool and its LISTEN; \`--pgbench-clients N\` sets another number): the same concurrency at the database. The store's ${buyers} buyers reach PostgreSQL through that pool; ${buyers} pgbench clients would queue on each other's row locks on the carts' products (seen while building this: 20-39 transactions/s with 50 clients against 83 with 10, waiting on transaction and tuple locks), which measures the queue, not the ceiling. On PGlite, which pgbench cannot reach, the same statements are replayed in-process to the database as the store opens it (its own thread), by as many loops as buyers.`,
    "- `cpu per online order vs cash order`: the online stretch's CPU per online order ÷ the cash stretch's CPU per cash order.",
    `- \`p99 / p50 at ${buyers} buyers\`: of the order calls (\`POST /api/orders\`) in the measured stretch (\`--mix ${mix}\`), timed by the load generator.`,
    "",
    `**The statements of one cash order** are captured live: before the warm-up, for each of ${CARTS} carts (two products each, no product in two carts), two cash orders are placed one after another, each by a new shopper, and the server child records every statement each \`POST /api/orders\` hands the database driver, with its values (bench/support/statement-capture.ts; the driver, not a TCP proxy or the server's log, so that PGlite, which has no wire, is captured the same way, and a prepared statement's text is seen at every execution). The orders' statements must agree in their texts (their shape). A value that differed between a cart's two orders (the keys, the order number, the shopper's phone, email and address, the limits' keys) is made new for each replayed order; times and long values (the mail's bodies, the stored answer) are sent as captured. Each replayed order is one of the carts at random (pgbench's \\if), so its clients spread over the products as the buyers' random carts do, rather than all queueing for two products' rows. The mail worker's statements are not in it: it stores the confirmations in batches, outside any order's request. On PostgreSQL the script is rewritten from the capture in every run; when the statements' shape differs from the committed file's, the run says so and exits 1, so the committed script stays what the store sends.`,
  ];
}

export function statementsSection(result: DatabaseResult): string[] {
  const { capture, replay } = result;
  const lines = [`### ${result.kind}`, ""];
  if (capture.error) {
    lines.push(`Not captured: ${capture.error}`, "");
    return lines;
  }
  lines.push(
    `${capture.statements.length} statements per cash order (${capture.orders} of ${capture.of} captured orders alike, in ${capture.carts} carts; shape \`${capture.shape?.slice(0, 16)}\`)${capture.script ? `; \`${capture.script.file}\` ${capture.script.matched ? "was already made for these statements" : `**was made for other statements** (shape \`${capture.script.committedShape?.slice(0, 16) ?? "none"}\`): rewritten from this run`}` : ""}:`,
    "",
    ...capture.statements.map(
      (text, index) => `${index + 1}. \`${text.length > 220 ? `${text.slice(0, 220)}…` : text}\``,
    ),
    "",
  );
  if (!replay) lines.push("No replay.", "");
  else if ("error" in replay) lines.push(`The replay failed: ${replay.error}`, "");
  else
    lines.push(
      `${replay.tool}: ${replay.transactions} transactions in ${replay.seconds} s, ${replay.perSecond}/s, ${replay.failed} failed, ${replay.ordersWritten} orders written${replay.backendCpuMsPerTransaction === null ? "" : `, ${replay.backendCpuMsPerTransaction} ms of backend CPU per transaction`}.${replay.errors.length ? ` Errors: ${replay.errors.map((e) => `\`${e.slice(0, 200)}\``).join("; ")}` : ""}`,
      "",
    );
  return lines;
}
