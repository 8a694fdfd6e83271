import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REAL_STORE } from "../testing/real-store.ts";
import { runStaffPassword, startStore } from "../testing/store-command.ts";
import { seedDataFolder } from "../testing/test-app.ts";

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
    // A password the rules refuse (staff-password-rules.test.ts has them all) changes nothing.
    const bad = await runStaffPassword(env, "inventory", "short-one");
    expect(bad.code).not.toBe(0);
    expect(bad.out).toMatch(/at least 12 characters/);

    for (const username of ["inventory", "sales"]) {
      const set = await runStaffPassword(env, username, `${username} keeps the mangoes cold`);
      expect(set.out).toContain(`The password of ${username}`);
      expect(set.code).toBe(0);
    }
    const stillOne = await startStore(env);
    expect(stillOne.listened).toBe(false);
    expect(stillOne.code).toBe(1);
    expect(stillOne.out).toContain("npm run staff:password -- relations");
    expect(stillOne.out).not.toContain("npm run staff:password -- inventory");
    expect(stillOne.out).not.toContain("npm run staff:password -- sales");

    await runStaffPassword(env, "relations", "relations answers every ticket");
    const opened = await startStore(env);
    expect(opened.listened).toBe(true);
  }, 240_000);

  it("will not open with the demo passwords a demo store gave its members", async () => {
    const env = await freshStore();
    // What a demo store leaves in its folder: seeded with the published passwords.
    await seedDataFolder(env.DATA_DIR);
    const real = await startStore(env);
    expect(real.listened).toBe(false);
    for (const username of ["inventory", "sales", "relations"]) {
      expect(real.out).toContain(`npm run staff:password -- ${username}`);
    }
  }, 120_000);
});
