// `npm run bench:web`: what a first-time visitor downloads and how Lighthouse rates the shopper
// pages, for this build and, measured in the same run, a baseline build of an earlier commit
// (the machine's speed changes from hour to hour; only figures taken side by side compare).
//  (a) builds the web app (skip with --no-build) and the baseline's (kept between runs under the
//      artifacts folder), serves each with its own real server, loads each page in Chromium and
//      sums the gzip size of the page and every JS and CSS file fetched before network idle (the
//      page carries the stylesheet, decision 37); checks no staff-only chunk is among them.
//  (b) Lighthouse 12, default (mobile) config, on the system Chromium, --runs times a page and
//      build (default 3), the builds alternating run by run; the median of each score and metric
//      counts.
//
// Options: --no-build, --runs N (3), --skip-lighthouse, --baseline REF (a commit; "none" skips it)
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result as LighthouseResult } from "lighthouse";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_MISSING, findChromium } from "../e2e/support/chromium.ts";
import {
  ARTIFACTS,
  type ChildServer,
  mdTable,
  median,
  ROOT,
  startChild,
  textTable,
} from "./support/child.ts";

const PAGES = ["/", "/shop", "/cart", "/checkout", "/about", "/customer-support"];
const THIS_BUILD = "this build";
/**
 * The storefront before it was rendered on the server (issue 18): main when that work began.
 * Its figures stand beside this build's in every report.
 */
const BASELINE_COMMIT = "4948720e5085507b9f4fd5be5e361ff44d44f382";
/** KB here is 1000 bytes. */
const TARGET_FIRST_LOAD_JS_BYTES = 110_000;
/** Lighthouse's metrics, median of the runs. */
const TARGET_LCP_MS = 1200;
const TARGET_TBT_MS = 100;
const STAFF_ONLY = /admin|dashboard/i;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type CategoryId = (typeof CATEGORIES)[number];
const TARGET_SCORES: Record<CategoryId, { min: number; text: string }> = {
  performance: { min: 100, text: "= 100" },
  accessibility: { min: 100, text: "= 100" },
  "best-practices": { min: 100, text: "= 100" },
  seo: { min: 100, text: "= 100" },
};
const VIEWPORT = { width: 1280, height: 720 };

const { values: flags } = parseArgs({
  options: {
    "no-build": { type: "boolean", default: false },
    runs: { type: "string", default: "3" },
    "skip-lighthouse": { type: "boolean", default: false },
    baseline: { type: "string", default: BASELINE_COMMIT },
  },
});
const lighthouseRuns = Number(flags.runs);

/** "html" is the page itself: since decision 37 it carries the stylesheet. */
type LoadedFile = {
  path: string;
  kind: "js" | "css" | "html";
  bytes: number;
  gzipBytes: number;
};
/** A build being measured: this checkout's, or the baseline commit's. */
type Build = { label: string; origin: string };

type FirstLoad = {
  build: string;
  page: string;
  /** HTTP status of the page's document. */
  status: number;
  files: LoadedFile[];
  js: { bytes: number; gzipBytes: number };
  css: { bytes: number; gzipBytes: number };
  html: { bytes: number; gzipBytes: number };
  otherRequests: number;
  staffOnlyFiles: string[];
};

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

