// A member chooses the username they sign in with (what `npm run staff:username` runs), on a
// real database, then signs in through the store.
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { STAFF_USERNAME_MESSAGES } from "../../../shared/rules/staff-sign-in.ts";
import { auditLog, staffMembers } from "../../db/schema/index.ts";
import { freshAddress, TEST_ORIGIN } from "../../testing/customers.ts";
import { seededMember, signInStaff } from "../../testing/staff.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";
import { chooseStaffUsername, StaffUsernameProblem } from "./staff-usernames.ts";

type Ctx = ReturnType<typeof useTestApp>;

const signIn = (ctx: Ctx, username: string, password: string) =>
  ctx.app.inject({
    method: "POST",
    url: "/api/staff/auth/sign-in/username",
    payload: { username, password },
    headers: { origin: TEST_ORIGIN },
    remoteAddress: freshAddress(),
  });

const me = (ctx: Ctx, cookie: string) =>
  ctx.app.inject({ url: "/api/staff/me", headers: { cookie } });

const usernames = async (ctx: Ctx) =>
  (
    await ctx.database.db
      .select({ username: staffMembers.username })
      .from(staffMembers)
      .orderBy(asc(staffMembers.dashboard))
  ).map((row) => row.username);

async function problemOf(run: Promise<unknown>): Promise<string> {
  const error = await run.then(
    () => undefined,
    (refused: unknown) => refused,
  );
  expect(error).toBeInstanceOf(StaffUsernameProblem);
  return (error as Error).message;
}

describe.each(testDatabaseKinds)("staff choosing their username on %s", (kind) => {
  const ctx = useTestApp(kind);

  it("signs the member in with the name they chose, however cased, and no longer the old one", async () => {
    const member = seededMember("inventory");
    const open = await signInStaff(ctx.app, "inventory", { fresh: true });
    expect((await me(ctx, open)).statusCode).toBe(200);

    const chosen = await chooseStaffUsername(ctx.database.db, "Inventory", "Sasmita.Das");
    expect(chosen.username).toBe("sasmita.das");

    // Like a new password, a new username ends the sessions made before it.
    expect((await me(ctx, open)).statusCode).toBe(401);
    expect((await signIn(ctx, member.username, member.demoPassword)).statusCode).toBe(401);
    for (const spelling of ["sasmita.das", "SASMITA.DAS", "Sasmita.Das"]) {
      const answer = await signIn(ctx, spelling, member.demoPassword);
      expect(answer.statusCode).toBe(200);
      expect(answer.json().user).toMatchObject({ id: member.id, username: "sasmita.das" });
    }

    // The audit log says who, from what and to what; the member's dashboard shows it.
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "staff.rename"));
    expect(entry).toMatchObject({
      staffId: member.id,
      role: "inventory",
      targetId: member.id,
      before: { username: "inventory" },
      after: { username: "sasmita.das" },
    });
    const cookie = (await signIn(ctx, "sasmita.das", member.demoPassword)).headers["set-cookie"];
    const session = [cookie ?? []]
      .flat()
      .map((line) => line.split(";")[0])
      .join("; ");
    const audit = await ctx.app.inject({
      url: "/api/staff/inventory/audit?action=staff.rename",
      headers: { cookie: session },
    });
    expect(audit.statusCode).toBe(200);
    expect(audit.json().entries).toHaveLength(1);
  });

  describe("a name it cannot take", () => {
    let before: string[];
    beforeAll(async () => {
      before = await usernames(ctx);
    });

    it.each([
      ["ab", STAFF_USERNAME_MESSAGES.length],
      ["r".repeat(31), STAFF_USERNAME_MESSAGES.length],
      ["   ", STAFF_USERNAME_MESSAGES.length],
      ["rakesh mohanty", STAFF_USERNAME_MESSAGES.characters],
      ["rakesh-m", STAFF_USERNAME_MESSAGES.characters],
      ["rakesh@shop", STAFF_USERNAME_MESSAGES.characters],
      ["राकेश", STAFF_USERNAME_MESSAGES.characters],
      ["relations", STAFF_USERNAME_MESSAGES.taken("relations")],
      ["RELATIONS", STAFF_USERNAME_MESSAGES.taken("RELATIONS")],
      [" Relations ", STAFF_USERNAME_MESSAGES.taken("Relations")],
      ["SALES", STAFF_USERNAME_MESSAGES.unchanged("SALES")],
    ])("refuses %j for sales with a reason, changing nothing", async (wanted, message) => {
      expect(await problemOf(chooseStaffUsername(ctx.database.db, "sales", wanted))).toBe(message);
      expect(await usernames(ctx)).toEqual(before);
      expect((await me(ctx, await signInStaff(ctx.app, "sales"))).statusCode).toBe(200);
    });

    it("refuses a member nobody signs in as", async () => {
      expect(await problemOf(chooseStaffUsername(ctx.database.db, "admin", "shop.admin"))).toBe(
        STAFF_USERNAME_MESSAGES.unknown("admin"),
      );
      expect(await usernames(ctx)).toEqual(before);
    });
  });

  it("gives a name asked for by two members at once to one of them", async () => {
    const answers = await Promise.allSettled([
      chooseStaffUsername(ctx.database.db, "sales", "front.desk"),
      chooseStaffUsername(ctx.database.db, "relations", "Front.Desk"),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = answers.find((answer) => answer.status === "rejected")!;
    expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(StaffUsernameProblem);
    expect((refused as PromiseRejectedResult).reason.message).toMatch(/belongs to another staff/);
    expect((await usernames(ctx)).filter((name) => name === "front.desk")).toHaveLength(1);
  });
});
