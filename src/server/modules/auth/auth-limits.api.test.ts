import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { errorBodySchema } from "../../../shared/contracts/errors.ts";
import { RESEND_SECONDS } from "../../../shared/rules/account-forms.ts";
import { SIGN_IN_GUARD } from "../../../shared/rules/sign-in-guard.ts";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { rowsOf } from "../../db/client.ts";
import { newestMailTo } from "../../testing/outbox-mail.ts";
import { spellingsOf } from "../../testing/path-spellings.ts";
import { type RawAnswer, rawRequest } from "../../testing/raw-http.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";
import { AUTH_LIMITS, type AuthAction } from "./auth-limits.ts";

const ORIGIN = "http://localhost:3000";
const PASSWORD = "green mangoes ripen";
const NEW_PASSWORD = "a brand new password";
let counter = 0;
const newEmail = () => `limited${Date.now()}${++counter}@example.in`;

/** The one limit of an action counted per account (the longest, for code requests) or address. */
function limitOf(action: AuthAction, per: "account" | "address") {
  const limits = AUTH_LIMITS[action].limits.filter((limit) => limit.per === per);
  return limits.reduce((longest, limit) => (limit.windowMs > longest.windowMs ? limit : longest));
}

describe.each(testDatabaseKinds)("limits on sign-in, sign-up and codes on %s", (kind) => {
  const ctx = useTestApp(kind);
  // Only the clock is fake: it runs on as usual, and jumps ahead where a window has to end.
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
  });
  afterAll(() => {
    vi.useRealTimers();
  });
  const later = (ms: number) => vi.setSystemTime(Date.now() + ms + 1000);

  let address = 0;
  const newAddress = () => `10.40.${Math.floor(++address / 250)}.${address % 250}`;

  async function post(path: string, payload: object, from = newAddress()) {
    const response = await ctx.app.inject({
      method: "POST",
      url: `/api/auth${path}`,
      payload,
      headers: { origin: ORIGIN },
      remoteAddress: from,
    });
    return {
      status: response.statusCode,
      body: response.body ? response.json() : null,
      retryAfter: Number(response.headers["retry-after"]),
    };
  }
  const signUp = (email: string, from?: string) =>
    post("/sign-up/email", { name: "Asha Das", email, password: PASSWORD }, from);
  const signIn = (email: string, password: string, from?: string) =>
    post("/sign-in/email", { email, password }, from);
  const askResetCode = (email: string, from?: string) =>
    post("/email-otp/request-password-reset", { email }, from);
  async function resetCode(email: string) {
    const mail = await newestMailTo(ctx.database.db, email);
    return /\b(\d{6})\b/.exec(mail!.textBody)![1]!;
  }
  function expectRefused(answer: { status: number; body: unknown }, message: RegExp) {
    expect(answer.status).toBe(429);
    const body = errorBodySchema.parse(answer.body);
    expect(body.code).toBe("RATE_LIMITED");
    expect(body.message).toMatch(message);
  }

  // The embedded database counts in memory, in a store that forgets its least recently used keys.
  it.runIf(kind === "pglite")(
    "keeps an account's count however many other accounts one address names",
    async () => {
      const email = newEmail();
      const check = (to: string, from?: string) =>
        post("/email-otp/verify-email", { email: to, otp: "123456" }, from);
      const { max } = limitOf("codeCheck", "account");
      for (let attempt = 0; attempt < max; attempt++) {
        expect((await check(email)).status).toBe(400);
      }
      const attacker = newAddress();
      for (let batch = 0; batch < 52; batch++) {
        await Promise.all(
          Array.from({ length: 100 }, (_, i) =>
            check(`other${batch}-${i}-${newEmail()}`, attacker),
          ),
        );
      }
      expectRefused(await check(email), /Too many code attempts/);
    },
    60_000,
  );

  // Sign-in counts failures per account and client instead (sign-in-lockout.api.test.ts); its
  // ceiling per address still holds one client trying account after account.
  it("holds one address failing at account after account, and no other address", async () => {
    const email = newEmail();
    expect((await signUp(email)).status).toBe(200);
    const { max, windowMs } = SIGN_IN_GUARD.perAddress;
    const from = newAddress();
    for (let attempt = 0; attempt < max; attempt++) {
      expect((await signIn(newEmail(), "not the password", from)).status).toBe(401);
    }
    expectRefused(
      await signIn(email, PASSWORD, from),
      /^Too many sign-in attempts\. Please try again in 1[45] minutes\.$/,
    );
    expect((await signIn(email, PASSWORD, newAddress())).status).toBe(200);
    later(windowMs);
    expect((await signIn(email, PASSWORD, from)).status).toBe(200);
  });

  it("limits signing one email up again, from any address", async () => {
    const email = newEmail();
    const { max, windowMs } = limitOf("signUp", "account");
    expect((await signUp(email)).status).toBe(200);
    for (let attempt = 1; attempt < max; attempt++) {
      expect((await signUp(email)).status).toBe(422);
    }
    expectRefused(
      await signUp(email.toUpperCase()),
      /^Too many sign-up attempts\. Please try again in \d+ minutes\.$/,
    );
    later(windowMs);
    expect((await signUp(email)).status).toBe(422);
  });

  it("limits sign-ups from one address", async () => {
    const { max, windowMs } = limitOf("signUp", "address");
    const from = newAddress();
    for (let attempt = 0; attempt < max; attempt++) {
      expect((await signUp(newEmail(), from)).status).toBe(200);
    }
    expectRefused(await signUp(newEmail(), from), /^Too many sign-up attempts\./);
    expect((await signUp(newEmail(), newAddress())).status).toBe(200);
    later(windowMs);
    expect((await signUp(newEmail(), from)).status).toBe(200);
  });

  it("sends one code per email every 30 s, and only so many an hour", async () => {
    const email = newEmail();
    const { max, windowMs } = limitOf("codeRequest", "account");
    for (let request = 0; request < max; request++) {
      expect((await askResetCode(email)).status).toBe(200);
      expectRefused(
        await askResetCode(email),
        /^Too many requests for a code\. Please try again in (29|30) seconds\.$/,
      );
      later(RESEND_SECONDS * 1000);
    }
    expectRefused(
      await post("/email-otp/send-verification-otp", { email, type: "email-verification" }),
      /^Too many requests for a code\. Please try again in \d+ minutes\.$/,
    );
    later(windowMs);
    expect((await askResetCode(email)).status).toBe(200);
  });

  it("counts the spellings of one inbox as one account for sign-ups and codes", async () => {
    const name = `inbox${Date.now()}${++counter}`;
    const spell = (n: number) =>
      n % 2 ? `${name}+${n}@gmail.com` : `${name.slice(0, 2)}.${name.slice(2)}+${n}@gmail.com`;
    const signUps = limitOf("signUp", "account").max;
    for (let n = 0; n < signUps; n++) expect((await signUp(spell(n))).status).toBe(200);
    expectRefused(await signUp(spell(signUps)), /^Too many sign-up attempts\./);
    // Sign-up sent a code already; the inbox gets no more than its hourly codes however spelt.
    const codes = limitOf("codeRequest", "account").max;
    let sent = 0;
    for (let n = 0; n < signUps + codes && sent <= codes; n++) {
      later(RESEND_SECONDS * 1000);
      const answer = await post("/email-otp/send-verification-otp", {
        email: spell(n),
        type: "email-verification",
      });
      if (answer.status !== 200) break;
      sent++;
    }
    expect(sent).toBeLessThanOrEqual(codes);
  });

  it("limits code requests from one address across emails", async () => {
    const { max, windowMs } = limitOf("codeRequest", "address");
    const from = newAddress();
    for (let request = 0; request < max; request++) {
      expect((await askResetCode(newEmail(), from)).status).toBe(200);
    }
    expectRefused(await askResetCode(newEmail(), from), /^Too many requests for a code\./);
    expect((await askResetCode(newEmail(), newAddress())).status).toBe(200);
    later(windowMs);
    expect((await askResetCode(newEmail(), from)).status).toBe(200);
  });

  it("counts every code check of one email together, from any address", async () => {
    const email = newEmail();
    expect((await signUp(email)).status).toBe(200);
    expect((await askResetCode(email)).status).toBe(200);
    const wrong = (await resetCode(email)) === "000000" ? "111111" : "000000";
    const checks = [
      () => post("/email-otp/verify-email", { email, otp: wrong }),
      () =>
        post("/email-otp/check-verification-otp", { email, otp: wrong, type: "forget-password" }),
      () => post("/email-otp/reset-password", { email, otp: wrong, password: NEW_PASSWORD }),
    ];
    const { max, windowMs } = limitOf("codeCheck", "account");
    for (let attempt = 0; attempt < max; attempt++) {
      const { status } = await checks[attempt % checks.length]!();
      expect([400, 403]).toContain(status);
    }
    expectRefused(
      await post("/email-otp/check-verification-otp", {
        email,
        otp: await resetCode(email),
        type: "forget-password",
      }),
      /^Too many code attempts\. Please try again in \d+ minutes\.$/,
    );

    // After the window a new code (the old one has expired meanwhile) resets the password.
    later(windowMs);
    expect((await askResetCode(email)).status).toBe(200);
    const otp = await resetCode(email);
    expect(
      (await post("/email-otp/reset-password", { email, otp, password: NEW_PASSWORD })).status,
    ).toBe(200);
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(200);
  });

  it("limits code checks from one address across emails", async () => {
    const { max, windowMs } = limitOf("codeCheck", "address");
    const from = newAddress();
    const check = (email: string) =>
      post("/email-otp/verify-email", { email, otp: "123456" }, from);
    for (let attempt = 0; attempt < max; attempt++) {
      expect((await check(newEmail())).status).toBe(400);
    }
    expectRefused(await check(newEmail()), /^Too many code attempts\./);
    later(windowMs);
    expect((await check(newEmail())).status).toBe(400);
  });

  it.runIf(kind === "postgres")(
    "holds across instances sharing the database, which keeps no email address",
    async () => {
      const config = loadConfig({
        NODE_ENV: "test",
        WEB_DIST_DIR: "./.tmp/no-web-build",
        LOG_LEVEL: "silent",
      });
      const other = await buildApp({ config, database: ctx.database, logger: false });
      await other.ready();
      try {
        const email = newEmail();
        const { max } = limitOf("signUp", "account");
        const signUpOn = async (app: typeof other) =>
          (
            await app.inject({
              method: "POST",
              url: "/api/auth/sign-up/email",
              payload: { name: "Asha Das", email, password: PASSWORD },
              headers: { origin: ORIGIN },
              remoteAddress: newAddress(),
            })
          ).statusCode;
        for (let attempt = 0; attempt < max; attempt++) {
          const app = attempt % 2 === 0 ? ctx.app : other;
          expect(await signUpOn(app)).toBe(attempt === 0 ? 200 : 422);
        }
        expect(await signUpOn(other)).toBe(429);
        expect(await signUpOn(ctx.app)).toBe(429);

        const keys = rowsOf<{ key: string }>(
          await ctx.database.db.execute(sql`select key from rate_limits where key like '%auth:%'`),
        ).map((row) => row.key);
        expect(keys.length).toBeGreaterThan(0);
        expect(keys.filter((key) => key.includes("@"))).toEqual([]);
      } finally {
        await other.close();
      }
    },
  );
});