function build(root = ROOT) {
  console.log(`building the web app in ${root} (npx vite build)...`);
  const result = spawnSync("npx", ["vite", "build", "--logLevel", "warn"], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error(`vite build failed with status ${result.status}`);
}

const git = (...args: string[]) => {
  const result = spawnSync("git", args, { cwd: ROOT, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
  return result.stdout.trim();
};

/**
 * The baseline commit's tree, built, under the artifacts folder: exported with `git archive`
 * (no worktree to clean up). It shares this checkout's node_modules when its lockfile is the
 * same, and installs its own otherwise (the store has dropped React Router since). Built once
 * per commit.
 */
async function baselineCheckout(ref: string): Promise<{ root: string; label: string }> {
  const sha = git("rev-parse", "--verify", `${ref}^{commit}`);
  const root = path.join(ARTIFACTS, `baseline-${sha.slice(0, 12)}`);
  const label = `baseline ${sha.slice(0, 7)}`;
  if (existsSync(path.join(root, "dist/web/index.html"))) return { root, label };
  await rm(root, { recursive: true, force: true });
  await mkdir(root, { recursive: true });
  const archive = spawnSync("sh", ["-c", `git archive ${sha} | tar -x -C '${root}'`], {
    cwd: ROOT,
    stdio: "inherit",
  });
  if (archive.status !== 0) throw new Error(`could not export ${sha}`);
  const lockfile = (dir: string) => readFileSync(path.join(dir, "package-lock.json"), "utf8");
  if (lockfile(root) === lockfile(ROOT)) {
    await symlink(path.join(ROOT, "node_modules"), path.join(root, "node_modules"), "dir");
  } else {
    console.log(`installing the baseline's own dependencies in ${root} (npm ci)...`);
    const install = spawnSync("npm", ["ci", "--prefer-offline", "--no-audit", "--no-fund"], {
      cwd: root,
      stdio: "inherit",
    });
    if (install.status !== 0) throw new Error(`npm ci failed for the baseline ${sha}`);
  }
  build(root);
  return { root, label };
}

async function measureFirstLoad(
  { label, origin }: Build,
  executablePath: string,
): Promise<FirstLoad[]> {
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const results: FirstLoad[] = [];
    for (const pagePath of PAGES) {
      // A fresh context for each page: empty cache and storage, as on a first visit.
      const context = await browser.newContext({ viewport: VIEWPORT });
      const page = await context.newPage();
      const pending: Promise<LoadedFile | undefined>[] = [];
      let otherRequests = 0;
      page.on("response", (response) => {
        const url = new URL(response.url());
        const type = response.request().resourceType();
        const kind: LoadedFile["kind"] | undefined =
          type === "script" || /\.m?js$/.test(url.pathname)
            ? "js"
            : type === "stylesheet" || url.pathname.endsWith(".css")
              ? "css"
              : type === "document"
                ? "html"
                : undefined;
        if (!kind) {
          otherRequests++;
          return;
        }
        pending.push(
          response
            .body()
            .then((body) => ({
              path: url.pathname,
              kind,
              bytes: body.length,
              gzipBytes: gzipSync(body).length,
            }))
            .catch(() => undefined),
        );
      });
      const document = await page.goto(`${origin}${pagePath}`, { waitUntil: "networkidle" });
      const seen = new Set<string>();
      const files = (await Promise.all(pending))
        .filter((file): file is LoadedFile => file !== undefined)
        .filter((file) => !seen.has(file.path) && seen.add(file.path) !== undefined)
        .sort((a, b) => b.gzipBytes - a.gzipBytes);
      await context.close();
      const sum = (kind: LoadedFile["kind"]) => ({
        bytes: files.filter((f) => f.kind === kind).reduce((total, f) => total + f.bytes, 0),
        gzipBytes: files
          .filter((f) => f.kind === kind)
          .reduce((total, f) => total + f.gzipBytes, 0),
      });
      results.push({
        build: label,
        page: pagePath,
        status: document?.status() ?? 0,
        files,
        js: sum("js"),
        css: sum("css"),
        html: sum("html"),
        otherRequests,
        staffOnlyFiles: files
          .map((f) => f.path)
          .filter((name) => STAFF_ONLY.test(path.basename(name))),
      });
    }
    return results;
  } finally {
    await browser.close();
  }
}

type FailingAudit = {
  category: CategoryId;
  id: string;
  title: string;
  /** In how many of the page's runs it failed. */
  failedRuns: number;
  score: number | null;
  detail: string;
};

type PageLighthouse = {
  build: string;
  page: string;
  scores: Record<CategoryId, number>;
  runScores: Record<CategoryId, number>[];
  metrics: Record<string, number>;
  failing: FailingAudit[];
  warnings: string[];
  /** Lighthouse's runtime errors (e.g. the page did not load); such a run scores 0. */
  errors: string[];
  /** Requests Lighthouse saw to any origin but the store's: there must be none. */
  externalRequests: string[];
  benchmarkIndex: number[];
};

const METRICS = {
  "first-contentful-paint": "FCP ms",
  "largest-contentful-paint": "LCP ms",
  "total-blocking-time": "TBT ms",
  "cumulative-layout-shift": "CLS",
  "speed-index": "SI ms",
} as const;

async function runLighthouse(url: string, chromePath: string): Promise<LighthouseResult> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [...CHROMIUM_ARGS, "--headless=new"],
    logLevel: "silent",
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
      // Not needed for any score, and it takes seconds on this machine.
      disableFullPageScreenshot: true,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

type Audit = LighthouseResult["audits"][string];

function opportunitySavings(audit: Audit): string | undefined {
  const details = audit.details as
    | { type?: string; overallSavingsMs?: number; overallSavingsBytes?: number }
    | undefined;
  if (details?.type !== "opportunity") return undefined;
  const ms = details.overallSavingsMs ?? 0;
  const bytes = details.overallSavingsBytes ?? 0;
  if (ms <= 0 && bytes <= 0) return undefined;
  return [ms > 0 && `${Math.round(ms)} ms`, bytes > 0 && `${kb(bytes)} KB`]
    .filter(Boolean)
    .join(", ");
}

/** Where an audit failed, from its first items: a node's selector, or a link's text and target. */
function where(audit: Audit): string {
  const details = audit.details as { items?: Record<string, unknown>[] } | undefined;
  const items = details?.items ?? [];
  const described = items.slice(0, 3).map((item) => {
    const node = item.node as { selector?: string; snippet?: string } | undefined;
    if (node?.selector) return node.selector;
    if (typeof item.href === "string") return `"${String(item.text ?? "")}" -> ${item.href}`;
    if (typeof item.url === "string") return item.url;
    return "";
  });
  const text = described.filter(Boolean).join(", ");
  return text && items.length > 3 ? `${text} and ${items.length - 3} more` : text;
}

/** Audits that count against a page: any scored audit below 1, and any opportunity with savings. */
function failingAudits(lhr: LighthouseResult): Omit<FailingAudit, "failedRuns">[] {
  const failing: Omit<FailingAudit, "failedRuns">[] = [];
  for (const categoryId of CATEGORIES) {
    const category = lhr.categories[categoryId];
    if (!category) continue;
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit) continue;
      if (categoryId === "performance") {
        if (ref.group === "metrics") continue;
        const savings = opportunitySavings(audit);
        if (savings) {
          failing.push({
            category: categoryId,
            id: audit.id,
            title: audit.title,
            score: audit.score,
            detail: `opportunity: saves ${savings}${audit.score === 1 ? " (the audit itself passes)" : ""}`,
          });
        } else if (
          audit.score !== null &&
          audit.score < 0.9 &&
          ["binary", "numeric", "metricSavings"].includes(audit.scoreDisplayMode) &&
          ref.group !== "hidden"
        ) {
          failing.push({
            category: categoryId,
            id: audit.id,
            title: audit.title,
            score: audit.score,
            detail: `diagnostic${audit.displayValue ? `: ${audit.displayValue}` : ""}`,
          });
        }
        continue;
      }
      const scored = ["binary", "numeric", "metricSavings"].includes(audit.scoreDisplayMode);
      if (scored && audit.score !== null && audit.score < 1) {
        failing.push({
          category: categoryId,
          id: audit.id,
          title: audit.title,
          score: audit.score,
          detail: [audit.displayValue, where(audit), ref.weight === 0 && "(weight 0)"]
            .filter(Boolean)
            .join("; "),
        });
      }
    }
  }
  return failing;
}

