// `npm run bench:http`: GET /api/products on the real server (every production plugin on)
// against a bare node:http server that answers the same bytes, measured in the same run with
// autocannon, alternating real and bare so machine noise hits both alike.
//
// Options: --rounds N (5) --duration S (10) --warmup S (3) --connections N (50)
//          --profile (after the measurement, one more real-only run under a CPU profiler)
import { existsSync } from "node:fs";
import { mkdir, rename, writeFile } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon, { type Result } from "autocannon";
import {
  ARTIFACTS,
  type ChildServer,
  cpuSeconds,
  mdTable,
  median,
  ROOT,
  startChild,
  textTable,
} from "./support/child.ts";
import { formatSummary, summariseFile } from "./support/cpu-profile.ts";

const ENDPOINT = "/api/products";
const TARGET_RATIO = 0.7;
const TARGET_P99_MS = 25;

const { values: flags } = parseArgs({
  options: {
    rounds: { type: "string", default: "5" },
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "3" },
    connections: { type: "string", default: "50" },
    profile: { type: "boolean", default: false },
  },
});
const rounds = Number(flags.rounds);
const duration = Number(flags.duration);
const warmup = Number(flags.warmup);
const connections = Number(flags.connections);

type Figures = {
  server: "real" | "bare";
  round: number;
  requestsPerSec: number;
  p50Ms: number;
  p975Ms: number;
  p99Ms: number;
  maxMs: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** CPU the server process used, as % of one core over the run (null off Linux). */
  serverCpuPct: number | null;
  /** CPU the server process spent per request, in microseconds: noise-resistant. */
  serverCpuUsPerRequest: number | null;
  /** CPU autocannon (this process) used, as % of one core: near 100 means it was the limit. */
  loadGeneratorCpuPct: number;
};

async function measure(
  server: ChildServer,
  name: Figures["server"],
  round: number,
): Promise<Figures> {
  const serverBefore = cpuSeconds(server.child.pid);
  const selfBefore = process.cpuUsage();
  const wallBefore = performance.now();
  const result = await load(server.origin, duration);
  const wallSeconds = (performance.now() - wallBefore) / 1000;
  const self = process.cpuUsage(selfBefore);
  const serverAfter = cpuSeconds(server.child.pid);
  const serverCpu =
    serverBefore === undefined || serverAfter === undefined
      ? undefined
      : serverAfter - serverBefore;
  const run = figures(name, round, result);
  return {
    ...run,
    serverCpuPct: serverCpu === undefined ? null : round1((serverCpu / wallSeconds) * 100),
    serverCpuUsPerRequest:
      serverCpu === undefined || run.requests === 0
        ? null
        : round1((serverCpu * 1e6) / run.requests),
    loadGeneratorCpuPct: round1(((self.user + self.system) / 1e6 / wallSeconds) * 100),
  };
}

