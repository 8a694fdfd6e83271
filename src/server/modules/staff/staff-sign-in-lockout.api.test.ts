import type { AddressInfo } from "node:net";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { LIVE_TOPICS } from "../../../shared/contracts/live-topics.ts";
import {
  SIGN_IN_WARNINGS_PATH,
  signInWarningsSchema,
} from "../../../shared/contracts/sign-in-warnings.ts";
import { SIGN_IN_GUARD } from "../../../shared/rules/sign-in-guard.ts";
import { mailOutbox, staffMembers } from "../../db/schema/index.ts";
import { cookieHeaderOf, keepCookies } from "../../testing/cookie-jar.ts";
import { cookieOf, freshAddress, signUpCustomer, TEST_ORIGIN } from "../../testing/customers.ts";
import { drawnMails } from "../../testing/outbox-mail.ts";
import { REAL_STORE } from "../../testing/real-store.ts";
import {
  STAFF_SESSION_COOKIE,
  seededMember,
  signInEnrolledStaff,
  signInStaff,
} from "../../testing/staff.ts";
import { openStaffStream } from "../../testing/staff-stream.ts";
import { type TestContext, testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

// A guesser at a staff username slows down only themself; the member gets in from elsewhere, and
// from a device they signed in on before, still with their authenticator's code; every member is
// told, by email and on the dashboards.

const DEVICE_COOKIE = "fhh_staff_device";

type Answer = {
  status: number;
  body: Record<string, unknown> | null;
  retryAfter: number;
  cookies: string[];
};

function staffCalls(ctx: TestContext) {
  async function signIn(
    username: string,
    password: string,
    { from, cookie }: { from: string; cookie?: string },
  ): Promise<Answer> {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/staff/auth/sign-in/username",
      payload: { username, password },
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      remoteAddress: from,
    });
    return {
      status: response.statusCode,
      body: response.body ? response.json() : null,
      retryAfter: Number(response.headers["retry-after"]),
      cookies: [response.headers["set-cookie"] ?? []].flat(),
    };
  }

  /** Fails at `username` from `from` until `failures` wrong passwords were checked. */
  async function guess(username: string, from: string, failures: number, password = "guess") {
    for (let failed = 0; failed < failures; ) {
      const answer = await signIn(username, `${password} ${failed}`, { from });
      if (answer.status === 429) {
        vi.setSystemTime(Date.now() + answer.retryAfter * 1000);
        continue;
      }
      expect(answer.status).toBe(401);
      failed++;
    }
  }

  /** One address failing at this username, then at names no member has, past its ceiling. */
  async function hammer(username: string, from: string) {
    for (let attempt = 0; attempt < 20; attempt++) {
      expect([401, 429]).toContain((await signIn(username, `hammer ${attempt}`, { from })).status);
    }
    for (let attempt = 0; attempt <= SIGN_IN_GUARD.perAddress.max; attempt++) {
      const answer = await signIn(`nobody${attempt}`, "hammer", { from });
      expect([401, 429]).toContain(answer.status);
    }
  }

  return { signIn, guess, hammer };
}

