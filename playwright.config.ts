import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_MISSING, findChromium } from "./e2e/support/chromium.ts";
import { issuerPort, storeOidcEnv } from "./e2e/support/oidc-issuer.ts";

const chromium = findChromium();
if (!chromium) throw new Error(CHROMIUM_MISSING);

const PORT = Number(process.env.E2E_PORT ?? 4173);
// A fresh embedded database for every run, so tests never see a previous run's data. Workers
// load this file again and inherit the runner's environment: they find the same folder there, and
// keep the staff sessions they share beside it (e2e/support/staff.ts).
process.env.E2E_DATA_DIR ??= `.tmp/e2e-data-${Date.now()}`;
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // A shared CI machine can stall a browser for seconds; one retry tells a stall from a bug.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // Two browsers share CI's two cores with the store: a page can take twice as long there.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Recording a trace costs a quarter of the run's CPU (a screencast and a DOM snapshot per
    // action), so CI records one only for a test's retry: a failure's second try has its trace.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    // Pages are drawn as for a visitor who asks for less motion: pulses, spinners and fades would
    // otherwise redraw them many times a second on the CPU two browsers share, a third of the run.
    // The specs of the motion itself ask for it (home.spec.ts).
    reducedMotion: "reduce",
    launchOptions: { executablePath: chromium, args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testIgnore: [/responsive\.spec\.ts/],
    },
    {
      name: "mobile",
      use: { ...devices["Pixel 7"], channel: undefined },
      testMatch: /responsive\.spec\.ts/,
    },
  ],
  webServer: [
    {
      // The store's OpenID Connect provider (outside-sign-in.spec.ts); Google stays unconfigured.
      command: "node --import tsx e2e/support/oidc-issuer.ts",
      url: `${storeOidcEnv(PORT).OIDC_ISSUER_URL}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      env: { ISSUER_PORT: String(issuerPort(PORT)) },
    },
    {
      command: "node --import tsx src/server/main.ts",
      url: `http://127.0.0.1:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(PORT),
        HOST: "127.0.0.1",
        // The address the browser uses: a sign-in's way back must reach the cookies it left.
        PUBLIC_URL: `http://127.0.0.1:${PORT}`,
        DATA_DIR: dataDir,
        DEMO_MODE: "true",
        LOG_LEVEL: "warn",
        // Every spec's shopper is this machine: its cash orders are many networks' in a real shop.
        CASH_ORDERS_PER_NETWORK: "100000",
        // And the specs of the desk file far more tickets than one shopper an hour.
        SUPPORT_TICKETS_PER_ADDRESS_PER_HOUR: "100000",
        // Specs sign up a shopper each, and a retried spec signs up again.
        SIGN_UPS_PER_ADDRESS_PER_HOUR: "100000",
        ...storeOidcEnv(PORT),
      },
    },
  ],
});
