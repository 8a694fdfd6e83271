// `npm run bench:reset-timing`: does "forgot password" answer an address with an account and one
// without in the same time? A difference would tell an attacker which addresses are customers'.
// The store's app runs in this process on an in-memory database; requests for known and unknown
// addresses alternate, so the machine's noise hits both alike, and each side's times are compared.
//
// Options: --accounts N (200) --rounds N (3)
import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config.ts";
import { openDatabase } from "../src/server/db/client.ts";
import { mdTable, median, ROOT, textTable } from "./support/child.ts";

/** Known and unknown medians further apart than this would be a signal worth chasing. */
const TARGET_MEDIAN_GAP = 0.1;

const { values: flags } = parseArgs({
  options: {
    accounts: { type: "string", default: "200" },
    rounds: { type: "string", default: "3" },
  },
});
const accounts = Number(flags.accounts);
const rounds = Number(flags.rounds);

let addresses = 0;
// Every request from an address of its own: the per-address limits must not enter the timing.
const nextAddress = () =>
  `10.${Math.floor(++addresses / 65025) % 250}.${Math.floor(addresses / 255) % 255}.${addresses % 255}`;
const ORIGIN = "http://localhost:3000";

const database = await openDatabase({});
await database.migrate();
const config = loadConfig({
  NODE_ENV: "production",
  LOG_LEVEL: "silent",
  WEB_DIST_DIR: "./.tmp/no-web-build",
});
const app = await buildApp({ config, database, logger: false });
await app.ready();

const post = (url: string, payload: object) =>
  app.inject({
    method: "POST",
    url,
    payload,
    headers: { origin: ORIGIN },
    remoteAddress: nextAddress(),
  });

const known: string[] = [];
for (let i = 0; i < accounts * rounds; i++) {
  const email = `customer${i}@example.in`;
  const response = await post("/api/auth/sign-up/email", {
    name: "Asha Das",
    email,
    password: "green mangoes ripen",
  });
  if (response.statusCode !== 200)
    throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  known.push(email);
}

async function timeReset(email: string) {
  const started = process.hrtime.bigint();
  const response = await post("/api/auth/email-otp/request-password-reset", { email });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  return { ms, status: response.statusCode, body: response.body };
}

const times = { known: [] as number[], unknown: [] as number[] };
const answers = new Set<string>();
// Warm-up: the first requests pay for compiling code paths.
for (let i = 0; i < 20; i++) await timeReset(`warmup${i}@example.in`);
for (let i = 0; i < accounts * rounds; i++) {
  // Alternate which side goes first, so neither always follows the other's background work.
  const pair = i % 2 === 0 ? [true, false] : [false, true];
  for (const isKnown of pair) {
    const result = await timeReset(isKnown ? known[i]! : `nobody${i}@example.in`);
    (isKnown ? times.known : times.unknown).push(result.ms);
    answers.add(`${result.status} ${result.body}`);
  }
}
await app.close();
await database.close();

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
};
const round = (value: number) => Math.round(value * 100) / 100;
const summary = (values: number[]) => [
  round(median(values)),
  round(percentile(values, 0.9)),
  round(percentile(values, 0.99)),
];
const [knownMedian] = summary(times.known);
const [unknownMedian] = summary(times.unknown);
const gap = Math.abs(knownMedian! - unknownMedian!) / Math.min(knownMedian!, unknownMedian!);
const pass = gap <= TARGET_MEDIAN_GAP && answers.size === 1;

const header = ["address", "requests", "median ms", "p90 ms", "p99 ms"];
const rows = [
  ["with an account", times.known.length, ...summary(times.known)],
  ["without one", times.unknown.length, ...summary(times.unknown)],
];
console.log(textTable(header, rows));
console.log(`answers seen: ${[...answers].join(" | ")}`);
console.log(
  `median gap ${round(gap * 100)}% (target <= ${TARGET_MEDIAN_GAP * 100}%): ${pass ? "pass" : "MISSED"}`,
);

const when = new Date().toISOString();
const machine = `Node ${process.version} · ${os.cpus().length} CPUs · load average ${os.loadavg().map(round).join(" / ")}`;
await writeFile(
  path.join(ROOT, "bench/results/reset-timing.md"),
  `# Forgot password: the same answer and time with or without an account

${when} · ${machine}

POST /api/auth/email-otp/request-password-reset through the store's app in one process (in-memory
database), ${times.known.length} addresses with an account and as many without, alternating, each
from a client address of its own, after a warm-up. Times are the app's, without a network.

${mdTable(header, rows)}

Answers seen (status and body): ${[...answers].map((answer) => `\`${answer}\``).join(", ")}.

Median gap: ${round(gap * 100)}% (target <= ${TARGET_MEDIAN_GAP * 100}%, and one answer for both): **${pass ? "pass" : "MISSED"}**.
`,
);
await writeFile(
  path.join(ROOT, "bench/results/reset-timing.json"),
  `${JSON.stringify({ when, machine, known: summary(times.known), unknown: summary(times.unknown), gap, pass }, null, 2)}\n`,
);
process.exit(0);