async function measureLighthouse(builds: Build[], chromePath: string): Promise<PageLighthouse[]> {
  const key = (build: Build, page: string) => `${build.label} ${page}`;
  const lhrs = new Map<string, LighthouseResult[]>(
    builds.flatMap((build) => PAGES.map((page) => [key(build, page), []])),
  );
  const reportDir = path.join(ARTIFACTS, "lighthouse");
  await mkdir(reportDir, { recursive: true });
  // Pages and builds alternate, so a noisy stretch of the machine does not fall on one only.
  for (let run = 1; run <= lighthouseRuns; run++) {
    for (const pagePath of PAGES) {
      for (const build of builds) {
        const started = Date.now();
        let lhr = await runLighthouse(`${build.origin}${pagePath}`, chromePath);
        // Lighthouse now and then fails to record a load's trace (NO_NAVSTART); measuring the
        // load again keeps the page's median over every run asked for.
        for (let retry = 1; lhr.runtimeError && retry <= 2; retry++) {
          console.log(
            `  lighthouse ${build.label} ${pagePath} run ${run}: ${lhr.runtimeError.code}, again`,
          );
          lhr = await runLighthouse(`${build.origin}${pagePath}`, chromePath);
        }
        lhrs.get(key(build, pagePath))!.push(lhr);
        const name = pagePath === "/" ? "home" : pagePath.slice(1).replaceAll("/", "-");
        const file = `${build.label.replaceAll(" ", "-")}-${name}-${run}.json`;
        await writeFile(path.join(reportDir, file), JSON.stringify(lhr));
        const scores = CATEGORIES.map(
          (id) => `${id} ${Math.round((lhr.categories[id]?.score ?? 0) * 100)}`,
        );
        const error = lhr.runtimeError ? ` — ERROR ${lhr.runtimeError.code}` : "";
        console.log(
          `  lighthouse ${build.label} ${pagePath} run ${run}: ${scores.join(", ")}${error} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
        );
      }
    }
  }

  return builds
    .flatMap((build) => PAGES.map((pagePath) => ({ build, pagePath })))
    .map(({ build, pagePath }) => {
      const all = lhrs.get(key(build, pagePath))!;
      // A run Lighthouse could not finish (NO_NAVSTART) scores 0: the others stand for the page.
      const finished = all.filter((lhr) => !lhr.runtimeError);
      const runs = finished.length > 0 ? finished : all;
      const runScores = runs.map(
        (lhr) =>
          Object.fromEntries(
            CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
          ) as Record<CategoryId, number>,
      );
      const scores = Object.fromEntries(
        CATEGORIES.map((id) => [id, median(runScores.map((s) => s[id]))]),
      ) as Record<CategoryId, number>;
      const metrics = Object.fromEntries(
        Object.entries(METRICS).map(([id, label]) => {
          const value = median(runs.map((lhr) => lhr.audits[id]?.numericValue ?? Number.NaN));
          return [label, label === "CLS" ? Number(value.toFixed(3)) : Math.round(value)];
        }),
      );
      const failing = new Map<string, FailingAudit>();
      for (const lhr of runs) {
        for (const audit of failingAudits(lhr)) {
          const key = `${audit.category}:${audit.id}`;
          const known = failing.get(key);
          if (known) known.failedRuns++;
          else failing.set(key, { ...audit, failedRuns: 1 });
        }
      }
      return {
        build: build.label,
        page: pagePath,
        scores,
        runScores,
        metrics,
        failing: [...failing.values()],
        warnings: [...new Set(runs.flatMap((lhr) => lhr.runWarnings.map(String)))],
        externalRequests: [
          ...new Set(
            runs.flatMap((lhr) => {
              const details = lhr.audits["network-requests"]?.details as
                | { items?: { url?: string }[] }
                | undefined;
              return (details?.items ?? [])
                .map((item) => item.url ?? "")
                .filter((url) => /^https?:/.test(url) && !url.startsWith(build.origin));
            }),
          ),
        ],
        errors: [
          ...new Set(
            all.flatMap((lhr) =>
              lhr.runtimeError ? [`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`] : [],
            ),
          ),
        ],
        benchmarkIndex: runs.map((lhr) => Math.round(lhr.environment.benchmarkIndex)),
      };
    });
}

async function main() {
  const started = Date.now();
  const executablePath = findChromium();
  if (!executablePath) throw new Error(CHROMIUM_MISSING);
  if (!flags["no-build"]) build();
  const baseline = flags.baseline === "none" ? undefined : await baselineCheckout(flags.baseline);

  const servers: ChildServer[] = [];
  try {
    const serve = async (label: string, root: string): Promise<Build> => {
      const server = await startChild("bench/support/serve-app.ts", {
        root,
        args: [JSON.stringify({ webDistDir: path.join(root, "dist/web") })],
      });
      servers.push(server);
      console.log(`serving ${label} (${root}/dist/web) at ${server.origin}`);
      return { label, origin: server.origin };
    };
    const candidate = await serve(THIS_BUILD, ROOT);
    const builds = [candidate, ...(baseline ? [await serve(baseline.label, baseline.root)] : [])];

    console.log(
      `\n(a) first load in Chromium, ${VIEWPORT.width}x${VIEWPORT.height}, until network idle`,
    );
    const firstLoad: FirstLoad[] = [];
    for (const build of builds) firstLoad.push(...(await measureFirstLoad(build, executablePath)));
    for (const load of firstLoad) {
      console.log(
        `\n${load.build} ${load.page} (HTTP ${load.status}): JS ${kb(load.js.gzipBytes)} KB gzip (${kb(load.js.bytes)} KB raw), CSS ${kb(load.css.gzipBytes)} KB gzip (${kb(load.css.bytes)} KB raw), HTML ${kb(load.html.gzipBytes)} KB gzip (${kb(load.html.bytes)} KB raw)`,
      );
      console.log(
        textTable(
          ["file", "kind", "raw KB", "gzip KB"],
          load.files.map((file) => [file.path, file.kind, kb(file.bytes), kb(file.gzipBytes)]),
        ),
      );
    }

    let pages: PageLighthouse[] = [];
    if (!flags["skip-lighthouse"]) {
      console.log(
        `\n(b) Lighthouse ${lighthouseRuns}x per page and build (mobile, default config)`,
      );
      pages = await measureLighthouse(builds, executablePath);
    }

    type Target = { target: string; value: string | number; pass: boolean };
    const targets: Target[] = [];
    // The targets are this build's; the baseline's figures stand beside them in the tables.
    for (const load of firstLoad.filter((load) => load.build === THIS_BUILD)) {
      targets.push({
        target: `${load.page}: the page answers 200`,
        value: load.status,
        pass: load.status === 200,
      });
      targets.push({
        target: `${load.page}: first-load JS <= ${TARGET_FIRST_LOAD_JS_BYTES / 1000} KB gzip`,
        value:
          load.status === 200
            ? `${kb(load.js.gzipBytes)} KB`
            : "not measured: the page did not load",
        pass:
          load.status === 200 &&
          load.js.gzipBytes > 0 &&
          load.js.gzipBytes <= TARGET_FIRST_LOAD_JS_BYTES,
      });
      targets.push({
        target: `${load.page}: no staff-only chunk (admin/dashboard) loaded`,
        value: load.status === 200 ? load.staffOnlyFiles.join(", ") || "none" : "not measured",
        pass: load.status === 200 && load.staffOnlyFiles.length === 0,
      });
    }
    for (const page of pages.filter((page) => page.build === THIS_BUILD)) {
      targets.push(
        {
          target: `${page.page}: LCP <= ${TARGET_LCP_MS} ms (median)`,
          value: `${page.metrics["LCP ms"]} ms`,
          pass: (page.metrics["LCP ms"] ?? Number.POSITIVE_INFINITY) <= TARGET_LCP_MS,
        },
        {
          target: `${page.page}: TBT <= ${TARGET_TBT_MS} ms (median)`,
          value: `${page.metrics["TBT ms"]} ms`,
          pass: (page.metrics["TBT ms"] ?? Number.POSITIVE_INFINITY) <= TARGET_TBT_MS,
        },
        {
          target: `${page.page}: CLS 0 (median)`,
          value: page.metrics.CLS ?? "?",
          pass: page.metrics.CLS === 0,
        },
      );
      targets.push({
        target: `${page.page}: Lighthouse saw no request leave the machine`,
        value: page.externalRequests.join(", ") || "none",
        pass: page.externalRequests.length === 0,
      });
      for (const id of CATEGORIES) {
        targets.push({
          target: `${page.page}: Lighthouse ${id} ${TARGET_SCORES[id].text}`,
          value: page.scores[id],
          pass: page.scores[id] >= TARGET_SCORES[id].min,
        });
      }
    }

    console.log("\ntargets:");
    for (const target of targets) {
      console.log(`${target.pass ? "PASS" : "MISS"}  ${target.target}: ${target.value}`);
    }
    if (pages.length > 0) {
      console.log(
        `\n${textTable(
          ["build", "page", ...CATEGORIES, ...Object.values(METRICS)],
          pages.map((page) => [
            page.build,
            page.page,
            ...CATEGORIES.map((id) => page.scores[id]),
            ...Object.values(METRICS).map((label) => page.metrics[label] ?? "?"),
          ]),
        )}`,
      );
      for (const page of pages) {
        for (const error of page.errors)
          console.log(`\nLighthouse could not measure ${page.build} ${page.page}: ${error}`);
        if (page.failing.length === 0 || page.build !== THIS_BUILD) continue;
        console.log(`\nfailing audits on ${page.page}:`);
        for (const audit of page.failing) {
          console.log(
            `  [${audit.category}] ${audit.id}: ${audit.title}${audit.detail ? ` — ${audit.detail}` : ""} (${audit.failedRuns}/${page.runScores.length} runs)`,
          );
        }
      }
    }

    const environment = {
      date: new Date().toISOString(),
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? "unknown",
      loadAverage: os.loadavg().map((value) => Number(value.toFixed(2))),
      chromium: executablePath,
      chromiumVersion: spawnSync(executablePath, ["--version"], { encoding: "utf8" }).stdout.trim(),
    };
    const missed = targets.filter((target) => !target.pass);
    const report = {
      benchmark: "web",
      ...environment,
      settings: {
        built: !flags["no-build"],
        firstLoadViewport: VIEWPORT,
        gzip: "node:zlib gzipSync, default level",
        kilobyte: 1000,
        lighthouseRuns,
        lighthouse: "12, default config (mobile, simulated throttling)",
        baseline: baseline?.label ?? "none",
      },
      firstLoad,
      lighthouse: pages,
      targets,
      passed: missed.length === 0,
      elapsedSeconds: Math.round((Date.now() - started) / 1000),
    };
    const resultsDir = path.join(ROOT, "bench/results");
    await mkdir(resultsDir, { recursive: true });
    await writeFile(path.join(resultsDir, "web.json"), `${JSON.stringify(report, null, 2)}\n`);
    await writeFile(path.join(resultsDir, "web.md"), markdown(report));
    console.log("\nwrote bench/results/web.json and bench/results/web.md");
    if (missed.length > 0) {
      console.log(
        `\nMISSED ${missed.length} target(s):\n${missed.map((t) => `  ${t.target}: ${t.value}`).join("\n")}`,
      );
    }
  } finally {
    for (const server of servers) await server.stop();
  }
}

function markdown(report: {
  date: string;
  node: string;
  cpus: number;
  cpuModel: string;
  loadAverage: number[];
  chromiumVersion: string;
  firstLoad: FirstLoad[];
  lighthouse: PageLighthouse[];
  targets: { target: string; value: string | number; pass: boolean }[];
}): string {
  const lines = [
    "# Web benchmark: first load and Lighthouse, this build beside a baseline",
    "",
    `${report.date} · Node ${report.node} · ${report.cpus} CPUs (${report.cpuModel}) · ${report.chromiumVersion} · load average at the end ${report.loadAverage.join(" / ")}`,
    "",
    "## Targets",
    "",
    "| target | value | result |",
    "| --- | ---: | --- |",
    ...report.targets.map(
      (t) => `| ${t.target} | ${t.value} | ${t.pass ? "pass" : "**MISSED**"} |`,
    ),
    "",
    "## First load",
    "",
    `The production build served by the real server, each page opened in a fresh Chromium context (${VIEWPORT.width}x${VIEWPORT.height}, no scrolling) until network idle. Sizes are of the response bodies, gzip-compressed with node:zlib at its default level; KB = 1000 bytes.`,
    "",
    mdTable(
      [
        "build",
        "page",
        "status",
        "JS gzip KB",
        "JS raw KB",
        "CSS gzip KB",
        "CSS raw KB",
        "HTML gzip KB",
        "HTML raw KB",
        "files",
      ],
      report.firstLoad.map((load) => [
        load.build,
        load.page,
        load.status,
        kb(load.js.gzipBytes),
        kb(load.js.bytes),
        kb(load.css.gzipBytes),
        kb(load.css.bytes),
        kb(load.html.gzipBytes),
        kb(load.html.bytes),
        load.files.length,
      ]),
    ),
  ];
  for (const load of report.firstLoad.filter((load) => load.build === THIS_BUILD)) {
    lines.push(
      "",
      `### ${load.page}`,
      "",
      mdTable(
        ["file", "kind", "raw KB", "gzip KB"],
        load.files.map((file) => [
          `\`${file.path}\``,
          file.kind,
          kb(file.bytes),
          kb(file.gzipBytes),
        ]),
      ),
    );
  }
  if (report.lighthouse.length > 0) {
    const runs = report.lighthouse[0]?.runScores.length ?? 0;
    lines.push(
      "",
      "## Lighthouse",
      "",
      `Lighthouse 12, default config (mobile emulation, simulated throttling), on the system Chromium (headless), as a first-time visitor (storage cleared, so the welcome dialog shows). ${runs} runs per page; scores and metrics are the median. Full reports (JSON, open in the Lighthouse viewer): \`${path.join(ARTIFACTS, "lighthouse")}/\`, outside the repository.`,
      "",
      mdTable(
        ["build", "page", ...CATEGORIES, ...Object.values(METRICS)],
        report.lighthouse.map((page) => [
          page.build,
          page.page,
          ...CATEGORIES.map((id) => page.scores[id]),
          ...Object.values(METRICS).map((label) => page.metrics[label] ?? "?"),
        ]),
      ),
      "",
      `Per run: ${report.lighthouse
        .map(
          (page) =>
            `${page.build} ${page.page} ${page.runScores.map((s) => CATEGORIES.map((id) => s[id]).join("/")).join(", ")}`,
        )
        .join(
          "; ",
        )} (${CATEGORIES.join("/")}). CPU benchmark index: ${report.lighthouse.map((page) => `${page.build} ${page.page} ${page.benchmarkIndex.join(", ")}`).join("; ")}.`,
    );
    for (const page of report.lighthouse.filter((page) => page.build === THIS_BUILD)) {
      lines.push("", `### Failing audits on ${page.page}`, "");
      if (page.failing.length === 0) {
        lines.push("None.");
      } else {
        lines.push(
          mdTable(
            ["category", "audit id", "title", "detail", "failed in"],
            page.failing.map((audit) => [
              audit.category,
              `\`${audit.id}\``,
              audit.title.replaceAll("|", "\\|"),
              audit.detail.replaceAll("|", "\\|"),
              `${audit.failedRuns}/${page.runScores.length} runs`,
            ]),
          ),
        );
      }
      if (page.errors.length > 0) {
        lines.push("", `**Lighthouse could not measure this page:** ${page.errors.join(" ")}`);
      }
      if (page.warnings.length > 0) {
        lines.push("", `Lighthouse warnings: ${page.warnings.join(" ")}`);
      }
    }
  }
  lines.push("");
  return lines.join("\n");
}

main().catch((error: unknown) => {
  console.error("bench:web failed:", error);
  process.exit(1);
});
