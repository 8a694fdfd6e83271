// The design's import rules, checked on every `npm run lint`:
//   web -> shared, server -> shared; shared imports neither and does no I/O;
//   a feature uses another feature only through its top-level files, its api/ folder or its
//   ui/ kit, and no features use one another in a circle (catalogue -> cart -> catalogue);
//   only tests and other helpers import the server's test helpers (src/server/testing);
//   a server module is entered through its index.ts only: product code outside modules/<m>/
//   imports modules/<m>/index.ts and nothing else of it (tests may reach a module's insides),
//   save its tables: modules/<m>/schema.ts is the second door, for reads, joins and the registry
//   of every table (db/schema/index.ts); writes to them go through the owner's index.ts
//   (src/server/modules/table-owners.test.ts).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, ".."));
const src = path.join(root, "src");
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;
const SHARED_FORBIDDEN =
  /^(node:|fastify|@fastify\/|drizzle-orm|pg$|@electric-sql\/|react|@tanstack\/)/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (SOURCE.test(name)) yield full;
  }
}

/** What a feature offers the others besides its top-level files. */
const PUBLIC_FOLDERS = new Set(["api", "ui"]);

const layerOf = (file) => path.relative(src, file).split(path.sep)[0];
const featureOf = (file) => {
  const parts = path.relative(path.join(src, "web", "features"), file).split(path.sep);
  return parts[0] === ".." || parts.length < 2 ? undefined : parts;
};

const modulesDir = path.join(src, "server", "modules");
/** The module a file belongs to, with the file's path inside it. */
const moduleOf = (file) => {
  const parts = path.relative(modulesDir, file).split(path.sep);
  return parts[0] === ".." || parts.length < 2 ? undefined : parts;
};

/** Each feature's imports of other features: where each one is first made. */
const featureImports = new Map();
const problems = [];
for (const file of files(src)) {
  const text = readFileSync(file, "utf8");
  const from = layerOf(file);
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2];
    const where = `${path.relative(root, file)}: "${specifier}"`;
    if (from === "shared" && SHARED_FORBIDDEN.test(specifier)) {
      problems.push(`${where}: shared code stays free of I/O and frameworks`);
    }
    if (!specifier.startsWith(".")) continue;
    const target = path.resolve(path.dirname(file), specifier);
    const to = layerOf(target);
    if (from !== to && to !== "shared") {
      problems.push(`${where}: ${from} may import only from shared, not from ${to}`);
    }
    const testingDir = path.join(src, "server", "testing") + path.sep;
    const isTest = /\.test\.tsx?$/.test(file) || file.startsWith(testingDir);
    if (!isTest && target.startsWith(testingDir)) {
      problems.push(`${where}: test helpers are for tests; a module may not import them`);
    }
    const into = moduleOf(target);
    const own = moduleOf(file);
    const entry =
      into && into.length === 2 && /^(index\.(ts|tsx|mts|mjs|js)|schema\.ts)$/.test(into[1]);
    if (!isTest && into && !entry && (!own || own[0] !== into[0])) {
      problems.push(
        `${where}: module "${into[0]}" is entered through its index.ts only, not its ${into.slice(1).join("/")}`,
      );
    }
    const source = featureOf(file);
    const destination = featureOf(target);
    if (source && destination && source[0] !== destination[0]) {
      const used = featureImports.get(source[0]) ?? new Map();
      if (!used.has(destination[0])) used.set(destination[0], where);
      featureImports.set(source[0], used);
      const isPublic = destination.length === 2 || PUBLIC_FOLDERS.has(destination[1]);
      if (!isPublic) {
        problems.push(
          `${where}: feature "${source[0]}" reaches into feature "${destination[0]}"'s internals`,
        );
      }
    }
  }
}

/**
 * A circle of features, each reaching the next: one of them can no longer be understood, tested or
 * loaded without the others. The route that shows them together is where they meet instead.
 */
function circleFrom(start) {
  const trail = [start];
  const seen = new Set();
  const walk = (feature) => {
    for (const next of featureImports.get(feature)?.keys() ?? []) {
      if (next === start) return true;
      if (seen.has(next)) continue;
      seen.add(next);
      trail.push(next);
      if (walk(next)) return true;
      trail.pop();
    }
    return false;
  };
  return walk(start) ? trail : undefined;
}

for (const feature of featureImports.keys()) {
  const circle = circleFrom(feature);
  // Reported once, from its first member by name, not again from each of the others.
  if (!circle || circle.some((member) => member < feature)) continue;
  const steps = circle.map((member, index) =>
    featureImports.get(member).get(circle[(index + 1) % circle.length]),
  );
  problems.push(
    `features use one another in a circle, ${[...circle, feature].join(" -> ")}:\n${steps
      .map((step) => `    ${step}`)
      .join("\n")}`,
  );
}

if (problems.length > 0) {
  console.error(
    `Import rules broken (${problems.length}):\n${problems.map((p) => `  ${p}`).join("\n")}`,
  );
  process.exit(1);
}
console.log("Import rules hold.");
