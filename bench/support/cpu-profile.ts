// Summarises a V8 .cpuprofile (from `node --cpu-prof`): where the time went, by package (self
// time, and "on the stack" time, so a plugin's hooks count with everything they call) and by
// function. `npm run bench:http -- --profile` writes one for the real server and prints this.
//
//   npx tsx bench/support/cpu-profile.ts path/to/file.cpuprofile [top]
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type CpuProfile = {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
};

export type ProfileSummary = {
  /** The typical time between samples. */
  intervalUs: number;
  /**
   * Gaps between samples over 20 ms: V8 samples from its own thread, so such a gap means the
   * process was not running at all (descheduled by a busy machine), not a long JS task.
   */
  stalls: { count: number; longestMs: number };
  totalMs: number;
  /** Time not idle: what the process actually spent working. */
  busyMs: number;
  byPackageSelf: { name: string; ms: number; share: number }[];
  byPackageOnStack: { name: string; ms: number; share: number }[];
  topFunctions: { name: string; where: string; ms: number; share: number }[];
};

const ROOT = path.resolve(import.meta.dirname, "../..");
const STALL_US = 20_000;

function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** "fastify", "@fastify/helmet", "src/server/http", "node:internal/http", "(garbage collector)". */
export function packageOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  if (url.startsWith("node:")) {
    const parts = url.split("/");
    return parts.slice(0, Math.min(parts.length - 1, 2)).join("/") || url;
  }
  let file = url;
  try {
    if (url.startsWith("file:")) file = fileURLToPath(url);
  } catch {
    // keep the URL as it is
  }
  const marker = `${path.sep}node_modules${path.sep}`;
  const at = file.lastIndexOf(marker);
  if (at >= 0) {
    const rest = file.slice(at + marker.length).split(path.sep);
    return rest[0]?.startsWith("@") ? `${rest[0]}/${rest[1]}` : (rest[0] ?? file);
  }
  const relative = path.relative(ROOT, file);
  if (!relative.startsWith("..")) return path.dirname(relative);
  return file;
}

export function summarise(profile: CpuProfile, top = 25): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);

  // Each sample counts as one sampling interval. Charging the raw gap since the previous sample
  // instead would bill whatever ran next for the time the OS had the process off the CPU.
  const deltas = profile.timeDeltas.slice(1).filter((delta) => delta > 0);
  const interval = medianOf(deltas) || 1000;
  const stalls = deltas.filter((delta) => delta > STALL_US);
  const selfByNode = new Map<number, number>();
  for (const id of profile.samples) selfByNode.set(id, (selfByNode.get(id) ?? 0) + interval);

  const packageSelf = new Map<string, number>();
  const packageStack = new Map<string, number>();
  const functionSelf = new Map<string, { name: string; where: string; us: number }>();
  let totalUs = 0;
  let idleUs = 0;
  for (const [id, us] of selfByNode) {
    const node = byId.get(id);
    if (!node) continue;
    totalUs += us;
    const frame = node.callFrame;
    if (frame.functionName === "(idle)") {
      idleUs += us;
      continue;
    }
    const pkg = packageOf(frame);
    packageSelf.set(pkg, (packageSelf.get(pkg) ?? 0) + us);
    const where = frame.url
      ? `${packageOf(frame)} ${path.basename(frame.url)}:${frame.lineNumber + 1}`
      : "";
    const key = `${frame.functionName}@${frame.url}:${frame.lineNumber}`;
    const entry = functionSelf.get(key) ?? {
      name: frame.functionName || "(anonymous)",
      where,
      us: 0,
    };
    entry.us += us;
    functionSelf.set(key, entry);

    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const ancestor = byId.get(at);
      if (!ancestor || ancestor.callFrame.functionName === "(root)") continue;
      seen.add(packageOf(ancestor.callFrame));
    }
    for (const name of seen) packageStack.set(name, (packageStack.get(name) ?? 0) + us);
  }

  const busyUs = totalUs - idleUs;
  const rank = (map: Map<string, number>) =>
    [...map]
      .map(([name, us]) => ({ name, ms: us / 1000, share: busyUs ? us / busyUs : 0 }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, top);
  return {
    intervalUs: interval,
    stalls: { count: stalls.length, longestMs: Math.max(0, ...stalls) / 1000 },
    totalMs: totalUs / 1000,
    busyMs: busyUs / 1000,
    byPackageSelf: rank(packageSelf),
    byPackageOnStack: rank(packageStack),
    topFunctions: [...functionSelf.values()]
      .map(({ name, where, us }) => ({
        name,
        where,
        ms: us / 1000,
        share: busyUs ? us / busyUs : 0,
      }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, top),
  };
}

export function formatSummary(summary: ProfileSummary): string {
  const pct = (share: number) => `${(share * 100).toFixed(1).padStart(5)}%`;
  const lines = [
    `busy ${summary.busyMs.toFixed(0)} ms of ${summary.totalMs.toFixed(0)} ms profiled (shares are of busy time; one sample every ${summary.intervalUs} µs)`,
    `gaps over 20 ms with no sample at all (the process was off the CPU): ${summary.stalls.count}, longest ${summary.stalls.longestMs.toFixed(0)} ms`,
    "",
    "self time by package:",
    ...summary.byPackageSelf.map((row) => `  ${pct(row.share)}  ${row.name}`),
    "",
    "on the stack (package or anything it calls):",
    ...summary.byPackageOnStack.map((row) => `  ${pct(row.share)}  ${row.name}`),
    "",
    "self time by function:",
    ...summary.topFunctions.map((row) => `  ${pct(row.share)}  ${row.name}  ${row.where}`),
  ];
  return lines.join("\n");
}

export function summariseFile(file: string, top = 25): ProfileSummary {
  return summarise(JSON.parse(readFileSync(file, "utf8")) as CpuProfile, top);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  if (!file) {
    console.error("usage: tsx bench/support/cpu-profile.ts FILE.cpuprofile [top]");
    process.exit(2);
  }
  console.log(formatSummary(summariseFile(file, Number(process.argv[3] ?? 25))));
}
