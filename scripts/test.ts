// `npm test`: every check the project has, in the order that fails fastest.
import { spawnSync } from "node:child_process";
import { CHROMIUM_MISSING, findChromium } from "../e2e/support/chromium.ts";

if (!findChromium()) {
  console.error(CHROMIUM_MISSING);
  process.exit(1);
}

const steps: [string, string[]][] = [
  ["lint", ["npm", "run", "-s", "lint"]],
  ["typecheck", ["npm", "run", "-s", "typecheck"]],
  ["unit and API tests", ["npx", "vitest", "run"]],
  ["build", ["npx", "vite", "build", "--logLevel", "warn"]],
  ["browser tests", ["npx", "playwright", "test"]],
];

for (const [name, [command, ...args]] of steps) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command!, args, { stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(result.status ?? 1);
  }
}
console.log("\n✔ all checks passed");
