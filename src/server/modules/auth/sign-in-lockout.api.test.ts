import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { errorBodySchema } from "../../../shared/contracts/errors.ts";
import { SIGN_IN_GUARD } from "../../../shared/rules/sign-in-guard.ts";
import { buildApp } from "../../app.ts";
import { rowsOf } from "../../db/client.ts";
import { mailOutbox } from "../../db/schema/index.ts";
import { cookieOf, freshAddress, TEST_ORIGIN } from "../../testing/customers.ts";
import { drawnMails } from "../../testing/outbox-mail.ts";
import { testConfig, testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

// A guesser at one account slows down only themself: the owner signs in from anywhere else, and
// from a device they signed in on before even behind the guesser's own address.

const PASSWORD = "green mangoes ripen";
const DEVICE_COOKIE = "fhh_device";
const WARNING_SUBJECT = "Failed sign-ins to your Fresh Harvest Hub account";
let accounts = 0;
const newEmail = () => `owner${Date.now()}${++accounts}@example.in`;

type Answer = { status: number; body: unknown; retryAfter: number; device: string | undefined };

describe.each(testDatabaseKinds)("the sign-in guard for customers on %s", (kind) => {
  const ctx = useTestApp(kind);
  // Only the clock is fake: it runs on as usual, and jumps ahead where a wait has to pass.
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
  });
  afterAll(() => {
    vi.useRealTimers();
  });
  const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

  async function signIn(
    email: string,
    password: string,
    { from, cookie, app = ctx.app }: { from: string; cookie?: string; app?: typeof ctx.app },
  ): Promise<Answer> {
    const response = await app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email, password },
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      remoteAddress: from,
    });
    return {
      status: response.statusCode,
      body: response.body ? response.json() : null,
      retryAfter: Number(response.headers["retry-after"]),
      device: cookieOf(response.headers["set-cookie"], DEVICE_COOKIE),
    };
  }

  async function newAccount(): Promise<string> {
    const email = newEmail();
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      payload: { name: "Asha Das", email, password: PASSWORD },
      headers: { origin: TEST_ORIGIN },
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode).toBe(200);
    return email;
  }

  /** The owner signs in at `from` and keeps the device cookie the store gives. */
  async function trustedDevice(email: string, from: string): Promise<string> {
    const answer = await signIn(email, PASSWORD, { from });
    expect(answer.status).toBe(200);
    expect(answer.device).toBeDefined();
    return answer.device!;
  }

  function expectRefused(answer: Answer, message: RegExp) {
    expect(answer.status).toBe(429);
    const body = errorBodySchema.parse(answer.body);
    expect(body.code).toBe("RATE_LIMITED");
    expect(body.message).toMatch(message);
    expect(answer.retryAfter).toBeGreaterThan(0);
  }

  /** Fails at `email` from `from` until `failures` wrong passwords were checked, waiting as told. */
  async function guess(
    email: string,
    from: string,
    failures: number,
    { password = "a wrong guess", cookie }: { password?: string; cookie?: string } = {},
  ) {
    const waits: number[] = [];
    for (let failed = 0; failed < failures; ) {
      const answer = await signIn(email, `${password} ${failed}`, { from, cookie });
      if (answer.status === 429) {
        waits.push(answer.retryAfter);
        later(answer.retryAfter * 1000);
        continue;
      }
      expect(answer.status).toBe(401);
      failed++;
    }
    return waits;
  }

  const warnings = (to: string) =>
    drawnMails(
      ctx.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.subject, WARNING_SUBJECT))),
    );

  it("lets the owner in from another address while a guesser has failed 50 times from one", async () => {
    const email = await newAccount();
    const guesser = freshAddress();
    const waits = await guess(email, guesser, 50);
    // The guesser waits longer and longer, up to the cap, and is still held back now...
    expect(Math.max(...waits)).toBe(SIGN_IN_GUARD.maxDelayMs / 1000);
    expectRefused(await signIn(email, PASSWORD, { from: guesser }), /^Too many sign-in attempts/);
    // ...while the owner, from anywhere else, gets straight in.
    expect((await signIn(email, PASSWORD, { from: freshAddress() })).status).toBe(200);
  });

  it("slows the guesser down: each failure past the fifth doubles the wait, told in Retry-After", async () => {
    const email = await newAccount();
    const guesser = freshAddress();
    await guess(email, guesser, SIGN_IN_GUARD.freeFailures);
    const waits: number[] = [];
    for (let step = 0; step < 4; step++) {
      // The right password waits too: the wait is the guesser's, not the password's.
      const refused = await signIn(email, PASSWORD, { from: guesser });
      expectRefused(refused, /^Too many sign-in attempts\. Please try again in \d+ seconds?\.$/);
      waits.push(refused.retryAfter);
      later(refused.retryAfter * 1000);
      expect((await signIn(email, "still wrong", { from: guesser })).status).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    expect(
      errorBodySchema.parse((await signIn(email, PASSWORD, { from: guesser })).body).message,
    ).toBe("Too many sign-in attempts. Please try again in 16 seconds.");
  });

  it("counts an IPv6 guesser by its /64 and an IPv4 one however it is spelt", async () => {
    const email = await newAccount();
    // Enough failures that the guesser waits half a minute.
    await guess(email, "2001:db8:40:7::1", SIGN_IN_GUARD.freeFailures + 5);
    // Another address in the same /64, spelt out in full: the same client, still waiting.
    for (const from of ["2001:db8:40:7::ffff", "2001:0db8:0040:0007:0000:0000:0000:0002"]) {
      expectRefused(await signIn(email, PASSWORD, { from }), /^Too many sign-in attempts/);
    }
    // The owner in the next /64 gets in.
    expect((await signIn(email, PASSWORD, { from: "2001:db8:40:8::1" })).status).toBe(200);

    const other = await newAccount();
    await guess(other, "198.51.100.40", SIGN_IN_GUARD.freeFailures + 5);
    expectRefused(
      await signIn(other, PASSWORD, { from: "::ffff:198.51.100.40" }),
      /^Too many sign-in attempts/,
    );
    expect((await signIn(other, PASSWORD, { from: "198.51.100.41" })).status).toBe(200);
  });

  it("counts guesses sent all at once: only the ones the wait allows are checked", async () => {
    const email = await newAccount();
    const guesser = freshAddress();
    await guess(email, guesser, SIGN_IN_GUARD.freeFailures - 1);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, at) => signIn(email, `all at once ${at}`, { from: guesser })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([401, 429, 429, 429, 429, 429]);
  });

  it("does not count a right password as a failure, and a right one clears the client's failures", async () => {
    const email = await newAccount();
    const home = freshAddress();
    for (let signIns = 0; signIns < 20; signIns++) {
      expect((await signIn(email, PASSWORD, { from: home })).status).toBe(200);
    }
    for (let round = 0; round < 3; round++) {
      await guess(email, home, SIGN_IN_GUARD.freeFailures - 1);
      expect((await signIn(email, PASSWORD, { from: home })).status).toBe(200);
    }
  });

  it("lets a device the owner signed in on through while the guesser hammers from the owner's own address", async () => {
    const email = await newAccount();
    const home = freshAddress();
    const device = await trustedDevice(email, home);
    // The guesser shares the owner's address: hammering this account, then account after account.
    for (let attempt = 0; attempt < 40; attempt++) {
      expect([401, 429]).toContain(
        (await signIn(email, `guess ${attempt}`, { from: home })).status,
      );
    }
    for (let attempt = 0; attempt <= SIGN_IN_GUARD.perAddress.max; attempt++) {
      expect([401, 429]).toContain((await signIn(newEmail(), "guess", { from: home })).status);
    }
    expectRefused(await signIn(newEmail(), "guess", { from: home }), /^Too many sign-in attempts/);
    expectRefused(await signIn(email, PASSWORD, { from: home }), /^Too many sign-in attempts/);
    // The owner's browser carries its device cookie, and gets in.
    const owner = await signIn(email, PASSWORD, { from: home, cookie: device });
    expect(owner.status).toBe(200);
    // The owner mistyping on it is slowed down on that device, like any other client.
    for (let slip = 0; slip < SIGN_IN_GUARD.freeFailures; slip++) {
      const answer = await signIn(email, "a slip", { from: home, cookie: device });
      expect(answer.status).toBe(401);
    }
    expectRefused(
      await signIn(email, PASSWORD, { from: home, cookie: device }),
      /^Too many sign-in attempts\. Please try again in 1 second\.$/,
    );
  });

  it("trusts only a cookie it signed, for the account that signed in on it", async () => {
    const email = await newAccount();
    const home = freshAddress();
    const first = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email, password: PASSWORD },
      headers: { origin: TEST_ORIGIN },
      remoteAddress: home,
    });
    const line = [first.headers["set-cookie"] ?? []]
      .flat()
      .find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`))!;
    expect(line).toMatch(/; HttpOnly/i);
    expect(line).toMatch(/; SameSite=Strict/i);
    expect(line).toMatch(/; Path=\//i);
    expect(line).toMatch(/; Max-Age=31536000/i);
    const device = line.split(";")[0]!;
    const value = device.slice(DEVICE_COOKIE.length + 1);

    // The guesser's own account, signed in on the guesser's browser: a device it trusts...
    const guesserEmail = await newAccount();
    const guesserDevice = await trustedDevice(guesserEmail, home);
    // Enough failures that this address waits minutes at the account.
    await guess(email, home, 12);

    const flip = (text: string, at: number) =>
      `${text.slice(0, at)}${text[at] === "A" ? "B" : "A"}${text.slice(at + 1)}`;
    const [id, issued, tags, mac] = value.split(".") as [string, string, string, string];
    const forged = [
      // ...is trusted for no other account,
      guesserDevice,
      // nor is one whose signature, device, date or accounts were edited,
      `${DEVICE_COOKIE}=${id}.${issued}.${tags}.${flip(mac, 5)}`,
      `${DEVICE_COOKIE}=${flip(id, 3)}.${issued}.${tags}.${mac}`,
      `${DEVICE_COOKIE}=${id}.${Number(issued) + 60}.${tags}.${mac}`,
      `${DEVICE_COOKIE}=${id}.${issued}.${tags}~${tags}.${mac}`,
      // one made up, or one for the staff's sign-in.
      `${DEVICE_COOKIE}=${"A".repeat(22)}.${issued}.${"B".repeat(16)}.${"C".repeat(43)}`,
      `fhh_staff_device=${value}`,
    ];
    for (const cookie of forged) {
      expectRefused(await signIn(email, PASSWORD, { from: home, cookie }), /^Too many sign-in/);
    }
    expect((await signIn(email, PASSWORD, { from: home, cookie: device })).status).toBe(200);

    // A year after its last sign-in the device is trusted no more.
    later(SIGN_IN_GUARD.trustedDeviceMs);
    await guess(email, home, 12);
    expectRefused(
      await signIn(email, PASSWORD, { from: home, cookie: device }),
      /^Too many sign-in/,
    );
  });

  it("closes an account guessed at from many addresses to every device but a trusted one", async () => {
    const email = await newAccount();
    const device = await trustedDevice(email, freshAddress());
    const { max } = SIGN_IN_GUARD.perAccount;
    for (let failed = 0; failed < max; failed += SIGN_IN_GUARD.freeFailures) {
      await guess(email, freshAddress(), SIGN_IN_GUARD.freeFailures);
    }
    expectRefused(
      await signIn(email, PASSWORD, { from: freshAddress() }),
      /^Too many sign-in attempts\. Please try again in 1[45] minutes\.$/,
    );
    expect((await signIn(email, PASSWORD, { from: freshAddress(), cookie: device })).status).toBe(
      200,
    );
    // Once the window ends the owner gets in from anywhere again.
    later(SIGN_IN_GUARD.perAccount.windowMs);
    expect((await signIn(email, PASSWORD, { from: freshAddress() })).status).toBe(200);
  });

  it("emails the owner once an hour about repeated failures, repeating nothing the guesser typed", async () => {
    const email = await newAccount();
    const guesser = "203.0.113.77";
    const typed = "<b>MARK-typed-by-guesser</b>";
    await guess(email.toUpperCase(), guesser, SIGN_IN_GUARD.warnAtFailures - 1, {
      password: typed,
    });
    expect(await warnings(email)).toHaveLength(0);
    await guess(email, guesser, 1, { password: typed });
    const [mail, ...more] = await warnings(email);
    expect(more).toHaveLength(0);
    for (const part of [mail!.textBody, mail!.htmlBody]) {
      expect(part).toContain("203.0.113.77");
      expect(part).toContain("/forgot-password");
      expect(part).not.toContain("MARK-typed-by-guesser");
      expect(part).not.toContain(email.toUpperCase());
    }
    expect(mail!.textBody).toMatch(/If it was not you, choose a new password/);

    // More failures within the hour, from anywhere: no more mail.
    await guess(email, freshAddress(), SIGN_IN_GUARD.warnAtFailures, { password: typed });
    await guess(email, guesser, 3, { password: typed });
    expect(await warnings(email)).toHaveLength(1);
    // An hour on, a new run of failures warns again.
    later(SIGN_IN_GUARD.warnEveryMs);
    await guess(email, freshAddress(), SIGN_IN_GUARD.warnAtFailures, { password: typed });
    expect(await warnings(email)).toHaveLength(2);

    // Failures at an address with no account mail nobody.
    const nobody = newEmail();
    await guess(nobody, freshAddress(), SIGN_IN_GUARD.warnAtFailures + 2);
    expect(
      await drawnMails(
        ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, nobody)),
      ),
    ).toHaveLength(0);
  });

  it.runIf(kind === "postgres")(
    "holds across instances sharing the database, which keeps no email address",
    async () => {
      const other = await buildApp({
        config: testConfig(),
        database: ctx.database,
        logger: false,
      });
      await other.ready();
      try {
        const email = await newAccount();
        const guesser = freshAddress();
        for (let attempt = 0; attempt < SIGN_IN_GUARD.freeFailures; attempt++) {
          const app = attempt % 2 === 0 ? ctx.app : other;
          expect((await signIn(email, "wrong", { from: guesser, app })).status).toBe(401);
        }
        expect((await signIn(email, PASSWORD, { from: guesser, app: other })).status).toBe(429);
        expect((await signIn(email, PASSWORD, { from: guesser })).status).toBe(429);
        expect((await signIn(email, PASSWORD, { from: freshAddress(), app: other })).status).toBe(
          200,
        );
        const keys = rowsOf<{ key: string }>(
          await ctx.database.db.execute(
            sql`select key from rate_limits where key like 'sign-in:%'`,
          ),
        ).map((row) => row.key);
        expect(keys.length).toBeGreaterThan(0);
        expect(keys.filter((key) => key.includes("@"))).toEqual([]);
      } finally {
        await other.close();
      }
    },
  );
});