describe.each(testDatabaseKinds)("the sign-in guard for staff on %s", (kind) => {
  const ctx = useTestApp(kind);
  const { signIn, guess, hammer } = staffCalls(ctx);
  // Only the clock is fake: it runs on as usual, and jumps ahead where a wait has to pass.
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  it("lets the member in from another address while a guesser has failed 50 times from one", async () => {
    const member = seededMember("inventory");
    const guesser = freshAddress();
    await guess("INVENTORY", guesser, 25);
    await guess("Inventory", guesser, 25);
    const held = await signIn(member.username, member.demoPassword, { from: guesser });
    expect(held.status).toBe(429);
    expect(held.body?.message).toMatch(/^Too many sign-in attempts\. Please try again in/);
    const owner = await signIn(member.username, member.demoPassword, { from: freshAddress() });
    expect(owner.status).toBe(200);
    expect(cookieOf(owner.cookies, STAFF_SESSION_COOKIE)).toBeDefined();
  });

  it("lets the member's own device through while the guesser hammers from the member's address", async () => {
    const member = seededMember("sales");
    const home = freshAddress();
    const first = await signIn(member.username, member.demoPassword, { from: home });
    expect(first.status).toBe(200);
    const line = first.cookies.find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`));
    expect(line).toMatch(/; HttpOnly/i);
    expect(line).toMatch(/; SameSite=Strict/i);
    const device = line!.split(";")[0]!;
    const value = device.slice(DEVICE_COOKIE.length + 1);

    await hammer(member.username, home);
    expect((await signIn(member.username, member.demoPassword, { from: home })).status).toBe(429);
    const owner = await signIn(member.username, member.demoPassword, {
      from: home,
      cookie: device,
    });
    expect(owner.status).toBe(200);
    expect(cookieOf(owner.cookies, STAFF_SESSION_COOKIE)).toBeDefined();

    // An edited cookie, or a customer's device cookie under the staff's name, is no device.
    const customer = await signUpCustomer(ctx.app);
    const customerSignIn = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email: customer.email, password: "green mangoes ripen" },
      headers: { origin: TEST_ORIGIN },
      remoteAddress: home,
    });
    const customerDevice = cookieOf(customerSignIn.headers["set-cookie"], "fhh_device")!;
    expect(customerDevice).toBeDefined();
    const mac = value.slice(-43);
    const forged = [
      `${DEVICE_COOKIE}=${value.slice(0, -43)}${mac[0] === "A" ? "B" : "A"}${mac.slice(1)}`,
      customerDevice.replace("fhh_device=", `${DEVICE_COOKIE}=`),
      customerDevice,
    ];
    for (const cookie of forged) {
      const refused = await signIn(member.username, member.demoPassword, { from: home, cookie });
      expect(refused.status, cookie).toBe(429);
    }
    // A device trusted by one member is not trusted for another.
    const other = seededMember("inventory");
    await hammer(other.username, home);
    expect(
      (await signIn(other.username, other.demoPassword, { from: home, cookie: device })).status,
    ).toBe(429);
  });

  it("emails every member and shows every dashboard a warning, live, at most once an hour", async () => {
    const member = seededMember("customer-relations");
    const reader = await signInStaff(ctx.app, "sales", { fresh: true });
    await ctx.app.listen({ host: "127.0.0.1", port: 0 });
    const { port } = ctx.app.server.address() as AddressInfo;
    const stream = await openStaffStream(`http://127.0.0.1:${port}`, reader);
    // Earlier tests' guessing warned about the other members.
    const warningMails = () =>
      drawnMails(
        ctx.database.db
          .select()
          .from(mailOutbox)
          .where(like(mailOutbox.subject, `Repeated failed sign-ins for ${member.username} at %`)),
      );
    const listedWarnings = async () => {
      const listed = await ctx.app.inject({
        url: SIGN_IN_WARNINGS_PATH,
        headers: { cookie: reader },
      });
      expect(listed.statusCode).toBe(200);
      return signInWarningsSchema
        .parse(listed.json())
        .warnings.filter((warning) => warning.username === member.username);
    };
    try {
      const typed = "<b>MARK-typed-by-guesser</b>";
      await guess("ReLaTiOnS", "198.51.100.23", SIGN_IN_GUARD.warnAtFailures, typed);

      const event = (await stream.waitFor(
        (sent) => (sent as { topic?: string }).topic === LIVE_TOPICS.signInWarnings,
      )) as { dashboards: string[] };
      expect(event.dashboards.sort()).toEqual(["customer-relations", "inventory", "sales"]);

      const mails = await warningMails();
      const everyone = await ctx.database.db.select().from(staffMembers);
      expect(mails.map((mail) => mail.toAddress).sort()).toEqual(
        everyone.map((one) => one.email).sort(),
      );
      for (const mail of mails) {
        expect(mail.subject).toMatch(
          new RegExp(`^Repeated failed sign-ins for ${member.username} at \\d`),
        );
        for (const part of [mail.textBody, mail.htmlBody]) {
          expect(part).toContain("198.51.100.23");
          expect(part).toContain("staff:password");
          expect(part).not.toContain("MARK-typed-by-guesser");
          expect(part).not.toContain("ReLaTiOnS");
        }
      }

      expect(await listedWarnings()).toEqual([
        expect.objectContaining({ username: member.username, address: "198.51.100.23" }),
      ]);

      // Within the hour, more failures from anywhere warn no one again.
      await guess(member.username, freshAddress(), SIGN_IN_GUARD.warnAtFailures);
      expect(await warningMails()).toHaveLength(everyone.length);
      expect(await listedWarnings()).toHaveLength(1);

      // A name no member has is nobody's account: no warning.
      await guess("no.such.member", freshAddress(), SIGN_IN_GUARD.warnAtFailures + 2);
      expect(await warningMails()).toHaveLength(everyone.length);
    } finally {
      stream.close();
    }

    // Only staff read the warnings.
    expect((await ctx.app.inject({ url: SIGN_IN_WARNINGS_PATH })).statusCode).toBe(401);
    const customer = await signUpCustomer(ctx.app);
    expect(
      (await ctx.app.inject({ url: SIGN_IN_WARNINGS_PATH, headers: { cookie: customer.cookie } }))
        .statusCode,
    ).toBe(403);
  });
});

describe.each(testDatabaseKinds)("the sign-in guard for staff with demo mode off on %s", (kind) => {
  const ctx = useTestApp(kind, REAL_STORE);
  const { signIn, hammer } = staffCalls(ctx);

  it("asks a trusted device for the authenticator's code all the same", async () => {
    const member = seededMember("inventory");
    // Enrolling signs the member in fully on this browser: it is now a device they trust.
    const enrolled = await signInEnrolledStaff(ctx.app, "inventory");
    const device = enrolled.split("; ").find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`));
    expect(device).toBeDefined();
    expect(
      await ctx.database.db
        .select({ on: staffMembers.twoFactorEnabled })
        .from(staffMembers)
        .where(eq(staffMembers.username, member.username)),
    ).toEqual([{ on: true }]);

    const home = freshAddress();
    await hammer(member.username, home);
    expect((await signIn(member.username, member.demoPassword, { from: home })).status).toBe(429);
    const trusted = await signIn(member.username, member.demoPassword, {
      from: home,
      cookie: device!,
    });
    expect(trusted.status).toBe(200);
    expect(trusted.body).toMatchObject({ twoFactorRedirect: true });
    // The password alone gives no session, and does not yet make the device trusted again.
    const pending = keepCookies(new Map(), trusted.cookies);
    expect(pending.has(STAFF_SESSION_COOKIE)).toBe(false);
    expect(pending.has(DEVICE_COOKIE)).toBe(false);
    const me = await ctx.app.inject({
      url: "/api/staff/me",
      headers: { cookie: cookieHeaderOf(pending) },
    });
    expect(me.statusCode).toBe(401);
  });
});
