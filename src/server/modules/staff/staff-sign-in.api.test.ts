import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { SIGN_IN_GUARD } from "../../../shared/rules/sign-in-guard.ts";
import type { StaffRole } from "../../../shared/rules/staff.ts";
import { mailOutbox, staffMembers, staffSessions, users } from "../../db/schema/index.ts";
import { cookieHeaderOf, keepCookies } from "../../testing/cookie-jar.ts";
import { cookieOf, freshAddress, signUpCustomer, TEST_ORIGIN } from "../../testing/customers.ts";
import { REAL_STORE } from "../../testing/real-store.ts";
import { STAFF_SESSION_COOKIE, seededMember, signInStaff } from "../../testing/staff.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";
import { totpCode, totpCodeOfStep, totpSecretOf, totpStepAt } from "../../testing/totp.ts";
import { STAFF_MEMBERS } from "./staff-members.ts";

type Ctx = ReturnType<typeof useTestApp>;

function post(ctx: Ctx, url: string, payload: unknown, cookie?: string, address = freshAddress()) {
  return ctx.app.inject({
    method: "POST",
    url,
    payload: payload as Record<string, unknown>,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    remoteAddress: address,
  });
}

const signIn = (ctx: Ctx, username: string, password: string, address?: string) =>
  post(ctx, "/api/staff/auth/sign-in/username", { username, password }, undefined, address);

const me = (ctx: Ctx, cookie?: string) =>
  ctx.app.inject({ url: "/api/staff/me", headers: cookie ? { cookie } : {} });

