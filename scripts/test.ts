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

// Each step's time is printed, so a slow CI run says which step it was spent in.
const seconds = (since: number) => `${Math.round((performance.now() - since) / 1000)} s`;
const started = performance.now();
for (const [name, [command, ...args]] of steps) {
  console.log(`\n▶ ${name}`);
  const stepStarted = performance.now();
  const result = spawnSync(command!, args, { stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed after ${seconds(stepStarted)}`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} in ${seconds(stepStarted)}`);
}
console.log(`\n✔ all checks passed in ${seconds(started)}`);
