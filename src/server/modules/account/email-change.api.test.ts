import { and, desc, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  ACCOUNT_API,
  ACCOUNT_MESSAGES,
  RECENT_SIGN_IN_MINUTES,
} from "../../../shared/contracts/account.ts";
import { FORMAT_MESSAGES } from "../../../shared/rules/formats.ts";
import { accounts, mailOutbox as outbox, sessions, users } from "../../db/schema/index.ts";
import { cookieOf, freshEmail, shopperCalls, signUpCustomer } from "../../testing/customers.ts";
import { drawnMails } from "../../testing/outbox-mail.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

const PASSWORD = "green mangoes ripen";

describe.each(testDatabaseKinds)("changing a customer's email on %s", (kind) => {
  const ctx = useTestApp(kind);

  const call = shopperCalls(ctx);
  const post = (url: string, cookie: string | undefined, payload: unknown) =>
    call("POST", url, cookie, payload);
  const mailsTo = (email: string, subject: string) =>
    drawnMails(
      ctx.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.toAddress, email), like(outbox.subject, `%${subject}%`)))
        .orderBy(desc(outbox.id)),
    );
  const codeSentTo = async (email: string) => {
    const [mail] = await mailsTo(email, "Confirm your new");
    return mail && /\b(\d{6})\b/.exec(mail.textBody)![1]!;
  };
  const emailOf = async (userId: string) =>
    (await ctx.database.db.select().from(users).where(eq(users.id, userId)))[0]?.email;
  const signIn = (email: string) =>
    post("/api/auth/sign-in/email", undefined, { email, password: PASSWORD });

  it("moves the account only with the code sent to the new address, and tells the old one", async () => {
    const { cookie, email, userId } = await signUpCustomer(ctx.app, "Lipi Mohanty");
    const newEmail = freshEmail("lipi");

    const guest = await post(ACCOUNT_API.requestEmailChange, undefined, {
      newEmail: freshEmail("guest"),
    });
    expect(guest.statusCode).toBe(401);
    const asked = await post(ACCOUNT_API.requestEmailChange, cookie, {
      newEmail,
      currentPassword: PASSWORD,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const code = await codeSentTo(newEmail);
    expect(code).toMatch(/^\d{6}$/);
    // The old address gets no code: the new one is what is proved.
    expect(await mailsTo(email, "Confirm your new")).toHaveLength(0);

    // Nothing moves before the code: not by asking, not with a wrong code, not by the profile route.
    const wrong = await post(ACCOUNT_API.changeEmail, cookie, {
      newEmail,
      otp: code === "000000" ? "111111" : "000000",
    });
    expect(wrong.statusCode).toBe(400);
    expect(
      (await call("PUT", ACCOUNT_API.profile, cookie, { name: "Lipi", email: newEmail }))
        .statusCode,
    ).toBe(400);
    expect(await emailOf(userId)).toBe(email);
    // A guest holding the code gets nowhere.
    expect(
      (await post(ACCOUNT_API.changeEmail, undefined, { newEmail, otp: code })).statusCode,
    ).toBe(401);

    const changed = await post(ACCOUNT_API.changeEmail, cookie, { newEmail, otp: code });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await emailOf(userId)).toBe(newEmail);
    const session = cookieOf(changed.headers["set-cookie"], "fhh.session_token") ?? cookie;
    const me = await ctx.app.inject({
      method: "GET",
      url: "/api/auth/get-session",
      headers: { cookie: session },
    });
    expect(me.json().user).toMatchObject({ email: newEmail, emailVerified: true });

    // The code worked once.
    expect((await post(ACCOUNT_API.changeEmail, cookie, { newEmail, otp: code })).statusCode).toBe(
      400,
    );
    expect((await signIn(email)).statusCode).toBe(401);
    expect((await signIn(newEmail)).statusCode).toBe(200);

    const told = await mailsTo(email, "email address was changed");
    expect(told).toHaveLength(1);
    expect(told[0]!.textBody).toContain("Hi Lipi,");
    expect(told[0]!.textBody).toContain(newEmail);
  });

  it("asks for the current password, so an open session alone cannot move the account", async () => {
    const { cookie } = await signUpCustomer(ctx.app);
    const newEmail = freshEmail("thief");
    const missing = await post(ACCOUNT_API.requestEmailChange, cookie, { newEmail });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: "CURRENT_PASSWORD_REQUIRED",
      message: ACCOUNT_MESSAGES.currentPasswordRequired,
    });
    // Each request counts against the inbox's limit (one a 30 s), refused or not: another address.
    const other = freshEmail("thief");
    const wrong = await post(ACCOUNT_API.requestEmailChange, cookie, {
      newEmail: other,
      currentPassword: "not my password",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: "INVALID_PASSWORD" });
    expect(await codeSentTo(newEmail)).toBeUndefined();
    expect(await codeSentTo(other)).toBeUndefined();
  });

  it("asks an account without a password for a recent sign-in", async () => {
    const { cookie, userId } = await signUpCustomer(ctx.app);
    // As an account made with an outside sign-in, signed in 11 minutes ago.
    await ctx.database.db.delete(accounts).where(eq(accounts.userId, userId));
    const ago = new Date(Date.now() - (RECENT_SIGN_IN_MINUTES + 1) * 60_000);
    await ctx.database.db
      .update(sessions)
      .set({ createdAt: ago })
      .where(eq(sessions.userId, userId));
    const newEmail = freshEmail("stale");
    const stale = await post(ACCOUNT_API.requestEmailChange, cookie, { newEmail });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({
      code: "SIGN_IN_AGAIN",
      message: `For your security, please log in again first: this needs a sign-in from the last ${RECENT_SIGN_IN_MINUTES} minutes.`,
    });
    const firstPassword = await call("POST", ACCOUNT_API.setPassword, cookie, {
      newPassword: "ripe jackfruit in june",
    });
    expect(firstPassword.statusCode).toBe(403);
    expect(await codeSentTo(newEmail)).toBeUndefined();

    // Signed in just now, the same account may go ahead.
    await ctx.database.db
      .update(sessions)
      .set({ createdAt: new Date() })
      .where(eq(sessions.userId, userId));
    const fresh = freshEmail("fresh");
    expect(
      (await post(ACCOUNT_API.requestEmailChange, cookie, { newEmail: fresh })).statusCode,
    ).toBe(200);
    expect(await codeSentTo(fresh)).toMatch(/^\d{6}$/);
  });

  it("keeps a code for one account and one address", async () => {
    const owner = await signUpCustomer(ctx.app);
    const other = await signUpCustomer(ctx.app);
    const newEmail = freshEmail("moved");
    expect(
      (
        await post(ACCOUNT_API.requestEmailChange, owner.cookie, {
          newEmail,
          currentPassword: PASSWORD,
        })
      ).statusCode,
    ).toBe(200);
    const code = (await codeSentTo(newEmail))!;
    // Another customer holding the owner's code cannot take the address with it.
    expect(
      (await post(ACCOUNT_API.changeEmail, other.cookie, { newEmail, otp: code })).statusCode,
    ).toBe(400);
    // Nor can the owner use it for an address the code was not sent to.
    expect(
      (
        await post(ACCOUNT_API.changeEmail, owner.cookie, {
          newEmail: freshEmail("elsewhere"),
          otp: code,
        })
      ).statusCode,
    ).toBe(400);
    expect(await emailOf(other.userId)).toBe(other.email);
    expect(await emailOf(owner.userId)).toBe(owner.email);
  });

  it("never says whether another account has the address, and never hands it over", async () => {
    const owner = await signUpCustomer(ctx.app);
    const taken = await signUpCustomer(ctx.app);
    const asked = await post(ACCOUNT_API.requestEmailChange, owner.cookie, {
      newEmail: taken.email,
      currentPassword: PASSWORD,
    });
    expect(asked.statusCode).toBe(200);
    expect(await codeSentTo(taken.email)).toBeUndefined();
    const guessed = await post(ACCOUNT_API.changeEmail, owner.cookie, {
      newEmail: taken.email,
      otp: "123456",
    });
    expect(guessed.statusCode).toBe(400);
    expect(await emailOf(owner.userId)).toBe(owner.email);
  });

  it("refuses what is not one mailbox, and its own address", async () => {
    const { cookie, email } = await signUpCustomer(ctx.app);
    for (const newEmail of ["not an email", "a@example.in, b@example.in", "Name <a@example.in>"]) {
      const refused = await post(ACCOUNT_API.requestEmailChange, cookie, {
        newEmail,
        currentPassword: PASSWORD,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(FORMAT_MESSAGES.email);
    }
    expect(
      (
        await post(ACCOUNT_API.requestEmailChange, cookie, {
          newEmail: email,
          currentPassword: PASSWORD,
        })
      ).statusCode,
    ).toBe(400);
  });

  it("sends one code per 30 seconds to an address, however the request spells it", async () => {
    const { cookie } = await signUpCustomer(ctx.app);
    const newEmail = freshEmail("flood");
    expect(
      (await post(ACCOUNT_API.requestEmailChange, cookie, { newEmail, currentPassword: PASSWORD }))
        .statusCode,
    ).toBe(200);
    const [local, domain] = newEmail.split("@");
    for (const spelling of [newEmail, `${local}+again@${domain}`, newEmail.toUpperCase()]) {
      const again = await post(ACCOUNT_API.requestEmailChange, cookie, {
        newEmail: spelling,
        currentPassword: PASSWORD,
      });
      expect(again.statusCode).toBe(429);
      expect(again.headers["retry-after"]).toBeDefined();
    }
    for (const spelling of [
      "/api/auth//email-otp/request-email-change",
      "/api/auth/email-otp/request-email-change/",
    ]) {
      const again = await post(spelling, cookie, { newEmail, currentPassword: PASSWORD });
      expect(again.statusCode, `${spelling}: ${again.body}`).toBeGreaterThanOrEqual(400);
    }
    // A decoy `email` beside it (which the endpoint ignores) counts against the same inbox.
    for (let decoy = 0; decoy < 3; decoy++) {
      const again = await post(ACCOUNT_API.requestEmailChange, cookie, {
        newEmail,
        email: freshEmail("decoy"),
        currentPassword: PASSWORD,
      });
      expect(again.statusCode).toBe(429);
    }
    expect(await mailsTo(newEmail, "Confirm your new")).toHaveLength(1);
  });
});
