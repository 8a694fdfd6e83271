// bench/results/checkout.md: what was run and how, the baseline beside the hosted checkout, the
// targets and invariants, and per database its calls, answers, checks and (when profiled) where
// the time went.
import { MAILS_PER_RECIPIENT_PER_HOUR } from "../../src/server/modules/mail/recipient-limit.ts";
import { TEST_PROVIDER_API } from "../../src/shared/contracts/test-provider.ts";
import {
  APPROVING_TEST_CARD,
  APPROVING_TEST_UPI,
  DECLINING_TEST_UPI,
} from "../../src/shared/rules/test-payments.ts";
import { mdTable } from "../support/child.ts";
import type { DatabaseResult } from "./database-run.ts";
import { TARGET_P99_MS } from "./figures.ts";
import {
  ORDERS_PER_SHOPPER,
  PAYMENT_MIX,
  PLENTIFUL_STOCK,
  REPLAY_SHARE,
  SCARCE_SHARE,
  SCARCE_STOCK,
  VERIFY_REPLAY_SHARE,
} from "./load-model.ts";
import { CALL_KINDS } from "./phase.ts";
import {
  outsideHeader,
  outsideRows,
  statementHeader,
  statementRows,
  stepHeader,
  stepRows,
  verifyFigureRows,
  verifyFiguresHeader,
  verifyHeader,
  verifyRows,
} from "./profile-tables.ts";
import { type Ratio, ratioLine } from "./ratios.ts";
import { method, statementsSection } from "./report-method.ts";
import type { Settings } from "./settings.ts";
import { MAIN_HEADER, STRETCH_HEADER } from "./tables.ts";

