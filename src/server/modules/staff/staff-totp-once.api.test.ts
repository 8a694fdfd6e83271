// An authenticator code opens one session: not a second one in its 30 seconds, not an earlier
// code still inside the window once a later one was taken, not two at once.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { StaffRole } from "../../../shared/rules/staff.ts";
import { STAFF_TWO_FACTOR_MESSAGES } from "../../../shared/rules/staff-sign-in.ts";
import { staffSessions } from "../../db/schema/index.ts";
import { type CookieJar, cookieHeaderOf, keepCookies } from "../../testing/cookie-jar.ts";
import { cookieOf, freshAddress, TEST_ORIGIN } from "../../testing/customers.ts";
import { REAL_STORE } from "../../testing/real-store.ts";
import {
  enrolStaff,
  STAFF_SESSION_COOKIE,
  seededMember,
  startStaffSignIn,
} from "../../testing/staff.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";
import { totpCodeOfStep } from "../../testing/totp.ts";

type Ctx = ReturnType<typeof useTestApp>;

/** The code step of a sign-in waiting in `jar`; the jar keeps what the answer sets. */
async function enterCode(ctx: Ctx, jar: CookieJar, code: string) {
  const answer = await ctx.app.inject({
    method: "POST",
    url: "/api/staff/auth/two-factor/verify-totp",
    payload: { code },
    headers: { origin: TEST_ORIGIN, cookie: cookieHeaderOf(jar) },
    remoteAddress: freshAddress(),
  });
  keepCookies(jar, answer.headers["set-cookie"]);
  return {
    status: answer.statusCode,
    message: answer.json().message as string | undefined,
    session: cookieOf(answer.headers["set-cookie"], STAFF_SESSION_COOKIE),
  };
}

const sessionsOf = async (ctx: Ctx, role: StaffRole) =>
  (
    await ctx.database.db
      .select({ id: staffSessions.id })
      .from(staffSessions)
      .where(eq(staffSessions.userId, seededMember(role).id))
  ).length;

describe.each(testDatabaseKinds)("staff authenticator codes used once on %s", (kind) => {
  const ctx = useTestApp(kind, REAL_STORE);

  it("refuses the enrolment's code and a sign-in's code the second time, and takes the next one", async () => {
    const { secret, step } = await enrolStaff(ctx.app, "inventory");

    // The code that just enrolled the authenticator signs nobody in.
    const pending = await startStaffSignIn(ctx.app, "inventory");
    const enrolmentCode = await enterCode(ctx, pending, totpCodeOfStep(secret, step));
    expect(enrolmentCode.status).toBe(401);
    expect(enrolmentCode.message).toBe(STAFF_TWO_FACTOR_MESSAGES.usedCode);
    expect(enrolmentCode.session).toBeUndefined();

    // The next step's code does, on the same waiting sign-in.
    const next = await enterCode(ctx, pending, totpCodeOfStep(secret, step + 1));
    expect(next.status).toBe(200);
    expect(next.session).toBeDefined();

    // The same code again, within its 30 seconds, from a new sign-in with the right password.
    const again = await startStaffSignIn(ctx.app, "inventory");
    const replay = await enterCode(ctx, again, totpCodeOfStep(secret, step + 1));
    expect(replay.status).toBe(401);
    expect(replay.message).toBe(STAFF_TWO_FACTOR_MESSAGES.usedCode);
    expect(replay.session).toBeUndefined();
    expect(cookieHeaderOf(again)).not.toContain(STAFF_SESSION_COOKIE);
  });

  it("gives one session when one code is sent twice at once", async () => {
    const { secret, step } = await enrolStaff(ctx.app, "sales");
    const first = await startStaffSignIn(ctx.app, "sales");
    const second = await startStaffSignIn(ctx.app, "sales");
    const before = await sessionsOf(ctx, "sales");

    const code = totpCodeOfStep(secret, step + 1);
    const answers = await Promise.all([enterCode(ctx, first, code), enterCode(ctx, second, code)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
    expect(answers.filter((answer) => answer.session)).toHaveLength(1);
    expect(answers.find((answer) => answer.status === 401)!.message).toBe(
      STAFF_TWO_FACTOR_MESSAGES.usedCode,
    );
    expect(await sessionsOf(ctx, "sales")).toBe(before + 1);
  });

  it("refuses an earlier code still inside the window once a later one was taken", async () => {
    // Enrolled with the previous step's code, which the window still accepts.
    const { secret, step } = await enrolStaff(ctx.app, "customer-relations", {
      step: (current) => current - 1,
    });
    const current = step + 1;

    const later = await enterCode(
      ctx,
      await startStaffSignIn(ctx.app, "customer-relations"),
      totpCodeOfStep(secret, current + 1),
    );
    expect(later.status).toBe(200);
    expect(later.session).toBeDefined();

    // The current step's code was never used, but a later one was.
    const earlier = await enterCode(
      ctx,
      await startStaffSignIn(ctx.app, "customer-relations"),
      totpCodeOfStep(secret, current),
    );
    expect(earlier.status).toBe(401);
    expect(earlier.message).toBe(STAFF_TWO_FACTOR_MESSAGES.usedCode);
    expect(earlier.session).toBeUndefined();
  });
});
