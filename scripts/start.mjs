// `npm start`: builds the storefront when its build is missing or older than its sources, then
// runs the server (TypeScript through tsx) in this process's place.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const builtIndex = path.join(root, process.env.WEB_DIST_DIR ?? "dist/web", "index.html");

function newestModification(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(
      newest,
      entry.isDirectory() ? newestModification(full) : statSync(full).mtimeMs,
    );
  }
  return newest;
}

const sources = ["src/web", "src/shared"].map((dir) => path.join(root, dir));
const stale =
  !existsSync(builtIndex) ||
  Math.max(...sources.map(newestModification)) > statSync(builtIndex).mtimeMs;

if (stale) {
  console.log("Building the storefront...");
  const build = spawnSync("npx", ["vite", "build", "--logLevel", "warn"], {
    cwd: root,
    stdio: "inherit",
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawnSync(
  process.execPath,
  ["--import", "tsx", path.join(root, "src/server/main.ts")],
  { cwd: root, stdio: "inherit" },
);
process.exit(server.status ?? 1);
