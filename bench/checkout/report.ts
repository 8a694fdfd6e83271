// The end of a run: the tables and the PASS/MISS/FAIL lines printed, and
// bench/results/checkout.json (every figure) and checkout.md (bench/checkout/report-markdown.ts)
// written. The JSON is what a later run's baseline reads back, so its shape stays put.
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { TEST_PROVIDER_API } from "../../src/shared/contracts/test-provider.ts";
import { ROOT, textTable } from "../support/child.ts";
import { type DatabaseResult, HOSTED_LABEL } from "./database-run.ts";
import { type BaselineTree, baselineLabel } from "./drivers/baseline-store.ts";
import { TARGET_P99_MS, TARGETS } from "./figures.ts";
import type { workingTree } from "./git-tree.ts";
import { LOAD_MODEL_SETTINGS } from "./load-model.ts";
import { loadAverage } from "./machine-figures.ts";
import { STORE_CALLS } from "./phase.ts";
import { ratioLine, ratiosOf } from "./ratios.ts";
import { markdown } from "./report-markdown.ts";
import type { Settings } from "./settings.ts";
import { MAIN_HEADER, mainRows, STRETCH_HEADER, stretchRows } from "./tables.ts";

export type FinishedRun = {
  settings: Settings;
  results: DatabaseResult[];
  /** Date.now() when the run started. */
  started: number;
  storeVersion: ReturnType<typeof workingTree>;
  loadAverageStart: number[];
  base: BaselineTree | undefined;
  baselineError: string | undefined;
};

/**
 * Prints and writes the run's results; whether every invariant held, and whether the committed
 * pgbench script was made for the statements the store sends now.
 */
export async function reportRun({
  settings,
  results,
  started,
  storeVersion,
  loadAverageStart,
  base,
  baselineError,
}: FinishedRun): Promise<{ invariantsPassed: boolean; scriptMatched: boolean }> {
  const { buyers, duration, warmup, databases, baselineRef, baselineRuns } = settings;
  const loadAverageEnd = loadAverage();

  const rowsOut = mainRows(results);
  console.log(`\n${HOSTED_LABEL}:\n${textTable(MAIN_HEADER, rowsOut)}`);
  const stretches = stretchRows(results);
  console.log(`\nevery stretch, in the order run:\n${textTable(STRETCH_HEADER, stretches)}`);
  const ratios = results.map((result) => ({ kind: result.kind, ratios: ratiosOf(result) }));
  for (const { kind, ratios: list } of ratios) {
    console.log(`\n${kind}:`);
    for (const r of list)
      console.log(
        `  ${ratioLine(r)}  (${r.pass === null ? "not measured" : r.pass ? "meets" : "MISSES"} ${r.target})`,
      );
  }
  const mismatched = results.filter((result) => result.capture.script?.matched === false);
  for (const result of mismatched)
    console.log(
      `FAIL  ${result.capture.script!.file} was made for other statements than the store sends now: rewritten from this run; commit it`,
    );
  for (const result of results) {
    for (const target of result.targets)
      console.log(
        `${target.pass ? "PASS" : "MISS"}  ${result.kind} ${target.target}: ${target.value}`,
      );
  }
  const invariantsPassed = results.every((result) => result.invariants.every((c) => c.pass));
  for (const result of results) {
    const failed = result.invariants.filter((check) => !check.pass);
    console.log(
      `${failed.length === 0 ? "PASS" : "FAIL"}  ${result.kind} invariants: ${result.invariants.length - failed.length}/${result.invariants.length} hold${failed.length ? ` — failed: ${failed.map((check) => check.name).join("; ")}` : ""}`,
    );
    for (const b of result.baselines)
      if (b.error)
        console.log(`      ${result.kind} baseline (${b.when}): not measured (${b.error})`);
  }
  console.log(`load average at end ${loadAverageEnd.join(" / ")}`);

  const environment = {
    date: new Date().toISOString(),
    store: storeVersion,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? "unknown",
    loadAverageStart,
    loadAverageEnd,
  };
  const report = {
    benchmark: "checkout",
    flow: HOSTED_LABEL,
    ...environment,
    endpoints: {
      order: "POST /api/orders",
      provider: `POST ${TEST_PROVIDER_API}/orders/{providerOrderId}/payments (the test provider)`,
      verify: "POST /api/orders/{orderNumber}/payment",
    },
    settings: {
      buyers,
      mix: settings.mix,
      durationSeconds: duration,
      warmupSeconds: warmup,
      ...LOAD_MODEL_SETTINGS,
      declined: "left awaiting payment (not retried)",
      databases,
      baseline: baselineRef ?? null,
      baselineRuns: baselineRef ? baselineRuns : 0,
    },
    targets: {
      ordersPerSec: TARGETS,
      p99Ms: TARGET_P99_MS,
      p99AppliesTo: [...STORE_CALLS],
    },
    ratios: Object.fromEntries(
      ratios.map(({ kind, ratios: list }) => [
        kind,
        list.map(({ name, value, target, pass, inputs }) => ({
          name,
          value,
          target,
          pass,
          inputs,
        })),
      ]),
    ),
    baseline: baselineRef
      ? {
          ref: baselineRef,
          commit: base?.commit ?? null,
          label: baselineLabel(baselineRef),
          tree: base?.tree ?? null,
          error: baselineError ?? null,
          note: "The baseline tree's own server (its bench/support/serve-app.ts) on a fresh database stocked by its own code, driven by this tree's buyers, cash only, with the same duration, warm-up and buyers.",
          results: results.flatMap((result) => result.baselines),
        }
      : null,
    results: results.map(({ profile, baselines: _baselines, ...rest }) =>
      profile
        ? {
            ...rest,
            profile: {
              cpuProfileFile: profile.cpuProfileFile,
              threadProfileFiles: profile.threads.map((thread) => thread.cpuProfileFile),
              underLoad: profile.underLoad,
              oneBuyer: profile.oneBuyer,
              verify: profile.verify,
              outside: profile.outside,
            },
          }
        : rest,
    ),
    targetsPassed: results.every((result) => result.targets.every((target) => target.pass)),
    invariantsPassed,
    elapsedSeconds: Math.round((Date.now() - started) / 1000),
  };
  const resultsDir = path.join(ROOT, "bench/results");
  await mkdir(resultsDir, { recursive: true });
  await writeFile(path.join(resultsDir, "checkout.json"), `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(
    path.join(resultsDir, "checkout.md"),
    markdown(report, results, rowsOut, stretches, ratios, settings),
  );
  console.log(
    `\nwrote bench/results/checkout.json and bench/results/checkout.md (${report.elapsedSeconds} s)`,
  );
  return { invariantsPassed, scriptMatched: mismatched.length === 0 };
}