function figures(
  server: Figures["server"],
  round: number,
  result: Result,
): Omit<Figures, "serverCpuPct" | "serverCpuUsPerRequest" | "loadGeneratorCpuPct"> {
  return {
    server,
    round,
    requestsPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p975Ms: result.latency.p97_5,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    requests: result["2xx"] + result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

function load(origin: string, seconds: number): Promise<Result> {
  return autocannon({ url: `${origin}${ENDPOINT}`, connections, pipelining: 1, duration: seconds });
}

type Probe = {
  status: number;
  headers: Record<string, string>;
  headerNames: string[];
  body: Buffer;
};

function probe(origin: string): Promise<Probe> {
  return new Promise((resolve, reject) => {
    http
      .get(`${origin}${ENDPOINT}`, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(response.headers)) {
            if (typeof value === "string") headers[name] = value;
          }
          const headerNames = response.rawHeaders.filter((_, i) => i % 2 === 0);
          resolve({
            status: response.statusCode ?? 0,
            headers,
            headerNames,
            body: Buffer.concat(chunks),
          });
        });
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

const round1 = (value: number, digits = 1) => Number(value.toFixed(digits));

function nullableMedian(values: (number | null)[]): number | null {
  return values.some((value) => value === null) ? null : round1(median(values as number[]));
}

async function main() {
  const started = Date.now();
  console.log(
    `bench:http — GET ${ENDPOINT}, ${connections} connections, ${rounds} rounds of ${duration} s each (real, bare alternating), ${warmup} s warm-up`,
  );

  const spaBuilt = existsSync(path.join(ROOT, "dist/web/index.html"));
  if (!spaBuilt)
    console.log("note: dist/web is not built, so the real server runs without its SPA plugin");
  let real: ChildServer | undefined;
  let bare: ChildServer | undefined;
  try {
    real = await startChild("bench/support/serve-app.ts", { args: [JSON.stringify({})] });
    const reference = await probe(real.origin);
    if (reference.status !== 200) throw new Error(`real server answered ${reference.status}`);
    const copied = ["content-type", "etag", "cache-control"];
    const bareHeaders = Object.fromEntries(
      copied
        .filter((name) => reference.headers[name])
        .map((name) => [name, reference.headers[name]!]),
    );
    bare = await startChild("bench/support/serve-bare.ts", {
      init: { type: "init", body: reference.body.toString("base64"), headers: bareHeaders },
    });
    const check = await probe(bare.origin);
    if (!check.body.equals(reference.body)) throw new Error("the bare server's body differs");
    console.log(
      `body ${reference.body.length} bytes; real sends ${reference.headerNames.length} headers, bare ${check.headerNames.length}`,
    );

    const servers = { real, bare };
    for (const name of ["real", "bare"] as const) {
      process.stdout.write(`warming up ${name}... `);
      await load(servers[name].origin, warmup);
      console.log("done");
    }

    const runs: Figures[] = [];
    for (let round = 1; round <= rounds; round++) {
      for (const name of ["real", "bare"] as const) {
        const run = await measure(servers[name], name, round);
        runs.push(run);
        console.log(
          `  round ${round} ${name}: ${run.requestsPerSec.toFixed(0)} req/s, p50 ${run.p50Ms} ms, p97.5 ${run.p975Ms} ms, p99 ${run.p99Ms} ms, errors ${run.errors + run.timeouts}, non-2xx ${run.non2xx}; server CPU ${run.serverCpuPct}% (${run.serverCpuUsPerRequest} µs/req), autocannon CPU ${run.loadGeneratorCpuPct}%`,
        );
      }
    }

    const summary = (name: "real" | "bare") => {
      const mine = runs.filter((run) => run.server === name);
      return {
        requestsPerSec: round1(median(mine.map((run) => run.requestsPerSec))),
        p50Ms: median(mine.map((run) => run.p50Ms)),
        p975Ms: median(mine.map((run) => run.p975Ms)),
        p99Ms: median(mine.map((run) => run.p99Ms)),
        errors: mine.reduce((sum, run) => sum + run.errors + run.timeouts, 0),
        non2xx: mine.reduce((sum, run) => sum + run.non2xx, 0),
        serverCpuPct: nullableMedian(mine.map((run) => run.serverCpuPct)),
        serverCpuUsPerRequest: nullableMedian(mine.map((run) => run.serverCpuUsPerRequest)),
        loadGeneratorCpuPct: round1(median(mine.map((run) => run.loadGeneratorCpuPct))),
      };
    };
    const medians = { real: summary("real"), bare: summary("bare") };
    const ratio = medians.real.requestsPerSec / medians.bare.requestsPerSec;
    const roundRatios = Array.from({ length: rounds }, (_, i) => {
      const [r, b] = ["real", "bare"].map(
        (name) => runs.find((run) => run.server === name && run.round === i + 1)!,
      );
      return round1(r!.requestsPerSec / b!.requestsPerSec, 3);
    });
    const targets = {
      ratio: {
        target: `real >= ${TARGET_RATIO} x bare req/s`,
        value: round1(ratio, 3),
        pass: ratio >= TARGET_RATIO,
      },
      p99: {
        target: `real p99 < ${TARGET_P99_MS} ms`,
        value: medians.real.p99Ms,
        pass: medians.real.p99Ms < TARGET_P99_MS,
      },
      clean: {
        target: "no errors, timeouts or non-2xx",
        value:
          medians.real.errors + medians.real.non2xx + medians.bare.errors + medians.bare.non2xx,
        pass:
          medians.real.errors + medians.real.non2xx + medians.bare.errors + medians.bare.non2xx ===
          0,
      },
    };

    const header = [
      "server",
      "req/s",
      "p50 ms",
      "p97.5 ms",
      "p99 ms",
      "errors",
      "non-2xx",
      "server CPU",
      "CPU µs/req",
      "autocannon CPU",
    ];
    const rows = (["real", "bare"] as const).map((name) => [
      name,
      medians[name].requestsPerSec.toFixed(0),
      medians[name].p50Ms,
      medians[name].p975Ms,
      medians[name].p99Ms,
      medians[name].errors,
      medians[name].non2xx,
      `${medians[name].serverCpuPct ?? "?"}%`,
      medians[name].serverCpuUsPerRequest ?? "?",
      `${medians[name].loadGeneratorCpuPct}%`,
    ]);
    const cpuRatio =
      medians.real.serverCpuUsPerRequest && medians.bare.serverCpuUsPerRequest
        ? medians.bare.serverCpuUsPerRequest / medians.real.serverCpuUsPerRequest
        : null;
    console.log(`\nmedian of ${rounds} runs each:\n${textTable(header, rows)}`);
    console.log(
      `\nratio real/bare: ${ratio.toFixed(3)} (per round: ${roundRatios.join(", ")}, median ${median(roundRatios).toFixed(3)})`,
    );
    if (cpuRatio !== null) {
      console.log(
        `server CPU per request, bare/real: ${cpuRatio.toFixed(3)} (the ratio the real server would reach if both were CPU-bound)`,
      );
    }
    for (const target of Object.values(targets)) {
      console.log(`${target.pass ? "PASS" : "MISS"}  ${target.target}: ${target.value}`);
    }

    const environment = {
      date: new Date().toISOString(),
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? "unknown",
      loadAverage: os.loadavg().map((value) => round1(value, 2)),
    };
    const report = {
      benchmark: "http",
      ...environment,
      endpoint: `GET ${ENDPOINT}`,
      webAppServed: spaBuilt,
      settings: {
        connections,
        pipelining: 1,
        rounds,
        durationSeconds: duration,
        warmupSeconds: warmup,
      },
      response: {
        bodyBytes: reference.body.length,
        realHeaders: reference.headerNames,
        bareHeaders: check.headerNames,
      },
      runs,
      medians,
      ratio: round1(ratio, 3),
      roundRatios,
      pairedRatioMedian: round1(median(roundRatios), 3),
      cpuPerRequestRatio: cpuRatio === null ? null : round1(cpuRatio, 3),
      targets,
      passed: Object.values(targets).every((target) => target.pass),
      elapsedSeconds: Math.round((Date.now() - started) / 1000),
    };
    const resultsDir = path.join(ROOT, "bench/results");
    await mkdir(resultsDir, { recursive: true });
    await writeFile(path.join(resultsDir, "http.json"), `${JSON.stringify(report, null, 2)}\n`);

    const md = [
      "# HTTP benchmark: GET /api/products",
      "",
      `${environment.date} · Node ${environment.node} · ${environment.cpus} CPUs (${environment.cpuModel}) · load average at the end ${environment.loadAverage.join(" / ")}`,
      "",
      `autocannon, ${connections} connections, no pipelining; ${warmup} s warm-up each, then ${rounds} rounds of ${duration} s alternating real and bare. Figures are the median of the rounds.`,
      "",
      `- **real**: the store as \`src/server/main.ts\` starts it (\`buildApp\`, NODE_ENV=production, LOG_LEVEL=warn, embedded PGlite in a fresh temporary directory, mail worker started), in its own process${spaBuilt ? ", serving the built web app from dist/web" : "; dist/web was not built, so the SPA plugin was off"}.`,
      `- **bare**: \`node:http\` in its own process answering the same ${reference.body.length}-byte body with the real server's ${Object.keys(bareHeaders).join(", ")} headers.`,
      "",
      mdTable(header, rows),
      "",
      `Ratio real/bare requests/s: **${ratio.toFixed(3)}** (ratio of the medians; per round: ${roundRatios.join(", ")}, median ${median(roundRatios).toFixed(3)}).`,
      cpuRatio === null
        ? ""
        : `\nServer CPU per request, bare/real: ${cpuRatio.toFixed(3)}: the ratio if both servers were CPU-bound. "server CPU" is the server process's CPU as % of one core; "autocannon CPU" is the load generator's (near 100% means autocannon, not the server, set the pace).`,
      "",
      "| target | value | result |",
      "| --- | ---: | --- |",
      ...Object.values(targets).map(
        (target) =>
          `| ${target.target} | ${target.value} | ${target.pass ? "pass" : "**MISSED**"} |`,
      ),
      "",
      "## Every run",
      "",
      mdTable(
        [
          "round",
          "server",
          "req/s",
          "p50 ms",
          "p97.5 ms",
          "p99 ms",
          "max ms",
          "errors",
          "non-2xx",
          "server CPU",
          "CPU µs/req",
          "autocannon CPU",
        ],
        runs.map((run) => [
          run.round,
          run.server,
          run.requestsPerSec.toFixed(0),
          run.p50Ms,
          run.p975Ms,
          run.p99Ms,
          run.maxMs,
          run.errors + run.timeouts,
          run.non2xx,
          `${run.serverCpuPct ?? "?"}%`,
          run.serverCpuUsPerRequest ?? "?",
          `${run.loadGeneratorCpuPct}%`,
        ]),
      ),
      "",
      `Real response headers (${reference.headerNames.length}): ${reference.headerNames.join(", ")}.`,
      "",
    ].join("\n");
    await writeFile(path.join(resultsDir, "http.md"), md);
    console.log("\nwrote bench/results/http.json and bench/results/http.md");

    if (flags.profile) {
      console.log(
        `\nprofiling the real server for ${duration} s (figures under the profiler are not kept)...`,
      );
      await real.ask("profile:start", "profile:started");
      await load(real.origin, duration);
      const { file } = (await real.ask("profile:stop", "profile:stopped")) as { file: string };
      const kept = path.join(ARTIFACTS, path.basename(file));
      await mkdir(path.dirname(kept), { recursive: true });
      await rename(file, kept);
      const text = formatSummary(summariseFile(kept, 30));
      console.log(text);
      await writeFile(
        path.join(resultsDir, "http-profile.md"),
        `# CPU profile of the real server under load\n\n${environment.date}, ${connections} connections for ${duration} s on GET ${ENDPOINT}. Full profile: \`${kept}\` (outside the repository; open it in Chrome DevTools).\n\n\`\`\`text\n${text}\n\`\`\`\n`,
      );
      console.log("wrote bench/results/http-profile.md");
    }
    if (!report.passed) {
      const missed = Object.values(targets).filter((target) => !target.pass);
      console.log(
        `\nMISSED ${missed.length} target(s): ${missed.map((target) => target.target).join("; ")}`,
      );
    }
  } finally {
    await Promise.all([real?.stop(), bare?.stop()]);
  }
}

main().catch((error: unknown) => {
  console.error("bench:http failed:", error);
  process.exit(1);
});
