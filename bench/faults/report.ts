// bench/results/faults.md: per scenario, what was done, what the shoppers saw (failed requests by
// kind, heal time after each fault) and every invariant's result; the machine, date and commit.
import { execFileSync } from "node:child_process";
import os from "node:os";
import type { InvariantId } from "../../src/server/testing/store-invariants.ts";
import { mdTable, ROOT } from "../support/child.ts";
import { failedCount, type ScenarioOutcome } from "./load-session.ts";

export type RunFacts = {
  date: string;
  /** The machine's 1-minute load average at the start and end (it is shared with other work). */
  loadAverage: { start: number; end: number };
  seconds: number;
  machine: string;
  node: string;
  postgres: string;
  haproxy: string;
  commit: string;
  /** Files of src/ and bench/ that differ from the commit (the run measured them as they were). */
  changed: string[];
};

function tool(command: string, args: string[]): string {
  try {
    // Only the end trimmed: `git status --porcelain` lines start with a meaningful space.
    return execFileSync(command, args, { cwd: ROOT, encoding: "utf8" }).trimEnd();
  } catch {
    return "unknown";
  }
}

export function runFacts(
  startedAt: Date,
  seconds: number,
  postgres: string,
  loadAtStart: number,
): RunFacts {
  const cpus = os.cpus();
  return {
    date: startedAt.toISOString(),
    loadAverage: { start: loadAtStart, end: Number(os.loadavg()[0]!.toFixed(1)) },
    seconds,
    machine: `${cpus.length} CPUs (${cpus[0]?.model ?? "unknown"}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}`,
    node: process.version,
    postgres,
    haproxy: tool("/usr/sbin/haproxy", ["-v"]).split("\n")[0] ?? "unknown",
    commit: tool("git", ["rev-parse", "HEAD"]),
    changed: tool("git", ["status", "--porcelain", "--", "src", "bench"])
      .split("\n")
      .filter(Boolean)
      .map((line) => line.slice(3))
      // A run's own results are not the code it ran.
      .filter((file) => !file.startsWith("bench/results/")),
  };
}

/** What each invariant proves, for readers of the results. */
const PROVES: Record<InvariantId, string> = {
  "acknowledged-orders-present":
    "no 201 was a lie: every order a shopper was told about was committed whole (lines as asked, the total told, its payment record with the shopper's key)",
  "no-unacknowledged-orders":
    "no retry placed an order twice, and no order exists that nobody was told about (except under a key whose shopper gave up waiting)",
  "stock-conserved":
    "no unit was lost or made up: per product, what is on the shelf plus what open orders hold equals the stock at the start (cancellations returned theirs)",
  "ledger-accounts-for-stock":
    "the stock ledger explains every change: per product its rows add up to the change on the shelf, per order its sale and return rows match its lines",
  "order-numbers-unique": "no order number was given twice, in the table or in answers",
  "paid-orders-verified":
    "no order is paid that the provider did not capture for it, and every payment the store accepted made its order paid",
  "no-double-refunds":
    "no payment was refunded twice or beyond what it took, however often cancels and refunds were retried across crashes",
  "staff-cancels-complete":
    "every cancel the sales manager was told succeeded left the order cancelled and, if paid online, refunded once in full",
  "order-emails-in-outbox":
    "every order that was placed has exactly one confirmation email in the outbox (written with the order, so a crash cannot separate them), and a cancelled one its cancellation email",
  "delivered-refunds-complete":
    "every refund after delivery committed whole: its credit note, its returned units (and write-offs) in the ledger, its money owed back or its cash paid back recorded, and no line refunded beyond what it was sold for",
  "bulk-payments-agree":
    "every event order's refunds went back to its own charges and never beyond them, and no planner holds more paid than the advance of the order as changed (a smaller order gave the rest back)",
  "lots-hold-stock":
    "every product's stock is the sum of its lots and every ledger row moved exactly its quantity in lots, so every unit sold came from a lot",
  "bulk-quotes-match-lines":
    "every event order's quote is its stored catalogue lines priced by the shared rule (total, advance, each line's GST), so Inventory's outlook plans the stock the planner pays for",
};

