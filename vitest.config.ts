import os from "node:os";
import { defineConfig } from "vitest/config";
import { pageTextsPlugin } from "./scripts/page-texts.ts";

const shared = {
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
          // Migrates and seeds once per run; each suite's database is a copy (test-app.ts).
          globalSetup: ["./src/server/testing/seeded-databases.ts"],
          setupFiles: [...shared.setupFiles, "./src/server/testing/real-timers-between-files.ts"],
          // Every suite builds its own app on its own database and closes both, so a fork loads
          // the server's modules once for all its files rather than once per file (decision 7).
          isolate: false,
        },
      },
      {
        // Each page's texts, as the build serves them (the server's render is tested here too).
        plugins: [pageTextsPlugin()],
        // The components, in jsdom: one module graph per file, and no database.
        test: {
          ...shared,
          name: "web",
          include: ["src/web/**/*.test.{ts,tsx}", "src/server/**/*.test.tsx"],
        },
      },
    ],
  },
});
