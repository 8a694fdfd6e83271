import { and, desc, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ACCOUNT_API } from "../../../shared/contracts/account.ts";
import { FORMAT_MESSAGES } from "../../../shared/rules/formats.ts";
import { mailOutbox as outbox, users } from "../../db/schema/index.ts";
import { cookieOf, freshEmail, shopperCalls, signUpCustomer } from "../../testing/customers.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

const PASSWORD = "green mangoes ripen";

describe.each(testDatabaseKinds)("changing a customer's email on %s", (kind) => {
  const ctx = useTestApp(kind);

  const call = shopperCalls(ctx);
  const post = (url: string, cookie: string | undefined, payload: unknown) =>
    call("POST", url, cookie, payload);
  const mailsTo = (email: string, subject: string) =>
    ctx.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, email), like(outbox.subject, `%${subject}%`)))
      .orderBy(desc(outbox.id));
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
    const asked = await post(ACCOUNT_API.requestEmailChange, cookie, { newEmail });
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

  it("keeps a code for one account and one address", async () => {
    const owner = await signUpCustomer(ctx.app);
    const other = await signUpCustomer(ctx.app);
    const newEmail = freshEmail("moved");
    expect(
      (await post(ACCOUNT_API.requestEmailChange, owner.cookie, { newEmail })).statusCode,
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
      const refused = await post(ACCOUNT_API.requestEmailChange, cookie, { newEmail });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(FORMAT_MESSAGES.email);
    }
    expect(
      (await post(ACCOUNT_API.requestEmailChange, cookie, { newEmail: email })).statusCode,
    ).toBe(400);
  });

  it("sends one code per 30 seconds to an address, however the request spells it", async () => {
    const { cookie } = await signUpCustomer(ctx.app);
    const newEmail = freshEmail("flood");
    expect((await post(ACCOUNT_API.requestEmailChange, cookie, { newEmail })).statusCode).toBe(200);
    const [local, domain] = newEmail.split("@");
    for (const spelling of [newEmail, `${local}+again@${domain}`, newEmail.toUpperCase()]) {
      const again = await post(ACCOUNT_API.requestEmailChange, cookie, { newEmail: spelling });
      expect(again.statusCode).toBe(429);
      expect(again.headers["retry-after"]).toBeDefined();
    }
    for (const spelling of [
      "/api/auth//email-otp/request-email-change",
      "/api/auth/email-otp/request-email-change/",
    ]) {
      const again = await post(spelling, cookie, { newEmail });
      expect(again.statusCode, `${spelling}: ${again.body}`).toBeGreaterThanOrEqual(400);
    }
    // A decoy `email` beside it (which the endpoint ignores) counts against the same inbox.
    for (let decoy = 0; decoy < 3; decoy++) {
      const again = await post(ACCOUNT_API.requestEmailChange, cookie, {
        newEmail,
        email: freshEmail("decoy"),
      });
      expect(again.statusCode).toBe(429);
    }
    expect(await mailsTo(newEmail, "Confirm your new")).toHaveLength(1);
  });
});
