import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** The system Chromium: CHROMIUM_PATH, or the first chromium on PATH. Undefined when none. */
export function findChromium(): string | undefined {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) return existsSync(configured) ? configured : undefined;
  for (const name of ["chromium", "chromium-browser", "google-chrome"]) {
    try {
      return execFileSync("which", [name], { encoding: "utf8" }).trim() || undefined;
    } catch {
      // not this one
    }
  }
  return undefined;
}

export const CHROMIUM_MISSING =
  "No Chromium found for the browser tests. Install Debian's package (`apt-get install chromium`) " +
  "or set CHROMIUM_PATH to a Chromium or Chrome binary.";
