import os from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
    // Migrates and seeds once per run; each suite's database is a copy (test-app.ts).
    globalSetup: ["./src/server/testing/seeded-databases.ts"],
    setupFiles: ["./src/server/testing/fail-on-console-error.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default is one fork fewer than the cores: one on a two-core CI machine. Most
    // suites wait on timers, child processes and PostgreSQL rather than the CPU, so two forks
    // halve the wall time there; elsewhere, one per core.
    maxWorkers: process.env.CI ? 2 : os.availableParallelism(),
  },
});
