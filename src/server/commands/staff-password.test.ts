import { execFile, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REAL_STORE } from "../testing/real-store.ts";

type Outcome = { code: number | null; out: string };

/** Runs a command of the store with `input` on its standard input, as a pipe. */
function run(
  file: string,
  args: string[],
  env: Record<string, string>,
  input = "",
): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ["--import", "tsx", file, ...args],
      { env: { PATH: process.env.PATH, LOG_LEVEL: "silent", ...env }, timeout: 90_000 },
      (error, stdout, stderr) =>
        resolve({
          code: error ? ((error as { code?: number }).code ?? 1) : 0,
          out: stdout + stderr,
        }),
    );
    child.stdin!.end(input);
  });
}

const setPassword = (
  env: Record<string, string>,
  username: string,
  password: string,
  ...flags: string[]
) => run("src/server/commands/staff-password.ts", [username, ...flags], env, `${password}\n`);

/** Starts the store and answers once it listens or exits; stops it either way. */
async function startStore(env: Record<string, string>): Promise<Outcome & { listened: boolean }> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (chunk) => (out += chunk));
  child.stderr!.on("data", (chunk) => (out += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  for (let i = 0; i < 600 && child.exitCode === null && !out.includes("Server listening"); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const listened = out.includes("Server listening");
  if (child.exitCode === null) child.kill("SIGTERM");
  return { code: await exited, out, listened };
}

describe("staff passwords with demo mode off", () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });
  const freshStore = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "fhh-staff-"));
    dirs.push(dir);
    return { ...REAL_STORE, DATA_DIR: dir };
  };

  it("will not open until every member has a password of their own, set by the command", async () => {
    const env = await freshStore();
    const refused = await startStore(env);
    expect(refused.listened).toBe(false);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain("npm run staff:password -- inventory");
    expect(refused.out).toContain("npm run staff:password -- relations");

    // Bad passwords change nothing.
    for (const [password, message] of [
      ["short-one", /at least 12 characters/],
      ["harvest-inventory", /published demo password/],
    ] as const) {
      const bad = await setPassword(env, "inventory", password);
      expect(bad.code).not.toBe(0);
      expect(bad.out).toMatch(message);
    }
    const nobody = await setPassword(env, "admin", "a perfectly long password");
    expect(nobody.code).not.toBe(0);
    expect(nobody.out).toContain('No staff member is called "admin"');

    for (const username of ["inventory", "sales"]) {
      const set = await setPassword(env, username, `${username} keeps the mangoes cold`);
      expect(set.out).toContain(`The password of ${username}`);
      expect(set.code).toBe(0);
    }
    const stillOne = await startStore(env);
    expect(stillOne.listened).toBe(false);
    expect(stillOne.out).toContain("npm run staff:password -- relations");
    expect(stillOne.out).not.toContain("npm run staff:password -- inventory");

    await setPassword(env, "relations", "relations answers every ticket");
    const opened = await startStore(env);
    expect(opened.listened).toBe(true);
  }, 240_000);

  it("will not open with the demo passwords a demo store gave its members", async () => {
    const env = await freshStore();
    const demo = await startStore({ ...env, DEMO_MODE: "true" });
    expect(demo.listened).toBe(true);
    const real = await startStore(env);
    expect(real.listened).toBe(false);
    expect(real.out).toContain("npm run staff:password -- sales");
  }, 120_000);
});
