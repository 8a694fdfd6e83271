import { createHash, createHmac } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox, users, verifications } from "../../db/schema/index.ts";
import { drawnMails } from "../../testing/outbox-mail.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";
import { CODE_ATTEMPTS } from "./auth.ts";
import { resolveAuthSecret } from "./auth-secret.ts";

const ORIGIN = "http://localhost:3000";
const PASSWORD = "green mangoes ripen";
let counter = 0;
const newEmail = () => `coder${Date.now()}${++counter}@example.in`;
let address = 0;
const nextAddress = () => `10.8.${Math.floor(++address / 250)}.${address % 250}`;

describe.each(testDatabaseKinds)("emailed codes on %s", (kind) => {
  const ctx = useTestApp(kind, { TRUST_PROXY: "1", DEMO_MODE: "true" });

  async function post(url: string, payload: object, headers: Record<string, string> = {}) {
    const response = await ctx.app.inject({
      method: "POST",
      url: `/api/auth${url}`,
      payload,
      headers: { origin: ORIGIN, "x-forwarded-for": nextAddress(), ...headers },
    });
    return { status: response.statusCode, body: response.body ? response.json() : null, response };
  }
  async function latestCode(email: string, subject: RegExp) {
    const rows = await drawnMails(
      ctx.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, email))
        .orderBy(desc(mailOutbox.id)),
    );
    const mail = rows.find((row) => subject.test(row.subject));
    return mail && /\b(\d{6})\b/.exec(mail.textBody)![1]!;
  }
  const verificationCode = (email: string) => latestCode(email, /verification code/);
  const resetCode = (email: string) => latestCode(email, /Reset your/);
  async function signUp(email: string) {
    const { status, response } = await post("/sign-up/email", {
      name: "Asha Das",
      email,
      password: PASSWORD,
    });
    expect(status).toBe(200);
    return [response.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("fhh.session"))!;
  }
  const isVerified = async (email: string) =>
    (await ctx.database.db.select().from(users).where(eq(users.email, email)))[0]!.emailVerified;

  it("emails a 6-digit code at sign-up that verifies the address", async () => {
    const email = newEmail();
    await signUp(email);
    const code = await verificationCode(email);
    expect(code).toMatch(/^\d{6}$/);
    expect(await isVerified(email)).toBe(false);
    const { status } = await post("/email-otp/verify-email", { email, otp: code });
    expect(status).toBe(200);
    expect(await isVerified(email)).toBe(true);
  });

  it("stores codes hashed, never as sent", async () => {
    const email = newEmail();
    await signUp(email);
    const code = (await verificationCode(email))!;
    const stored = await ctx.database.db
      .select()
      .from(verifications)
      .where(sql`${verifications.identifier} like ${`%${email}%`}`);
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) expect(row.value).not.toContain(code);
  });

  it("stores each code as a keyed hash that only this store's secret makes", async () => {
    const email = newEmail();
    await signUp(email);
    const code = (await verificationCode(email))!;
    const [row] = await ctx.database.db
      .select()
      .from(verifications)
      .where(sql`${verifications.identifier} like ${`%${email}%`}`);
    const stored = row!.value.split(":")[0];
    const secret = await resolveAuthSecret(ctx.database.db, undefined);
    const keyed = (storeSecret: string) =>
      createHmac("sha256", createHmac("sha256", storeSecret).update("one-time-codes").digest())
        .update(code)
        .digest("base64url");
    for (const encoding of ["hex", "base64url", "base64"] as const) {
      expect(stored).not.toBe(createHash("sha256").update(code).digest(encoding));
    }
    expect(stored).toBe(keyed(secret));
    expect(stored).not.toBe(keyed(`${secret}x`));
    expect((await post("/email-otp/verify-email", { email, otp: code })).status).toBe(200);
  });

  it("takes a code once only", async () => {
    const email = newEmail();
    await signUp(email);
    const code = (await verificationCode(email))!;
    expect((await post("/email-otp/verify-email", { email, otp: code })).status).toBe(200);
    expect((await post("/email-otp/verify-email", { email, otp: code })).status).toBe(400);
  });

  it("takes a verification code sent twice at once only once", async () => {
    const email = newEmail();
    await signUp(email);
    const code = (await verificationCode(email))!;
    const answers = await Promise.all([
      post("/email-otp/verify-email", { email, otp: code }),
      post("/email-otp/verify-email", { email, otp: code }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(await isVerified(email)).toBe(true);
  });

  it("takes a password-reset code once only, however it is sent again", async () => {
    const email = newEmail();
    await signUp(email);
    await post("/email-otp/request-password-reset", { email });
    const code = (await resetCode(email))!;
    const reset = (password: string) =>
      post("/email-otp/reset-password", { email, otp: code, password });
    expect((await reset("the first new password")).status).toBe(200);
    const again = await reset("a password someone else chose");
    expect(again.status).toBe(400);
    expect(again.body.code).toBe("INVALID_OTP");
    expect(
      (await post("/sign-in/email", { email, password: "the first new password" })).status,
    ).toBe(200);
    expect(
      (await post("/sign-in/email", { email, password: "a password someone else chose" })).status,
    ).toBe(401);
  });

  it("takes a password-reset code sent twice at once only once", async () => {
    const email = newEmail();
    await signUp(email);
    await post("/email-otp/request-password-reset", { email });
    const code = (await resetCode(email))!;
    const passwords = ["one of two at once", "the other of two at once"];
    const answers = await Promise.all(
      passwords.map((password) =>
        post("/email-otp/reset-password", { email, otp: code, password }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const signIns = await Promise.all(
      passwords.map((password) => post("/sign-in/email", { email, password })),
    );
    expect(signIns.map((answer) => answer.status).sort()).toEqual([200, 401]);
  });

  it(`refuses the right code after ${CODE_ATTEMPTS} wrong guesses`, async () => {
    const email = newEmail();
    await signUp(email);
    const code = (await verificationCode(email))!;
    const wrong = code === "000000" ? "111111" : "000000";
    for (let guess = 0; guess < CODE_ATTEMPTS; guess++) {
      expect((await post("/email-otp/verify-email", { email, otp: wrong })).status).toBe(400);
    }
    const late = await post("/email-otp/verify-email", { email, otp: code });
    expect(late.status).toBe(403);
    expect(late.body.code).toBe("TOO_MANY_ATTEMPTS");
    expect(await isVerified(email)).toBe(false);
  });

  it("refuses an expired code", async () => {
    const email = newEmail();
    await signUp(email);
    const code = (await verificationCode(email))!;
    await ctx.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(sql`${verifications.identifier} like ${`%${email}%`}`);
    const { status, body } = await post("/email-otp/verify-email", { email, otp: code });
    expect(status).toBe(400);
    expect(body.code).toBe("OTP_EXPIRED");
  });

  it("answers a reset request the same whether or not the email has an account", async () => {
    const known = newEmail();
    await signUp(known);
    const unknown = newEmail();
    const forKnown = await post("/email-otp/request-password-reset", { email: known });
    const forUnknown = await post("/email-otp/request-password-reset", { email: unknown });
    expect(forKnown.status).toBe(200);
    expect(forUnknown.status).toBe(forKnown.status);
    expect(forUnknown.body).toEqual(forKnown.body);
    expect(await resetCode(known)).toMatch(/^\d{6}$/);
    expect(await resetCode(unknown)).toBeUndefined();
  });

  it("resets the password with the emailed code and ends every session", async () => {
    const email = newEmail();
    const cookie = await signUp(email);
    await post("/email-otp/request-password-reset", { email });
    const code = (await resetCode(email))!;
    const reset = await post("/email-otp/reset-password", {
      email,
      otp: code,
      password: "a brand new password",
    });
    expect(reset.status).toBe(200);
    const session = await ctx.app.inject({
      method: "GET",
      url: "/api/auth/get-session",
      headers: { cookie: cookie.split(";")[0]! },
    });
    expect(session.json()).toBeNull();
    expect((await post("/sign-in/email", { email, password: PASSWORD })).status).toBe(401);
    expect((await post("/sign-in/email", { email, password: "a brand new password" })).status).toBe(
      200,
    );
  });

  it("checks a reset code without using it up, and counts wrong checks", async () => {
    const email = newEmail();
    await signUp(email);
    await post("/email-otp/request-password-reset", { email });
    const code = (await resetCode(email))!;
    const check = (otp: string) =>
      post("/email-otp/check-verification-otp", { email, otp, type: "forget-password" });
    expect((await check(code === "000000" ? "111111" : "000000")).status).toBe(400);
    expect((await check(code)).status).toBe(200);
    const reset = await post("/email-otp/reset-password", {
      email,
      otp: code,
      password: "a brand new password",
    });
    expect(reset.status).toBe(200);
  });

  it("serves none of the routes the store does not use", async () => {
    // Passwords change at /change-password (account.api.test.ts), emails with a code to the new
    // address (email-change.api.test.ts); names, first passwords, sessions and deletion through
    // the store's own account routes, which never show a session's token.
    const unused = [
      "/update-user",
      "/set-password",
      "/revoke-session",
      "/list-sessions",
      "/revoke-other-sessions",
      "/link-social",
      "/get-access-token",
      "/change-email",
      "/delete-user",
    ];
    for (const path of unused) expect((await post(path, {})).status, path).toBe(404);
  });

  it("has no code sign-in and no link-based reset", async () => {
    const email = newEmail();
    await signUp(email);
    for (const path of [
      "/sign-in/email-otp",
      "/request-password-reset",
      "/forget-password/email-otp",
    ]) {
      const { status } = await post(path, { email, otp: "123456", redirectTo: "/" });
      expect(status, path).toBe(404);
    }
    const before = await drawnMails(
      ctx.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.toAddress, email))),
    );
    expect(before.every((mail) => !/sign in/i.test(mail.subject))).toBe(true);
  });
});

describe("asking for codes too often", () => {
  const ctx = useTestApp("pglite", {});

  it("sends one code per address every 30 s, whoever asks", async () => {
    const ask = (email: string, ip: string) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/auth/email-otp/request-password-reset",
        payload: { email },
        headers: { origin: ORIGIN },
        remoteAddress: ip,
      });
    const email = newEmail();
    expect((await ask(email, "10.6.0.1")).statusCode).toBe(200);
    const again = await ask(email.toUpperCase(), "10.6.0.2");
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: "RATE_LIMITED" });
    expect(again.json().message).toContain("30 seconds");
    expect((await ask(newEmail(), "10.6.0.2")).statusCode).toBe(200);
  });
});
