import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { STAFF_USERNAME_MESSAGES } from "../../shared/rules/staff-sign-in.ts";
import { REAL_STORE } from "../testing/real-store.ts";
import { runCommand, runStaffPassword, startStore } from "../testing/store-command.ts";
import { seedDataFolder } from "../testing/test-app.ts";

const chooseUsername = (env: Record<string, string>, ...args: string[]) =>
  runCommand("src/server/commands/staff-username.ts", args, env);

describe("staff usernames chosen with the command", () => {
  let dir = "";
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("lets each member choose their username, then set their password and open the store by it", async () => {
    dir = await mkdtemp(path.join(tmpdir(), "fhh-staff-username-"));
    // A store seeded already (staff-password.test.ts has a command seed a fresh folder).
    await seedDataFolder(dir);
    const env = { ...REAL_STORE, DATA_DIR: dir };

    const usage = await chooseUsername(env, "inventory");
    expect(usage.code).not.toBe(0);
    expect(usage.out).toContain("Usage: npm run staff:username -- <username> <new-username>");

    // A name it cannot take changes nothing, and says why (staff-usernames.api.test.ts has them all).
    const taken = await chooseUsername(env, "inventory", "SALES");
    expect(taken.code).not.toBe(0);
    expect(taken.out).toContain(STAFF_USERNAME_MESSAGES.taken("SALES"));
    expect(taken.out).toContain("Usernames now: inventory, sales, relations");

    const chosen = await chooseUsername(env, "inventory", "Sasmita.Das");
    expect(chosen.code).toBe(0);
    expect(chosen.out).toContain('Sasmita Das (Inventory Manager) now signs in as "sasmita.das"');
    expect((await chooseUsername(env, "RELATIONS", "ipsita_n")).code).toBe(0);

    // The password command knows members by the names they chose.
    const old = await runStaffPassword(env, "inventory", "sasmita keeps the mangoes cold");
    expect(old.code).not.toBe(0);
    expect(old.out).toContain(STAFF_USERNAME_MESSAGES.unknown("inventory"));
    expect(old.out).toContain("Usernames now: sasmita.das, sales, ipsita_n");
    const set = await runStaffPassword(env, "SASMITA.DAS", "sasmita keeps the mangoes cold");
    expect(set.code).toBe(0);
    expect(set.out).toContain("The password of sasmita.das (Sasmita Das) is set");

    // A store that will not open says whom to give a password by the name they sign in with.
    const refused = await startStore(env);
    expect(refused.listened).toBe(false);
    expect(refused.out).toContain("npm run staff:password -- sales");
    expect(refused.out).toContain("npm run staff:password -- ipsita_n");
    expect(refused.out).not.toContain("-- relations");
    expect(refused.out).not.toContain("sasmita.das");
  }, 300_000);
});
