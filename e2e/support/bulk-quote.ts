import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * Customer relations prices a request with the store's command, as staff would from a terminal:
 * `npm run bulk:quote -- BOR-... 12500 [--approve-cod]`.
 */
export async function quoteRequest(ticketId: string, rupees: number, options: string[] = []) {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set: playwright.config.ts sets it");
  // The store under test runs on the embedded database in that folder; the command finds the
  // running store's note there and asks it to record the quote.
  const { DATABASE_URL: _otherDatabase, ...env } = process.env;
  await run("npm", ["run", "-s", "bulk:quote", "--", ticketId, String(rupees), ...options], {
    env: { ...env, DATA_DIR: dataDir },
    timeout: 60_000,
  });
}