const yes = (pass: boolean) => (pass ? "pass" : "**FAIL**");
const seconds = (value: number | undefined) => (value === undefined ? "never" : `${value} s`);

function healSummary(outcome: ScenarioOutcome): string {
  if (outcome.healing.length === 0) return "n/a";
  const values = outcome.healing.map((h) => h.healSeconds);
  if (values.some((value) => value === undefined)) return "**did not heal**";
  const numbers = values as number[];
  const low = Math.min(...numbers);
  const high = Math.max(...numbers);
  return low === high ? `${low} s` : `${low}-${high} s`;
}

function invariantSummary(outcome: ScenarioOutcome): string {
  if (!outcome.invariants) return "**not checked**";
  const all = outcome.invariants.invariants;
  const held = all.filter((invariant) => invariant.pass).length;
  const checks = outcome.checks.filter((check) => check.pass).length;
  return `${held}/${all.length} invariants${outcome.checks.length ? `, ${checks}/${outcome.checks.length} checks` : ""}${held === all.length && checks === outcome.checks.length ? "" : " — **FAILED**"}`;
}

function scenarioSection(outcome: ScenarioOutcome): string[] {
  const { shoppers, staff } = outcome;
  const lines = [
    `## ${outcome.title}`,
    "",
    `\`${outcome.id}\` · ${outcome.database === "pglite" ? "PGlite" : "PostgreSQL"} · payments: ${outcome.provider} · ${outcome.seconds} s of load · machine load average ${outcome.loadAverage.start} when it began, ${outcome.loadAverage.end} when it ended`,
    "",
    outcome.what,
    "",
  ];
  if (outcome.error)
    lines.push(
      "**The scenario could not be run to its end:**",
      "",
      "```text",
      outcome.error,
      "```",
      "",
    );
  lines.push(
    mdTable(
      ["what the shoppers and the sales manager got", "count"],
      [
        ["orders acknowledged (201)", shoppers.acknowledged],
        ["online payments the store accepted", shoppers.paidOnlineAccepted],
        [
          "online payments captured by the provider but not accepted (the order still awaits it)",
          shoppers.capturedNotAccepted,
        ],
        [
          "online orders whose provider order died with its store process: paid cash on delivery instead",
          shoppers.lostAtProviderSwitchedToCash,
        ],
        ["... left awaiting payment (cash refused)", shoppers.lostAtProviderLeft],
        [
          "checkouts given up after 30 s of pressing again (no answer to act on)",
          shoppers.unansweredKeys,
        ],
        [
          `checkouts answered "already being placed" (409 IN_PROGRESS) at least once; longest for`,
          `${shoppers.inProgress.keys}; ${shoppers.inProgress.longestSeconds} s`,
        ],
        ["... of them answered in the end (same key)", shoppers.inProgress.answeredInTheEnd],
        ["paid orders cancelled by the sales manager (refunded)", staff.cancelled],
        ["cash orders confirmed by the sales manager", staff.confirmed],
      ],
    ),
    "",
  );
  const kinds = Object.keys(outcome.requests);
  lines.push(
    "Failed requests (no answer, a 5xx, or 409 IN_PROGRESS), by kind:",
    "",
    mdTable(
      ["kind", "requests", "failed", "what came back"],
      kinds.map((kind) => {
        const labels = outcome.failures[kind] ?? {};
        return [
          kind,
          outcome.requests[kind] ?? 0,
          failedCount(outcome, [kind]),
          Object.entries(labels)
            .sort((a, b) => b[1] - a[1])
            .map(([label, n]) => `${label} × ${n}`)
            .join(", ") || "-",
        ];
      }),
    ),
    "",
  );
  if (outcome.healing.length > 0) {
    lines.push(
      "Healing: from the fault to the first order placed (201) by a checkout sent after it began.",
      "",
      mdTable(
        [
          "fault",
          "at",
          "lasted (until the store was ready / the server started)",
          "healed after",
          "failed requests meanwhile",
        ],
        outcome.healing.map((h) => [
          h.name,
          `${h.atSeconds} s`,
          seconds(h.faultSeconds),
          seconds(h.healSeconds),
          h.failedMeanwhile,
        ]),
      ),
      "",
    );
  }
  lines.push(
    mdTable(
      ["invariant or check", "result", "detail"],
      [
        ...outcome.checks.map((check) => [check.name, yes(check.pass), check.detail]),
        ...(outcome.invariants?.invariants ?? []).map((invariant) => [
          invariant.name,
          yes(invariant.pass),
          invariant.pass
            ? invariant.detail
            : `${invariant.detail}; ${invariant.offences
                .slice(0, 5)
                .map((o) => `${o.subject}: ${o.problem}`)
                .join("; ")}`,
        ]),
      ].map((row) => row.map((cell) => String(cell).replaceAll("|", "\\|"))),
    ),
    "",
  );
  const notes = [
    ...outcome.notes,
    ...shoppers.surprises.map((s) => `unexpected answer: ${s}`),
    ...staff.refused.map((r) => `the sales manager was refused: ${r}`),
  ];
  if (notes.length > 0) lines.push(...notes.map((note) => `- ${note}`), "");
  if (outcome.invariants) {
    lines.push(
      `Database afterwards: ${Object.entries(outcome.invariants.facts)
        .map(([name, n]) => `${name} ${n}`)
        .join(", ")}.`,
      "",
    );
  }
  return lines;
}

