import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./db/client.ts";
import { idempotencyKeys } from "./db/schema/index.ts";
import { countProducts } from "./db/seed/seed.ts";
import { openSeededPglite, seedDataFolder } from "./testing/test-app.ts";

const mainFile = path.resolve(import.meta.dirname, "main.ts");

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", mainFile], {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr!.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

// A first start migrates and seeds a fresh database: on a machine busy with other test files
// that has taken over 30 s.
async function waitForUrl(output: () => string, child: ChildProcess): Promise<string> {
  for (let i = 0; i < 900; i++) {
    const match = output().match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
    if (match) return match[1]!;
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start:\n${output()}`);
}

async function waitForOutput(output: () => string, text: string): Promise<void> {
  for (let i = 0; i < 100 && !output().includes(text); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("the server process", () => {
  it("migrates and seeds on first start, then closes the embedded database on SIGTERM", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "fhh-main-"));
    const server = startServer({ DATA_DIR: dataDir });
    const url = await waitForUrl(server.output, server.child);
    const health = await fetch(`${url}/api/health`);
    expect(await health.json()).toEqual({ status: "ok", database: "pglite" });

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("shutting down");
    // Only this machine can reach it, so demo mode needs no warning.
    expect(server.output()).not.toContain("DEMO MODE IS ON");

    // A cleanly closed data directory opens again with everything in it.
    const reopened = await openDatabase({ dataDir });
    expect(await countProducts(reopened.db)).toBe(61);
    await reopened.close();
  }, 120_000);

  it("warns loudly when a demo store can be reached from other machines", async () => {
    // A demo store's folder, seeded already: the first test has the first start.
    const dataDir = mkdtempSync(path.join(tmpdir(), "fhh-"));
    await seedDataFolder(dataDir);
    const server = startServer({ HOST: "0.0.0.0", DEMO_MODE: "true", DATA_DIR: dataDir });
    try {
      await waitForUrl(server.output, server.child);
      await waitForOutput(server.output, "DEMO MODE IS ON");
      const warning = server
        .output()
        .split("\n")
        .find((line) => line.includes("DEMO MODE IS ON"));
      expect(JSON.parse(warning!)).toMatchObject({
        level: 40,
        msg: "DEMO MODE IS ON AND OTHER MACHINES CAN REACH THIS STORE: anyone can read every email, sign-in code and order at /dev/mailbox, and payments are test payments that take no money. Remove DEMO_MODE=true for a real store.",
      });
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  }, 120_000);

  it("will not open on every interface in demo mode by default, saying what it needs", async () => {
    const server = startServer({
      HOST: "0.0.0.0",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "fhh-")),
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(
      "Demo mode is off because the store can be reached from other machines (HOST=0.0.0.0).",
    );
    expect(server.output()).toContain("PUBLIC_URL, SMTP_URL, SELLER_GSTIN, AUTH_SECRET");
  }, 30_000);

  it("refuses TRUST_PROXY=true, saying what to set instead", async () => {
    const server = startServer({
      TRUST_PROXY: "true",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "fhh-")),
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(
      "TRUST_PROXY: true would let any client choose its own address",
    );
  }, 30_000);

  it("prunes idempotency records older than a day once it has started", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "fhh-main-"));
    const before = await openSeededPglite(dataDir);
    const dayAndAMinute = new Date(Date.now() - 24 * 60 * 60 * 1000 - 60_000);
    await before.db.insert(idempotencyKeys).values([
      {
        key: "checkout:old",
        scope: "checkout",
        requestHash: "h",
        state: "completed",
        createdAt: dayAndAMinute,
      },
      { key: "checkout:new", scope: "checkout", requestHash: "h", state: "completed" },
    ]);
    await before.close();

    const server = startServer({ DATA_DIR: dataDir });
    await waitForUrl(server.output, server.child);
    for (let i = 0; i < 100 && !server.output().includes("old records removed"); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);

    const after = await openDatabase({ dataDir });
    const keys = await after.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys);
    await after.close();
    expect(keys.map((row) => row.key)).toEqual(["checkout:new"]);
  }, 120_000);

  it("refuses to start on a bad setting and names it", async () => {
    const server = startServer({
      PORT: "not-a-port",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "fhh-")),
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("Invalid configuration");
    expect(server.output()).toContain("PORT");
  }, 30_000);
});
