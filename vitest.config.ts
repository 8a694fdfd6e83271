import os from "node:os";
import { defineConfig } from "vitest/config";

const shared = {
  // Migrates and seeds once per run; each suite's database is a copy (test-app.ts).
  globalSetup: ["./src/server/testing/seeded-databases.ts"],
  setupFiles: ["./src/server/testing/fail-on-console-error.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: "forks" as const,
};

export default defineConfig({
  test: {
    // Vitest's default is one fork fewer than the cores: one on a two-core CI machine. Most
    // suites wait on timers, child processes and PostgreSQL rather than the CPU, so two forks
    // halve the wall time there; elsewhere, one per core.
    maxWorkers: process.env.CI ? 2 : os.availableParallelism(),
    projects: [
      {
        test: {
          ...shared,
          name: "server",
          include: ["src/server/**/*.test.ts", "src/shared/**/*.test.ts", "scripts/**/*.test.ts"],
          // Every server suite builds its own app on its own database and closes both, so the
          // modules they load can be loaded once per worker rather than once per file.
          isolate: false,
        },
      },
      {
        test: {
          ...shared,
          name: "web",
          include: ["src/web/**/*.test.{ts,tsx}", "src/server/**/*.test.tsx"],
        },
      },
    ],
  },
});
