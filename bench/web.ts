// `npm run bench:web`: what a first-time visitor downloads and how Lighthouse rates the shopper
// pages in each of the store's languages (decision 56: English unprefixed, "/or/shop" and "/or"
// for Odia, "/hi/..." for Hindi), for this build and, measured in the same run, a baseline build
// of an earlier commit (the machine's speed changes from hour to hour; only figures taken side by
// side compare). The baseline has one language and no prefixed pages: each language's page of
// this build is compared with the baseline's unprefixed page, the same page in the only language
// it had.
//  (a) builds the web app (skip with --no-build) and the baseline's (kept between runs under the
//      artifacts folder), serves each with its own real server, loads each page in Chromium and
//      sums the gzip size of the page and every JS and CSS file fetched before network idle (the
//      page carries the stylesheet, decision 37); checks no staff-only chunk is among them, that
//      first-load JS grew by at most 8 KB gzip on the baseline's same page, and, through the
//      build's manifest (dist/web/.vite/manifest.json), that no JS file fetched holds another
//      language's texts (page-texts/{locale}/{page}.ts, the modules scripts/page-texts.ts makes).
//  (b) Lighthouse 12, default (mobile) config, on the system Chromium, --runs times a page,
//      language and build (default 3), the builds alternating run by run (this build's languages,
//      then the baseline; the other way round on even runs); the median of each score and metric
//      counts. Lighthouse runs: pages x (languages + 1 for the baseline) x runs, 9 x 4 x 3 = 108
//      by default, about half an hour: --pages, --lighthouse-pages and --languages measure fewer.
//
// Options: --no-build, --runs N (3), --skip-lighthouse, --baseline REF (a commit, a1ecff2 by
// default; "none" skips it and the growth target), --languages en,or,hi (the default: all three),
// --pages /,/shop (addresses without a language's prefix; the default: every page in PAGES),
// --lighthouse-pages /,/shop (Lighthouse on these only, the first load on every --pages one)
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
import { madePageTexts } from "../scripts/page-texts.ts";
import { isLocale, LOCALES, type Locale, pathIn } from "../src/shared/i18n/locales.ts";
import {
  ARTIFACTS,
  type ChildServer,
  mdTable,
  median,
  ROOT,
  startChild,
  textTable,
} from "./support/child.ts";

/** The shopper pages, as English writes them; each is measured in every language asked for. */
const PAGES = [
  "/",
  "/shop",
  "/cart",
  "/checkout",
  "/about",
  "/customer-support",
  "/login",
  "/bulk-order-request",
  "/privacy",
];
const THIS_BUILD = "this build";
/**
 * The storefront before it spoke Odia and Hindi: main just before the language work (the parent
 * of 42eea5c, decision 56). Its figures stand beside this build's in every report, and each
 * page's first-load JS in each language is held to it.
 */
const BASELINE_COMMIT = "a1ecff2b2ccac7fbc063194bbe5f5a7947ec9190";
/** KB here is 1000 bytes. */
const TARGET_FIRST_LOAD_JS_BYTES = 110_000;
/** What a page in any language may add to the baseline's same page (decision 56's issue). */
const TARGET_JS_GROWTH_BYTES = 8_000;
/**
 * A page's texts in one language as the build's manifest names their module: its language and
 * the page ("page-texts/or/routes/login.ts", scripts/page-texts.ts).
 */
const CATALOGUE_MODULE = /^page-texts\/([a-z]+)\/([\w/-]+)\.ts$/;
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
    languages: { type: "string", default: LOCALES.join(",") },
    pages: { type: "string", default: PAGES.join(",") },
    "lighthouse-pages": { type: "string" },
  },
});
const lighthouseRuns = Number(flags.runs);
const list = (value: string) =>
  value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