export function faultsMarkdown(
  facts: RunFacts,
  outcomes: ScenarioOutcome[],
  findings: string[],
): string {
  const changed = facts.changed.length
    ? ` (the checkout also held ${facts.changed.length} uncommitted files of src/ and bench/, work in progress: ${facts.changed.slice(0, 8).join(", ")}${facts.changed.length > 8 ? ", ..." : ""}; the JSON lists them all)`
    : "";
  return [
    "# Fault runs: crashes, outages, races and restarts under load",
    "",
    `${facts.date} · ${facts.machine} · Node ${facts.node} · ${facts.postgres} · ${facts.haproxy} · the store at ${facts.commit.slice(0, 10)}${changed} · ${facts.seconds} s in all · load average ${facts.loadAverage.start} at the start, ${facts.loadAverage.end} at the end (the machine is shared: other work slows process starts and HAProxy's 1 s health checks)`,
    "",
    "`npm run bench:faults` (bench/faults.ts). Each scenario runs on a database of its own with real store processes (`src/server/main.ts`, NODE_ENV=production, demo mode) started by `src/server/testing/store-instances.ts`; PostgreSQL is a cluster of the run's own (`src/server/testing/postgres-clusters.ts`, synchronous_commit on for the store's databases), HAProxy runs `deploy/haproxy.cfg`, and all traffic stays on loopback. Shoppers each come from a loopback address of their own, place 1-3 orders (half cash on delivery, half paid online in the provider's checkout and reported to the store) and, like the storefront, press again with the same Idempotency-Key when no answer came or a 5xx did (after its Retry-After); unlike the storefront, they also press again with the same key after \"already being placed\" (409 IN_PROGRESS), for up to 30 s. The sales manager signs in and, over HTTP, confirms every 3rd cash order and cancels every 4th paid order (the store refunds it). After each scenario every store is stopped and `src/server/testing/store-invariants.ts` checks the database against what the shoppers and the manager were told.",
    "",
    "b-e run on PostgreSQL only: PGlite has no server to restart or stop, one process owns it (no second instance, no rolling restart), and no replica follows it.",
    "",
    mdTable(
      ["scenario", "database", "orders acknowledged", "failed requests", "heal time", "result"],
      outcomes.map((o) => [
        o.title,
        o.database === "pglite" ? "PGlite" : "PostgreSQL",
        o.shoppers.acknowledged,
        failedCount(o),
        healSummary(o),
        o.error ? "**could not run**" : invariantSummary(o),
      ]),
    ),
    "",
    ...(findings.length ? ["What the runs show:", "", ...findings.map((f) => `- ${f}`), ""] : []),
    "What each invariant proves:",
    "",
    ...Object.entries(PROVES).map(([id, proves]) => `- \`${id}\`: ${proves}.`),
    "",
    ...outcomes.flatMap(scenarioSection),
  ].join("\n");
}