describe.each(testDatabaseKinds)("staff sign-in on %s", (kind) => {
  const ctx = useTestApp(kind);

  it.each(STAFF_MEMBERS.map((member) => member.role))(
    "signs the %s member in to their own dashboard",
    async (role: StaffRole) => {
      const cookie = await signInStaff(ctx.app, role);
      const answer = await me(ctx, cookie);
      expect(answer.statusCode).toBe(200);
      expect(answer.json().member).toMatchObject({
        role,
        dashboard: seededMember(role).dashboard,
        name: seededMember(role).name,
      });
      expect(answer.json().twoFactorRequired).toBe(false);
    },
  );

  it("lists the demo sign-ins for the /admin hint", async () => {
    const site = (await ctx.app.inject({ url: "/api/site" })).json();
    expect(site.staffHint).toEqual(
      STAFF_MEMBERS.map((member) =>
        expect.objectContaining({ username: member.username, password: member.demoPassword }),
      ),
    );
  });

  it("refuses a wrong password and an unknown username alike, without a session", async () => {
    for (const [username, password] of [
      ["inventory", "not-the-password"],
      ["nobody", "harvest-inventory"],
    ] as const) {
      const answer = await signIn(ctx, username, password);
      expect(answer.statusCode).toBe(401);
      expect(cookieOf(answer.headers["set-cookie"], STAFF_SESSION_COOKIE)).toBeUndefined();
    }
  });

  it("answers 401 without a session and 403 to a signed-in customer", async () => {
    expect((await me(ctx)).statusCode).toBe(401);
    const customer = await signUpCustomer(ctx.app);
    expect((await me(ctx, customer.cookie)).statusCode).toBe(403);
  });

  it("keeps staff and customer sessions apart", async () => {
    const staff = await signInStaff(ctx.app, "sales");
    const session = await ctx.app.inject({
      url: "/api/auth/get-session",
      headers: { cookie: staff },
    });
    expect(session.json()).toBeNull();
    // A customer's cookie renamed as a staff cookie is no staff session either.
    const customer = await signUpCustomer(ctx.app);
    const renamed = customer.cookie.replace("fhh.session_token", STAFF_SESSION_COOKIE);
    expect((await me(ctx, renamed)).statusCode).toBe(401);
  });

  it("lets no customer endpoint make or reach a staff member", async () => {
    // Sign-up ignores fields that would make a member.
    const email = `would-be-staff.${Date.now()}@example.in`;
    const signUp = await post(ctx, "/api/auth/sign-up/email", {
      name: "Would Be",
      email,
      password: "green mangoes ripen",
      role: "inventory",
      username: "inventory",
      dashboard: 1,
    });
    expect([200, 400]).toContain(signUp.statusCode);
    const cookie = cookieOf(signUp.headers["set-cookie"], "fhh.session_token");
    if (cookie) expect((await me(ctx, cookie)).statusCode).toBe(403);
    const members = await ctx.database.db.select().from(staffMembers);
    expect(members.map((member) => member.username).sort()).toEqual([
      "inventory",
      "relations",
      "sales",
    ]);

    // A member's address and password mean nothing to the customers' sign-in.
    const member = seededMember("inventory");
    const customerSignIn = await post(ctx, "/api/auth/sign-in/email", {
      email: member.email,
      password: member.demoPassword,
    });
    expect(customerSignIn.statusCode).toBe(401);
    expect(
      await ctx.database.db.select().from(users).where(eq(users.email, member.email)),
    ).toHaveLength(0);

    // The public forgot-password flow sends a member nothing.
    const reset = await post(ctx, "/api/auth/email-otp/request-password-reset", {
      email: member.email,
    });
    expect(reset.statusCode).toBe(200);
    expect(
      await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, member.email)),
    ).toHaveLength(0);
  });

  it.each([
    "/api/staff/auth/sign-in/email",
    "/api/staff/auth/sign-up/email",
    "/api/staff/auth/update-user",
    "/api/staff/auth/change-password",
    "/api/staff/auth/request-password-reset",
    "/api/staff/auth/reset-password",
    "/api/staff/auth/sign-in/social",
    "/api/staff/auth/two-factor/disable",
    "/api/staff/auth/is-username-available",
  ])("has no %s", async (url) => {
    const cookie = await signInStaff(ctx.app, "inventory");
    const answer = await post(
      ctx,
      url,
      {
        email: seededMember("inventory").email,
        password: "harvest-inventory",
        newPassword: "another-password-1",
        name: "Renamed",
        username: "inventory",
        provider: "google",
      },
      cookie,
    );
    expect(answer.statusCode).toBe(404);
  });

  it("slows guesses at a username from one address, however it is spelt, and no one else", async () => {
    // The clock stands still, so the guesser's wait does not run out mid-test.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const member = seededMember("customer-relations");
      const spellings = [member.username, member.username.toUpperCase(), "Relations"];
      const guesser = freshAddress();
      let refused = 0;
      for (let guess = 0; guess < 12; guess++) {
        const answer = await signIn(ctx, spellings[guess % 3]!, `wrong-guess-${guess}`, guesser);
        if (answer.statusCode === 429) refused++;
        else expect(answer.statusCode).toBe(401);
      }
      // Five failures, then a wait at every try (sign-in-guard.ts), whichever spelling.
      expect(refused).toBe(12 - SIGN_IN_GUARD.freeFailures);
      const right = await signIn(ctx, member.username, member.demoPassword, guesser);
      expect(right.statusCode).toBe(429);
      expect(right.json().message).toBe("Too many sign-in attempts. Please try again in 1 second.");
      // The member signs in from anywhere else, and another member from the guesser's address.
      expect((await signIn(ctx, member.username, member.demoPassword)).statusCode).toBe(200);
      expect((await signIn(ctx, "sales", "harvest-sales", guesser)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it("ends a session after 30 idle minutes and never extends it past 12 hours", async () => {
    const cookie = await signInStaff(ctx.app, "inventory", { fresh: true });
    const token = decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!;
    const where = eq(staffSessions.token, token);
    // Active 5 minutes ago: still signed in, and the last-seen time moves on.
    await ctx.database.db
      .update(staffSessions)
      .set({ updatedAt: sql`now() - interval '5 minutes'` })
      .where(where);
    expect((await me(ctx, cookie)).statusCode).toBe(200);
    const [touched] = await ctx.database.db.select().from(staffSessions).where(where);
    expect(Date.now() - touched!.updatedAt.getTime()).toBeLessThan(60_000);
    // Idle for 31 minutes: gone for good.
    await ctx.database.db
      .update(staffSessions)
      .set({ updatedAt: sql`now() - interval '31 minutes'` })
      .where(where);
    expect((await me(ctx, cookie)).statusCode).toBe(401);
    expect(await ctx.database.db.select().from(staffSessions).where(where)).toHaveLength(0);

    // Busy all day, but 12 hours after sign-in it ends.
    const busy = await signInStaff(ctx.app, "inventory", { fresh: true });
    const busyToken = decodeURIComponent(busy.split("=")[1]!).split(".")[0]!;
    const [session] = await ctx.database.db
      .select()
      .from(staffSessions)
      .where(eq(staffSessions.token, busyToken));
    const lasts = session!.expiresAt.getTime() - session!.createdAt.getTime();
    expect(Math.abs(lasts - 12 * 60 * 60 * 1000)).toBeLessThan(1000);
    await ctx.database.db
      .update(staffSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(staffSessions.token, busyToken));
    expect((await me(ctx, busy)).statusCode).toBe(401);
  });
});

describe.each(testDatabaseKinds)("staff second factor with demo mode off on %s", (kind) => {
  const ctx = useTestApp(kind, REAL_STORE);

  it("publishes no staff hint", async () => {
    expect((await ctx.app.inject({ url: "/api/site" })).json().staffHint).toBeUndefined();
  });

  it("makes a member enrol an authenticator first, then asks for its code at every sign-in", async () => {
    const member = seededMember("sales");
    const jar = new Map<string, string>();
    const first = await signIn(ctx, member.username, member.demoPassword);
    expect(first.statusCode).toBe(200);
    keepCookies(jar, first.headers["set-cookie"]);
    const before = await me(ctx, cookieHeaderOf(jar));
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      twoFactorRequired: true,
      member: { twoFactorEnabled: false },
    });

    const enable = await post(
      ctx,
      "/api/staff/auth/two-factor/enable",
      { password: member.demoPassword },
      cookieHeaderOf(jar),
    );
    expect(enable.statusCode).toBe(200);
    keepCookies(jar, enable.headers["set-cookie"]);
    const secret = totpSecretOf(enable.json().totpURI);
    const wrong = await post(
      ctx,
      "/api/staff/auth/two-factor/verify-totp",
      { code: "000000" },
      cookieHeaderOf(jar),
    );
    expect(wrong.statusCode).toBe(401);
    const enrolledAt = totpStepAt();
    const confirm = await post(
      ctx,
      "/api/staff/auth/two-factor/verify-totp",
      { code: totpCodeOfStep(secret, enrolledAt) },
      cookieHeaderOf(jar),
    );
    expect(confirm.statusCode).toBe(200);
    keepCookies(jar, confirm.headers["set-cookie"]);
    expect((await me(ctx, cookieHeaderOf(jar))).json().member.twoFactorEnabled).toBe(true);

    // The next sign-in: the password alone gives no session.
    const again = await signIn(ctx, member.username, member.demoPassword);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ twoFactorRedirect: true });
    const pending = keepCookies(new Map(), again.headers["set-cookie"]);
    expect(pending.has(STAFF_SESSION_COOKIE)).toBe(false);
    // "Trust this device" is not offered.
    const trusting = await post(
      ctx,
      "/api/staff/auth/two-factor/verify-totp",
      { code: totpCode(secret), trustDevice: true },
      cookieHeaderOf(pending),
    );
    expect(trusting.statusCode).toBe(400);
    // Each code opens one session: the enrolment's is spent, the next step's is not.
    const second = await post(
      ctx,
      "/api/staff/auth/two-factor/verify-totp",
      { code: totpCodeOfStep(secret, enrolledAt + 1) },
      cookieHeaderOf(pending),
    );
    expect(second.statusCode).toBe(200);
    keepCookies(pending, second.headers["set-cookie"]);
    expect((await me(ctx, cookieHeaderOf(pending))).json().member.role).toBe("sales");
  });
});
