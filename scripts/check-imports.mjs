// The design's import rules, checked on every `npm run lint`:
//   web -> shared, server -> shared; shared imports neither and does no I/O;
//   a feature uses another feature only through its top-level files or its api/ folder;
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
      const isPublic = destination.length === 2 || destination[1] === "api";
      if (!isPublic) {
        problems.push(
          `${where}: feature "${source[0]}" reaches into feature "${destination[0]}"'s internals`,
        );
      }
    }
  }
}

if (problems.length > 0) {
  console.error(
    `Import rules broken (${problems.length}):\n${problems.map((p) => `  ${p}`).join("\n")}`,
  );
  process.exit(1);
}
console.log("Import rules hold.");
