import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REAL_STORE } from "../testing/real-store.ts";
import { runStaffPassword, startStore } from "../testing/store-command.ts";

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
      const bad = await runStaffPassword(env, "inventory", password);
      expect(bad.code).not.toBe(0);
      expect(bad.out).toMatch(message);
    }
    const nobody = await runStaffPassword(env, "admin", "a perfectly long password");
    expect(nobody.code).not.toBe(0);
    expect(nobody.out).toContain('No staff member is called "admin"');

    for (const username of ["inventory", "sales"]) {
      const set = await runStaffPassword(env, username, `${username} keeps the mangoes cold`);
      expect(set.out).toContain(`The password of ${username}`);
      expect(set.code).toBe(0);
    }
    const stillOne = await startStore(env);
    expect(stillOne.listened).toBe(false);
    expect(stillOne.out).toContain("npm run staff:password -- relations");
    expect(stillOne.out).not.toContain("npm run staff:password -- inventory");

    await runStaffPassword(env, "relations", "relations answers every ticket");
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