const LANGUAGES: Locale[] = list(flags.languages).map((code) => {
  if (!isLocale(code)) throw new Error(`--languages: ${code} is not one of ${LOCALES.join(", ")}`);
  return code;
});
const MEASURED_PAGES = list(flags.pages).map((page) => {
  if (!page.startsWith("/")) throw new Error(`--pages: ${page} is not an address ("/shop")`);
  return page;
});
/** Lighthouse's share of a run is the long one: it can take fewer pages than the first load. */
const LIGHTHOUSE_PAGES = list(flags["lighthouse-pages"] ?? flags.pages).map((page) => {
  if (!page.startsWith("/")) {
    throw new Error(`--lighthouse-pages: ${page} is not an address ("/shop")`);
  }
  return page;
});
if (LANGUAGES.length === 0 || MEASURED_PAGES.length === 0) {
  throw new Error("--languages and --pages each need at least one");
}
/** Anything short of the full measurement, said so in the report. */
const LIMITED = [
  MEASURED_PAGES.join() !== PAGES.join() && `--pages ${MEASURED_PAGES.join(",")}`,
  !flags["skip-lighthouse"] &&
    LIGHTHOUSE_PAGES.join() !== MEASURED_PAGES.join() &&
    `--lighthouse-pages ${LIGHTHOUSE_PAGES.join(",")}`,
  LANGUAGES.join() !== LOCALES.join() && `--languages ${LANGUAGES.join(",")}`,
  flags["skip-lighthouse"] ? "--skip-lighthouse" : lighthouseRuns < 3 && `--runs ${lighthouseRuns}`,
  flags.baseline === "none" && "--baseline none",
].filter((option): option is string => typeof option === "string");

/** "html" is the page itself: since decision 37 it carries the stylesheet. */
type LoadedFile = {
  path: string;
  kind: "js" | "css" | "html";
  bytes: number;
  gzipBytes: number;
  /** The page texts the file holds, by the build's manifest ("or/frame"); none for most. */
  catalogues?: string[];
};
/**
 * A build being measured: this checkout's, or the baseline commit's, with the languages it has
 * pages in (the baseline: English only) and its JS files' catalogues (by the file's address).
 */
type Build = {
  label: string;
  origin: string;
  languages: Locale[];
  catalogues: Map<string, string[]>;
};

type FirstLoad = {
  build: string;
  /** The page as English writes it ("/shop"), and its address in the language ("/or/shop"). */
  page: string;
  language: Locale;
  address: string;
  /** HTTP status of the page's document. */
  status: number;
  files: LoadedFile[];
  js: { bytes: number; gzipBytes: number };
  css: { bytes: number; gzipBytes: number };
  html: { bytes: number; gzipBytes: number };
  otherRequests: number;
  staffOnlyFiles: string[];
  /** The page texts the page's JS files hold ("or/frame"), and those of another language. */
  catalogues: string[];
  otherLanguageCatalogues: string[];
};

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const signedKb = (bytes: number) => `${bytes >= 0 ? "+" : ""}${kb(bytes)}`;

/** This build's page in a language beside the baseline's same (unprefixed) page. */
type JsGrowth = {
  page: string;
  language: Locale;
  address: string;
  jsGzipBytes: number;
  baselineJsGzipBytes?: number;
  /** Undefined when either page did not load (or there is no baseline). */
  growthBytes?: number;
};

function jsGrowth(firstLoad: FirstLoad[], baselineLabel: string | undefined): JsGrowth[] {
  return firstLoad
    .filter((load) => load.build === THIS_BUILD)
    .map((load) => {
      const before = firstLoad.find(
        (other) => other.build === baselineLabel && other.page === load.page,
      );
      const measured = before && before.status === 200 && load.status === 200;
      return {
        page: load.page,
        language: load.language,
        address: load.address,
        jsGzipBytes: load.js.gzipBytes,
        ...(measured
          ? {
              baselineJsGzipBytes: before.js.gzipBytes,
              growthBytes: load.js.gzipBytes - before.js.gzipBytes,
            }
          : {}),
      };
    });
}