/** Whether an answer came from the endpoint, rather than a refusal of the path or of the attempt. */
function reachedEndpoint(answer: RawAnswer): boolean {
  if (answer.status === 404 || answer.status === 429) return false;
  return !(answer.status === 400 && JSON.parse(answer.body).code === "BAD_REQUEST");
}

describe.each(testDatabaseKinds)("limits whatever the URL's spelling on %s", (kind) => {
  const ctx = useTestApp(kind, { TRUST_PROXY: "1", DEMO_MODE: "true" });
  // The clock stands still: a guesser's wait at an account does not run out mid-test.
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
  });
  afterAll(() => {
    vi.useRealTimers();
  });
  let address = 0;
  const newAddress = () => `10.41.${Math.floor(++address / 250)}.${address % 250}`;
  const post = (url: string, body: object, from = newAddress()) =>
    rawRequest(ctx.app, "POST", url, {
      headers: { origin: ORIGIN, "x-forwarded-for": from },
      body,
    });

  it("counts every spelling of sign-in against the account and client, and serves none past its wait", async () => {
    const path = "/api/auth/sign-in/email";
    const email = newEmail();
    const guesser = newAddress();
    expect(
      (await post("/api/auth/sign-up/email", { name: "Asha Das", email, password: PASSWORD }))
        .status,
    ).toBe(200);
    const { freeFailures } = SIGN_IN_GUARD;
    const spellings = spellingsOf(path);
    let tries = 0;
    for (const url of spellings) {
      const answer = await post(url, { email, password: "not the password" }, guesser);
      if (reachedEndpoint(answer)) {
        expect(answer.status, url).toBe(401);
        tries++;
      }
    }
    expect(tries).toBeLessThanOrEqual(freeFailures);
    for (; tries < freeFailures; tries++) {
      expect((await post(path, { email, password: "not the password" }, guesser)).status).toBe(401);
    }
    // The right password now gets in by no spelling at all from the guesser's address.
    for (const url of [path, ...spellings]) {
      const answer = await post(url, { email, password: PASSWORD }, guesser);
      expect(reachedEndpoint(answer), `${url} ${answer.status}`).toBe(false);
      expect(String(answer.headers["set-cookie"] ?? ""), url).not.toContain("session_token");
    }
  });

  it("checks no more passwords than the wait allows of guesses sent all at once", async () => {
    const path = "/api/auth/sign-in/email";
    const email = newEmail();
    const guesser = newAddress();
    expect(
      (await post("/api/auth/sign-up/email", { name: "Asha Das", email, password: PASSWORD }))
        .status,
    ).toBe(200);
    const { freeFailures } = SIGN_IN_GUARD;
    const urls = [path, `${path}?a=1`, `${path}?`];
    const answers = await Promise.all(
      Array.from({ length: freeFailures + 10 }, (_, at) =>
        post(urls[at % urls.length]!, { email, password: `guess ${at}` }, guesser),
      ),
    );
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(freeFailures);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(10);
  });

  it("lets no spelling check more codes for one email than its limit", async () => {
    const path = "/api/auth/email-otp/verify-email";
    const email = newEmail();
    const { max } = limitOf("codeCheck", "account");
    let checked = 0;
    for (const url of [...spellingsOf(path), path, path, path, path, path, path]) {
      for (const _ of [1, 2]) {
        if (reachedEndpoint(await post(url, { email, otp: "123456" }))) checked++;
      }
    }
    expect(checked).toBe(max);
  });
});