/** The working tree's changes the server runs (src/server, src/shared), for the header. */
function storeChanges(changedFiles: string[]): string {
  const server = changedFiles.filter((file) => /^src\/(server|shared)\//.test(file));
  if (changedFiles.length === 0) return "";
  return ` with ${changedFiles.length} files of src/ and bench/ changed${server.length ? `, of them in src/server and src/shared: ${server.join(", ")}` : ", none in src/server or src/shared"} (the JSON lists them all)`;
}

export function markdown(
  report: {
    date: string;
    store: { commit: string; changedFiles: string[] };
    node: string;
    cpus: number;
    cpuModel: string;
    loadAverageStart: number[];
    loadAverageEnd: number[];
    elapsedSeconds: number;
  },
  results: DatabaseResult[],
  rowsOut: (string | number)[][],
  stretches: (string | number)[][],
  ratios: { kind: string; ratios: Ratio[] }[],
  settings: Settings,
): string {
  const { buyers, duration, warmup, baselineRef, baselineRuns, profileSeconds } = settings;
  const mix = `${PAYMENT_MIX.cash * 100}% cash, ${PAYMENT_MIX.card * 100}% card (${APPROVING_TEST_CARD}), ${PAYMENT_MIX.upiApproved * 100}% UPI ${APPROVING_TEST_UPI}, ${PAYMENT_MIX.upiDeclined * 100}% UPI ${DECLINING_TEST_UPI} (declined)`;
  const lines = [
    `# Checkout benchmark: cost per order, beside the store at ${baselineRef ?? "(no baseline)"} and the database's own rate`,
    "",
    "## Ratios",
    "",
    'Each ratio is made of figures measured in this one run (see "How it is measured" below), so it holds on a machine shared with other work, where absolute figures do not.',
    "",
    ...ratios.flatMap(({ kind, ratios: list }) => [
      `### ${kind}`,
      "",
      "```text",
      ...list.map(ratioLine),
      "```",
      "",
      "| ratio | value | target | inputs |",
      "| --- | ---: | --- | --- |",
      ...list.map(
        (r) =>
          `| ${r.name} | ${r.value ?? "?"} | ${r.target}${r.pass === null ? "" : r.pass ? " (met)" : " (**missed**)"} | ${r.inputs} |`,
      ),
      "",
    ]),
    `${report.date} · Node ${report.node} · ${report.cpus} CPUs (${report.cpuModel}) · load average ${report.loadAverageStart.join(" / ")} at the start, ${report.loadAverageEnd.join(" / ")} at the end · ${report.elapsedSeconds} s in all · the store at ${report.store.commit.slice(0, 10)}${storeChanges(report.store.changedFiles)}`,
    "",
    `${buyers} buyers, each with one checkout in flight, for ${duration} s after a ${warmup} s warm-up, against the store as \`src/server/main.ts\` runs it (NODE_ENV=production, LOG_LEVEL=warn, mail worker, refund retries and unpaid-order sweep on, TRUST_PROXY=1, ${settings.provider === "test" ? "PAYMENT_PROVIDER=test: demo mode's built-in test provider, served by the store itself" : "PAYMENT_PROVIDER=razorpay against Razorpay's API stand-in (src/server/testing/razorpay-stand-in.ts) running in the load generator's process, `--provider stand-in`"}) in its own process. NODE_ENV=production is now also in the server's process environment, so React renders the emails and invoices with its production build as in a deployment (before, only the store's config had it, and React ran its development build: figures in older result files are not comparable). Each simulated shopper has its own X-Forwarded-For address and cookie and places ${ORDERS_PER_SHOPPER.min}-${ORDERS_PER_SHOPPER.max} orders in at most ${MAILS_PER_RECIPIENT_PER_HOUR} checkout attempts (the store mails one address at most ${MAILS_PER_RECIPIENT_PER_HOUR} times an hour), at most 3 of them open cash orders, before the next shopper takes the slot. An order is 1-4 products × 1-3; ${SCARCE_SHARE * 100}% include the one scarce product (stock ${SCARCE_STOCK} of its smallest purchase; every other product ${PLENTIFUL_STOCK} of its smallest purchase, 25 tonnes of one sold by the quarter kilo; a tree from before weights, ${PLENTIFUL_STOCK} units). The measured stretch pays ${settings.mix === "cash" ? "cash on delivery only (`--mix cash`)" : `as the default mix: ${mix}`}.`,
    "",
    `**The hosted flow, as a browser does it.** A cash order is one call: \`POST /api/orders\` → 201 placed. An online order is placed (\`POST /api/orders\`, payment method only → 201 awaiting_payment with the provider's order: its stock is held), paid in the provider's checkout (\`POST ${TEST_PROVIDER_API}/orders/{providerOrderId}/payments\` with what the test checkout page sends: "Visa ending 1111" or "UPI success@upi", never a card number; the provider's work, timed as "provider", not a store call), and the provider's signed answer reported to the store (\`POST /api/orders/{n}/payment\`, "verify" → 200 placed/paid). A declined UPI payment (402 at the provider) is **left awaiting payment**, holding its stock until the hold ends (15 min, longer than the run), as a shopper who gives up would leave it; it is not retried, and that shopper leaves (the next one takes the slot, so nobody meets the store's limit of unpaid holds per phone and browser). A report answered 202 (signed, but the provider has not yet said it took the money) would be followed by the order page's reads of the order (\`GET /api/orders/{n}\`, "read") until the webhook has made it paid; with the test provider, which captures at once, none is expected. The test provider also sends its signed webhook (payment.captured / payment.failed), which the demo store delivers to itself in-process: every payment is reported twice (browser and webhook), as with Razorpay. A shopper told an item ran out drops it and tries again once; ${REPLAY_SHARE * 100}% of order answers are followed by a replay of the same Idempotency-Key and body, and ${VERIFY_REPLAY_SHARE * 100}% of accepted payment reports are sent again.`,
    "",
    ...(settings.provider === "stand-in"
      ? [
          "**The provider out of the store's process** (`--provider stand-in`, the default): the store is set up for Razorpay and talks over HTTP to Razorpay's API stand-in, which runs in the load generator's process, as it would to Razorpay. The shopper pays in the stand-in's checkout (in the load generator, no call to the store), the stand-in's signed webhook (payment.captured or payment.failed) is POSTed to the store at that moment, racing the browser's report as Razorpay's does, and the report is checked with the stand-in (`GET /v1/payments/{id}`). Webhooks are timed and counted as \"provider\" calls. So the store's CPU per online order is the store's own work: placing (with its call to create the provider's order), the report and its check, and the webhook. With `--provider test` the test provider's checkout, webhooks and answers run in the store's process and count in its CPU, as in result files before this option.",
          "",
        ]
      : []),
    `**orders/s** counts orders that end placed: cash 201s and online orders whose report answered 200 (declined ones are not counted). **Latency** is per call kind, measured by the load generator (replays included); the p99 target (< ${TARGET_P99_MS} ms) applies to each store call (order, verify). "store calls/s" counts order + verify calls. "CPU ms/order" is server (+ PostgreSQL) CPU per order placed or paid, all the run's work included (the in-process test provider and its webhooks, declines, replays, the mail worker). "CPU-bound est." is what that CPU per order would allow on this machine with nobody else on it: a ceiling, not a measurement. The machine has ${report.cpus} cores and was shared with other work during the run.`,
    "",
    "## How it is measured",
    "",
    ...method({ buyers, duration, warmup, baselineRef, baselineRuns, mix: settings.mix }),
    "",
    "## Every stretch, in the order run",
    "",
    mdTable(STRETCH_HEADER, stretches),
    "",
    "## One cash order's statements, and the database's own rate on them",
    "",
    ...results.flatMap(statementsSection),
    `## The measured stretch (${settings.mix === "cash" ? "cash only" : "default mix"}), in detail`,
    "",
    mdTable(MAIN_HEADER, rowsOut),
    "",
    "| database | target | value | result | CPU-bound ceiling if the machine were idle |",
    "| --- | --- | ---: | --- | ---: |",
    ...results.flatMap((result) =>
      result.targets.map(
        (target) =>
          `| ${result.kind} | ${target.target} | ${target.value} | ${target.pass ? "pass" : "**MISSED**"} | ${target.name === "throughput" ? `${result.measured.cpuBoundOrdersPerSec ?? "?"} orders/s` : ""} |`,
      ),
    ),
    "",
    `Invariants: ${results.map((result) => `${result.kind} ${result.invariants.filter((check) => check.pass).length}/${result.invariants.length} hold`).join(", ")}${results.every((result) => result.invariants.every((check) => check.pass)) ? "" : " — **FAILED**"}.`,
    "",
  ];
  for (const result of results) {
    const m = result.measured;
    const l = m.latency;
    lines.push(
      `### ${result.kind}`,
      "",
      `${result.label}. Load average ${result.loadAverageBefore.join(" / ")} before, ${result.loadAverageAfter.join(" / ")} after. Warm-up: ${result.warmup.requests} requests, ${result.warmup.completedOrders} orders placed or paid.`,
      "",
      `Measured ${m.seconds} s: ${m.requests.order} order calls, ${m.requests.verify} verify calls, ${m.requests.provider} provider calls; ${m.newOrders} new orders (201), ${m.completedOrders} placed or paid. Server process CPU ${m.serverCpuPct ?? "?"}% of one core${result.kind === "postgres" ? `, PostgreSQL processes ${m.postgresCpuPct ?? "?"}%` : ""}, load generator ${m.loadGeneratorCpuPct}%, whole machine ${m.machineBusyPct ?? "?"}% busy (all processes, other users included). CPU per order placed or paid: server ${m.serverCpuMsPerOrder ?? "?"} ms${result.kind === "postgres" ? `, PostgreSQL ${m.postgresCpuMsPerOrder ?? "?"} ms` : ""}. Busiest server thread: ${m.busiestThread ? `${m.busiestThread.main ? "the main thread" : "not the main thread"}, ${m.busiestThread.cpuPct}% of one core, ${m.busiestThread.cpuMsPerOrder} ms per order` : "?"}.`,
      "",
      "| call | count | p50 ms | p90 ms | p95 ms | p99 ms | max ms |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
      ...CALL_KINDS.map(
        (kind) =>
          `| ${kind} | ${l[kind].count} | ${l[kind].p50Ms} | ${l[kind].p90Ms} | ${l[kind].p95Ms} | ${l[kind].p99Ms} | ${l[kind].maxMs} |`,
      ),
      "",
      "| answer | count |",
      "| --- | ---: |",
      ...Object.entries(m.statuses).map(([label, n]) => `| ${label} | ${n} |`),
      "",
      ...(m.failures.length > 0
        ? ["Failures:", "", ...m.failures.map((failure) => `- ${failure}`), ""]
        : []),
      "Invariants, checked in the database after the server stopped (every phase's orders, warm-up and profiling included):",
      "",
      "| invariant | result | detail |",
      "| --- | --- | --- |",
      ...result.invariants.map(
        (check) => `| ${check.name} | ${check.pass ? "pass" : "**FAIL**"} | ${check.detail} |`,
      ),
      "",
    );
    if (result.profile) {
      lines.push(
        `#### Where the time goes (${result.kind})`,
        "",
        `Step traces from the server process (bench/support/step-trace.ts): every statement timed at the driver, the JavaScript between statements given to its step. \`POST /api/orders\`, mean per placed order (201), from the request's arrival to the end of the answer; with one buyer this is the service time, with ${buyers} it includes waiting (for PGlite's thread, which runs one statement at a time, for a pooled PostgreSQL connection, for row locks).`,
        "",
        mdTable(stepHeader(buyers), stepRows(result.profile)),
        "",
        "Statements and waits behind those steps, per placed order (the mail worker's too; with one buyer it may still be clearing mail queued under load):",
        "",
        mdTable(statementHeader(buyers), statementRows(result.profile)),
        "",
        `The payment report (\`POST /api/orders/{n}/payment\`, answered 200), server side, and its statements per call (with one buyer the server CPU includes the webhook the ${settings.provider === "test" ? "test provider delivers" : "stand-in sends"} at the same moment):`,
        "",
        mdTable(verifyFiguresHeader(buyers), verifyFigureRows(result.profile)),
        "",
        mdTable(verifyHeader(buyers), verifyRows(result.profile)),
        "",
        `Statements outside any traced call, per order placed or paid in the traced stretch: ${settings.provider === "test" ? "the test provider's own calls (its rate-limit count) and webhooks (delivered by the store to itself right after each payment, so they race the browser's report)" : "the webhooks (sent by the stand-in as each payment is made, so they race the browser's report)"}, the mail worker (claiming and storing the confirmations), the sweeps:`,
        "",
        mdTable(outsideHeader(buyers), outsideRows(result.profile)),
        "",
        `CPU profile of the server process's main thread (the one that serves HTTP) under ${buyers} buyers for ${profileSeconds} s (full profile: \`${result.profile.cpuProfileFile}\`, outside the repository):`,
        "",
        "```text",
        result.profile.cpu,
        "```",
        "",
      );
      for (const thread of result.profile.threads) {
        lines.push(
          `CPU profile of a busy worker thread of the server (on PGlite, the database's thread), same stretch (full profile: \`${thread.cpuProfileFile}\`):`,
          "",
          "```text",
          thread.cpu,
          "```",
          "",
        );
      }
    }
  }
  return lines.join("\n");
}