/** A row per page: the baseline's first-load JS, then each language's and its growth. */
function growthTable(growth: JsGrowth[], baselineLabel: string): [string[], string[][]] {
  const languages = [...new Set(growth.map((row) => row.language))];
  const pages = [...new Set(growth.map((row) => row.page))];
  return [
    [
      "page",
      `${baselineLabel} JS gzip KB`,
      ...languages.flatMap((language) => [`${language} JS gzip KB`, `${language} growth KB`]),
    ],
    pages.map((page) => {
      const rows = growth.filter((row) => row.page === page);
      const base = rows.find((row) => row.baselineJsGzipBytes !== undefined)?.baselineJsGzipBytes;
      return [
        page,
        base === undefined ? "?" : kb(base),
        ...languages.flatMap((language) => {
          const row = rows.find((row) => row.language === language);
          return row
            ? [kb(row.jsGzipBytes), row.growthBytes === undefined ? "?" : signedKb(row.growthBytes)]
            : ["", ""];
        }),
      ];
    }),
  ];
}

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
 * Whether this checkout's node_modules holds everything the baseline's lockfile installs, at the
 * same versions (the language work only added packages).
 */
function lockfileCovers(baseline: string, current: string): boolean {
  type Lockfile = { packages?: Record<string, { version?: string }> };
  const mine = (JSON.parse(current) as Lockfile).packages ?? {};
  return Object.entries((JSON.parse(baseline) as Lockfile).packages ?? {}).every(
    ([name, entry]) => name === "" || mine[name]?.version === entry.version,
  );
}

/**
 * The baseline commit's tree, built, under the artifacts folder: exported with `git archive`
 * (no worktree to clean up). It shares this checkout's node_modules when this checkout's
 * lockfile has every package of its own at the same version, and installs its own otherwise
 * (the store has dropped React Router since 4948720). Built once per commit.
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
  if (lockfileCovers(lockfile(root), lockfile(ROOT))) {
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

type ManifestEntry = { file: string; src?: string };

/**
 * The JS files of a build that hold a page's texts, by address ("/assets/login-….js"), each with
 * the texts it holds ("or/routes/login"): the manifest's entries whose source is a page texts
 * module. Texts the bundler put in a chunk beside other code are named by that chunk's file all
 * the same, so the file counts for them; `untraced` lists the texts modules the build makes
 * (scripts/page-texts.ts) that no entry names (the check could not see them).
 */
function catalogueFiles(root: string): { files: Map<string, string[]>; untraced: string[] } {
  const files = new Map<string, string[]>();
  const manifestFile = path.join(root, "dist/web/.vite/manifest.json");
  const manifest: Record<string, ManifestEntry> = existsSync(manifestFile)
    ? JSON.parse(readFileSync(manifestFile, "utf8"))
    : {};
  const named = new Set<string>();
  for (const [key, entry] of Object.entries(manifest)) {
    const match = CATALOGUE_MODULE.exec(entry.src ?? key);
    if (!match) continue;
    const catalogue = `${match[1]}/${match[2]}`;
    named.add(catalogue);
    const address = `/${entry.file}`;
    files.set(address, [...(files.get(address) ?? []), catalogue]);
  }
  const made = madePageTexts();
  return { files, untraced: made.filter((catalogue) => !named.has(catalogue)).sort() };
}

/** A page's address in a language: "/shop" is "/or/shop" in Odia, "/" is "/or". */
const addressOf = (page: string, language: Locale) => pathIn(language, page);

/** The pages measured, page by page, each in `languages`. */
const pagesIn = (languages: Locale[], pages = MEASURED_PAGES) =>
  pages.flatMap((page) =>
    languages.map((language) => ({ page, language, address: addressOf(page, language) })),
  );

