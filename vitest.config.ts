import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
    setupFiles: ["./src/server/testing/fail-on-console-error.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default is one fork fewer than the cores: one on a two-core CI machine. Most
    // suites wait on timers, child processes and PostgreSQL rather than the CPU, so two
    // forks halve the wall time there (each suite has a database of its own).
    maxWorkers: 2,
  },
});