async function measureFirstLoad(
  { label, origin, languages, catalogues }: Build,
  executablePath: string,
): Promise<FirstLoad[]> {
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const results: FirstLoad[] = [];
    for (const { page: pagePath, language, address } of pagesIn(languages)) {
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
              ...(catalogues.has(url.pathname) ? { catalogues: catalogues.get(url.pathname) } : {}),
            }))
            .catch(() => undefined),
        );
      });
      const document = await page.goto(`${origin}${address}`, { waitUntil: "networkidle" });
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
      const pageCatalogues = [...new Set(files.flatMap((file) => file.catalogues ?? []))].sort();
      results.push({
        build: label,
        page: pagePath,
        language,
        address,
        status: document?.status() ?? 0,
        files,
        js: sum("js"),
        css: sum("css"),
        html: sum("html"),
        otherRequests,
        staffOnlyFiles: files
          .map((f) => f.path)
          .filter((name) => STAFF_ONLY.test(path.basename(name))),
        catalogues: pageCatalogues,
        otherLanguageCatalogues: pageCatalogues.filter(
          (catalogue) => !catalogue.startsWith(`${language}/`),
        ),
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
  language: Locale;
  address: string;
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
  const key = (build: Build, address: string) => `${build.label} ${address}`;
  const lhrs = new Map<string, LighthouseResult[]>(
    builds.flatMap((build) =>
      pagesIn(build.languages, LIGHTHOUSE_PAGES).map(({ address }) => [key(build, address), []]),
    ),
  );
  const reportDir = path.join(ARTIFACTS, "lighthouse");
  await mkdir(reportDir, { recursive: true });
  // Pages and builds alternate, so a noisy stretch of the machine does not fall on one only: a
  // page in each of this build's languages, then the baseline's, and the other way round on
  // even runs (A-B-A).
  for (let run = 1; run <= lighthouseRuns; run++) {
    for (const pagePath of LIGHTHOUSE_PAGES) {
      const visits = builds.flatMap((build) =>
        build.languages.map((language) => ({
          build,
          language,
          address: addressOf(pagePath, language),
        })),
      );
      if (run % 2 === 0) visits.reverse();
      for (const { build, language, address } of visits) {
        const started = Date.now();
        const name = `${build.label} ${address}`;
        let lhr = await runLighthouse(`${build.origin}${address}`, chromePath);
        // Lighthouse now and then fails to record a load's trace (NO_NAVSTART); measuring the
        // load again keeps the page's median over every run asked for.
        for (let retry = 1; lhr.runtimeError && retry <= 2; retry++) {
          console.log(`  lighthouse ${name} run ${run}: ${lhr.runtimeError.code}, again`);
          lhr = await runLighthouse(`${build.origin}${address}`, chromePath);
        }
        lhrs.get(key(build, address))!.push(lhr);
        const page = pagePath === "/" ? "home" : pagePath.slice(1).replaceAll("/", "-");
        const file = `${build.label.replaceAll(" ", "-")}-${language}-${page}-${run}.json`;
        await writeFile(path.join(reportDir, file), JSON.stringify(lhr));
        const scores = CATEGORIES.map(
          (id) => `${id} ${Math.round((lhr.categories[id]?.score ?? 0) * 100)}`,
        );
        const error = lhr.runtimeError ? ` — ERROR ${lhr.runtimeError.code}` : "";
        console.log(
          `  lighthouse ${name} run ${run}: ${scores.join(", ")}${error} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
        );
      }
    }
  }

  return builds
    .flatMap((build) =>
      pagesIn(build.languages, LIGHTHOUSE_PAGES).map(({ page, language, address }) => ({
        build,
        pagePath: page,
        language,
        address,
      })),
    )
    .map(({ build, pagePath, language, address }) => {
      const all = lhrs.get(key(build, address))!;
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
        language,
        address,
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

  console.log(
    `pages ${MEASURED_PAGES.join(", ")}; languages ${LANGUAGES.join(", ")}; beside ${baseline?.label ?? "no baseline"}${LIMITED.length > 0 ? ` (a limited run: ${LIMITED.join(" ")})` : ""}`,
  );
  const traced = catalogueFiles(ROOT);
  if (traced.untraced.length > 0) {
    console.log(
      `the manifest names no chunk for ${traced.untraced.join(", ")}: those catalogues cannot be traced`,
    );
  }

  const servers: ChildServer[] = [];
  try {
    const serve = async (label: string, root: string, languages: Locale[]): Promise<Build> => {
      const server = await startChild("bench/support/serve-app.ts", {
        root,
        args: [JSON.stringify({ webDistDir: path.join(root, "dist/web") })],
      });
      servers.push(server);
      console.log(`serving ${label} (${root}/dist/web) at ${server.origin}`);
      const catalogues = root === ROOT ? traced.files : catalogueFiles(root).files;
      return { label, origin: server.origin, languages, catalogues };
    };
    const candidate = await serve(THIS_BUILD, ROOT, LANGUAGES);
    // The baseline speaks English only: its unprefixed page stands for every language's.
    const builds = [
      candidate,
      ...(baseline ? [await serve(baseline.label, baseline.root, ["en"])] : []),
    ];

    console.log(
      `\n(a) first load in Chromium, ${VIEWPORT.width}x${VIEWPORT.height}, until network idle`,
    );
    const firstLoad: FirstLoad[] = [];
    for (const build of builds) firstLoad.push(...(await measureFirstLoad(build, executablePath)));
    for (const load of firstLoad) {
      console.log(
        `\n${load.build} ${load.address} (HTTP ${load.status}): JS ${kb(load.js.gzipBytes)} KB gzip (${kb(load.js.bytes)} KB raw), CSS ${kb(load.css.gzipBytes)} KB gzip (${kb(load.css.bytes)} KB raw), HTML ${kb(load.html.gzipBytes)} KB gzip (${kb(load.html.bytes)} KB raw); catalogues ${load.catalogues.join(", ") || "none"}`,
      );
      console.log(
        textTable(
          ["file", "kind", "raw KB", "gzip KB", "catalogue"],
          load.files.map((file) => [
            file.path,
            file.kind,
            kb(file.bytes),
            kb(file.gzipBytes),
            file.catalogues?.join(", ") ?? "",
          ]),
        ),
      );
    }
    const growth = jsGrowth(firstLoad, baseline?.label);
    if (baseline) {
      console.log(
        `\nfirst-load JS gzip KB, and growth against ${baseline.label}'s same page:\n${textTable(...growthTable(growth, baseline.label))}`,
      );
    }

    let pages: PageLighthouse[] = [];
    if (!flags["skip-lighthouse"]) {
      const visits = builds.reduce((sum, build) => sum + build.languages.length, 0);
      console.log(
        `\n(b) Lighthouse ${lighthouseRuns}x per page, language and build (mobile, default config): ${LIGHTHOUSE_PAGES.length} pages x ${visits} (${builds.map((build) => `${build.label} ${build.languages.join("/")}`).join(", ")}) x ${lighthouseRuns} = ${LIGHTHOUSE_PAGES.length * visits * lighthouseRuns} runs`,
      );
      pages = await measureLighthouse(builds, executablePath);
    }

    type Target = { target: string; value: string | number; pass: boolean };
    const targets: Target[] = [];
    // The targets are this build's; the baseline's figures stand beside them in the tables.
    if (traced.untraced.length > 0) {
      targets.push({
        target:
          "every catalogue module has a chunk the manifest names (else the language check is blind to it)",
        value: `untraced: ${traced.untraced.join(", ")}`,
        pass: false,
      });
    }
    for (const load of firstLoad.filter((load) => load.build === THIS_BUILD)) {
      targets.push({
        target: `${load.address}: the page answers 200`,
        value: load.status,
        pass: load.status === 200,
      });
      targets.push({
        target: `${load.address}: first-load JS <= ${TARGET_FIRST_LOAD_JS_BYTES / 1000} KB gzip`,
        value:
          load.status === 200
            ? `${kb(load.js.gzipBytes)} KB`
            : "not measured: the page did not load",
        pass:
          load.status === 200 &&
          load.js.gzipBytes > 0 &&
          load.js.gzipBytes <= TARGET_FIRST_LOAD_JS_BYTES,
      });
      const grown = growth.find((row) => row.address === load.address);
      if (baseline && grown) {
        targets.push({
          target: `${load.address}: first-load JS growth vs ${baseline.label} <= ${TARGET_JS_GROWTH_BYTES / 1000} KB gzip`,
          value:
            grown.growthBytes === undefined
              ? "not measured: a page did not load"
              : `${signedKb(grown.growthBytes)} KB (${kb(grown.jsGzipBytes)} vs ${kb(grown.baselineJsGzipBytes!)})`,
          pass: grown.growthBytes !== undefined && grown.growthBytes <= TARGET_JS_GROWTH_BYTES,
        });
      }
      targets.push({
        target: `${load.address}: no staff-only chunk (admin/dashboard) loaded`,
        value: load.status === 200 ? load.staffOnlyFiles.join(", ") || "none" : "not measured",
        pass: load.status === 200 && load.staffOnlyFiles.length === 0,
      });
      // Every page loads at least its frame's texts ("frame"): a page with none traced says
      // the manifest no longer names them, not that the page is clean.
      targets.push({
        target: `${load.address}: loads no other language's messages`,
        value:
          load.status !== 200
            ? "not measured"
            : load.catalogues.length === 0
              ? "not measured: no catalogue traced among its files"
              : load.otherLanguageCatalogues.length > 0
                ? `loads ${load.otherLanguageCatalogues.join(", ")}`
                : `none (its own: ${load.catalogues.join(", ")})`,
        pass:
          load.status === 200 &&
          load.catalogues.length > 0 &&
          load.otherLanguageCatalogues.length === 0,
      });
    }
    for (const page of pages.filter((page) => page.build === THIS_BUILD)) {
      targets.push(
        {
          target: `${page.address}: LCP <= ${TARGET_LCP_MS} ms (median)`,
          value: `${page.metrics["LCP ms"]} ms`,
          pass: (page.metrics["LCP ms"] ?? Number.POSITIVE_INFINITY) <= TARGET_LCP_MS,
        },
        {
          target: `${page.address}: TBT <= ${TARGET_TBT_MS} ms (median)`,
          value: `${page.metrics["TBT ms"]} ms`,
          pass: (page.metrics["TBT ms"] ?? Number.POSITIVE_INFINITY) <= TARGET_TBT_MS,
        },
        {
          target: `${page.address}: CLS 0 (median)`,
          value: page.metrics.CLS ?? "?",
          pass: page.metrics.CLS === 0,
        },
      );
      targets.push({
        target: `${page.address}: Lighthouse saw no request leave the machine`,
        value: page.externalRequests.join(", ") || "none",
        pass: page.externalRequests.length === 0,
      });
      for (const id of CATEGORIES) {
        targets.push({
          target: `${page.address}: Lighthouse ${id} ${TARGET_SCORES[id].text}`,
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
            page.address,
            ...CATEGORIES.map((id) => page.scores[id]),
            ...Object.values(METRICS).map((label) => page.metrics[label] ?? "?"),
          ]),
        )}`,
      );
      for (const page of pages) {
        for (const error of page.errors)
          console.log(`\nLighthouse could not measure ${page.build} ${page.address}: ${error}`);
        if (page.failing.length === 0 || page.build !== THIS_BUILD) continue;
        console.log(`\nfailing audits on ${page.address}:`);
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
        lighthouseRuns: flags["skip-lighthouse"] ? 0 : lighthouseRuns,
        lighthouse: "12, default config (mobile, simulated throttling)",
        baseline: baseline?.label ?? "none",
        pages: MEASURED_PAGES,
        lighthousePages: flags["skip-lighthouse"] ? [] : LIGHTHOUSE_PAGES,
        languages: LANGUAGES,
        /** The options that made this run short of the full measurement; empty for a full one. */
        limited: LIMITED,
        untracedCatalogues: traced.untraced,
      },
      firstLoad,
      jsGrowth: growth,
      lighthouse: pages,
      targets,
      passed: missed.length === 0,
      elapsedSeconds: Math.round((Date.now() - started) / 1000),
    };
    const resultsDir = path.join(ROOT, "bench/results");
    await mkdir(resultsDir, { recursive: true });
    await writeFile(path.join(resultsDir, "web.json"), `${JSON.stringify(report, null, 2)}\n`);
    await writeFile(path.join(resultsDir, "web.md"), markdown(report, baseline?.label));
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

function markdown(
  report: {
    date: string;
    node: string;
    cpus: number;
    cpuModel: string;
    loadAverage: number[];
    chromiumVersion: string;
    settings: {
      lighthouseRuns: number;
      pages: string[];
      lighthousePages: string[];
      languages: Locale[];
      limited: string[];
      untracedCatalogues: string[];
    };
    firstLoad: FirstLoad[];
    jsGrowth: JsGrowth[];
    lighthouse: PageLighthouse[];
    targets: { target: string; value: string | number; pass: boolean }[];
  },
  baselineLabel: string | undefined,
): string {
  const { settings } = report;
  const lines = [
    "# Web benchmark: first load and Lighthouse in each language, this build beside a baseline",
    "",
    `${report.date} · Node ${report.node} · ${report.cpus} CPUs (${report.cpuModel}) · ${report.chromiumVersion} · load average at the end ${report.loadAverage.join(" / ")}`,
    "",
    `What ran: ${settings.pages.length} pages (${settings.pages.join(", ")}) in ${settings.languages.join(", ")}, beside ${baselineLabel ? `${baselineLabel}'s same pages (English, the only language it had)` : "no baseline"}; Lighthouse ${settings.lighthouseRuns > 0 ? `${settings.lighthouseRuns} run${settings.lighthouseRuns === 1 ? "" : "s"} per page, language and build${settings.lighthousePages.join() === settings.pages.join() ? "" : `, on ${settings.lighthousePages.join(", ")} only`}` : "not run"}.${settings.limited.length > 0 ? ` **A limited run** (${settings.limited.join(" ")}), not the full measurement (\`npm run bench:web\` with its defaults: every page, every language, 3 Lighthouse runs).` : ""}`,
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
  ];
  if (baselineLabel) {
    lines.push(
      `First-load JS (gzip KB) of each page in each language, and its growth against ${baselineLabel}'s same page (target: at most +${TARGET_JS_GROWTH_BYTES / 1000} KB):`,
      "",
      mdTable(...growthTable(report.jsGrowth, baselineLabel)),
      "",
    );
  }
  lines.push(
    `Catalogues each page fetched, by the build's manifest (\`dist/web/.vite/manifest.json\`: each JS file's source modules; a page's texts are \`page-texts/{language}/{page}.ts\`, made by \`scripts/page-texts.ts\`)${settings.untracedCatalogues.length > 0 ? `; the manifest names no chunk for ${settings.untracedCatalogues.join(", ")}, which the check cannot see` : ""}:`,
    "",
    mdTable(
      ["page", "catalogues fetched", "another language's"],
      report.firstLoad
        .filter((load) => load.build === THIS_BUILD)
        .map((load) => [
          load.address,
          load.catalogues.join(", ") || "none",
          load.otherLanguageCatalogues.join(", ") || "none",
        ]),
    ),
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
        load.address,
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
  );
  for (const load of report.firstLoad.filter((load) => load.build === THIS_BUILD)) {
    lines.push(
      "",
      `### ${load.address}`,
      "",
      mdTable(
        ["file", "kind", "raw KB", "gzip KB", "catalogue"],
        load.files.map((file) => [
          `\`${file.path}\``,
          file.kind,
          kb(file.bytes),
          kb(file.gzipBytes),
          file.catalogues?.join(", ") ?? "",
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
      `Lighthouse 12, default config (mobile emulation, simulated throttling), on the system Chromium (headless), as a first-time visitor (storage cleared, so the welcome dialog shows). ${runs} run${runs === 1 ? "" : "s"} per page, language and build; scores and metrics are the median. Full reports (JSON, open in the Lighthouse viewer): \`${path.join(ARTIFACTS, "lighthouse")}/\`, outside the repository.`,
      "",
      mdTable(
        ["build", "page", ...CATEGORIES, ...Object.values(METRICS)],
        report.lighthouse.map((page) => [
          page.build,
          page.address,
          ...CATEGORIES.map((id) => page.scores[id]),
          ...Object.values(METRICS).map((label) => page.metrics[label] ?? "?"),
        ]),
      ),
      "",
      `Per run: ${report.lighthouse
        .map(
          (page) =>
            `${page.build} ${page.address} ${page.runScores.map((s) => CATEGORIES.map((id) => s[id]).join("/")).join(", ")}`,
        )
        .join(
          "; ",
        )} (${CATEGORIES.join("/")}). CPU benchmark index: ${report.lighthouse.map((page) => `${page.build} ${page.address} ${page.benchmarkIndex.join(", ")}`).join("; ")}.`,
    );
    for (const page of report.lighthouse.filter((page) => page.build === THIS_BUILD)) {
      lines.push("", `### Failing audits on ${page.address}`, "");
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
