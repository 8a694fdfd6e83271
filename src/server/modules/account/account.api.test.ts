import { and, eq, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ACCOUNT_API, ACCOUNT_MESSAGES } from "../../../shared/contracts/account.ts";
import { SAVED_ADDRESSES_PATH } from "../../../shared/contracts/saved-addresses.ts";
import { COMMON_PASSWORD_MESSAGE } from "../../../shared/rules/common-passwords.ts";
import { FORMAT_MESSAGES } from "../../../shared/rules/formats.ts";
import { accounts, mailOutbox as outbox } from "../../db/schema/index.ts";
import { cookieOf, freshMobile, shopperCalls, signUpCustomer } from "../../testing/customers.ts";
import { drawnMails } from "../../testing/outbox-mail.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";
import { setFirstPassword } from "../auth/index.ts";

const PASSWORD = "green mangoes ripen";
const NEW_PASSWORD = "ripe jackfruit in june";
const PHONE =
  "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36";

describe.each(testDatabaseKinds)("a customer's own account on %s", (kind) => {
  const ctx = useTestApp(kind);

  const call = shopperCalls(ctx);
  /** A second device of the same customer: another sign-in, from a phone. */
  const signInAgain = async (email: string, password = PASSWORD) => {
    const response = await call(
      "POST",
      "/api/auth/sign-in/email",
      undefined,
      { email, password },
      {
        "user-agent": PHONE,
      },
    );
    return {
      status: response.statusCode,
      cookie: cookieOf(response.headers["set-cookie"], "fhh.session_token"),
    };
  };
  const signedInAs = async (cookie: string) =>
    (await call("GET", "/api/auth/get-session", cookie)).json()?.user?.email as string | undefined;

  it("shows and renames the profile, for its customer only", async () => {
    expect((await call("GET", ACCOUNT_API.profile)).statusCode).toBe(401);
    expect((await call("PUT", ACCOUNT_API.profile, undefined, { name: "X" })).statusCode).toBe(401);
    const { cookie, email } = await signUpCustomer(ctx.app, "Asha Das");
    const profile = await call("GET", ACCOUNT_API.profile, cookie);
    expect(profile.statusCode).toBe(200);
    expect(profile.headers["cache-control"]).toBe("private, no-store");
    expect(profile.json()).toMatchObject({ name: "Asha Das", email, hasPassword: true });

    const blank = await call("PUT", ACCOUNT_API.profile, cookie, { name: "   " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain(ACCOUNT_MESSAGES.nameRequired);
    expect(
      (await call("PUT", ACCOUNT_API.profile, cookie, { name: "A".repeat(61) })).statusCode,
    ).toBe(400);
    // Only the name: the email changes through a code, never through this route.
    const sneaky = await call("PUT", ACCOUNT_API.profile, cookie, {
      name: "Asha",
      email: "x@example.in",
    });
    expect(sneaky.statusCode).toBe(400);
    const renamed = await call("PUT", ACCOUNT_API.profile, cookie, { name: "  Asha Rani Das " });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: "Asha Rani Das", email });
  });

  it("keeps a mobile number in the store's one spelling, and hands it to checkout with the session", async () => {
    const { cookie } = await signUpCustomer(ctx.app, "Asha Das");
    expect((await call("GET", ACCOUNT_API.profile, cookie)).json().mobile).toBeNull();
    for (const mobile of ["12345", "5123456789", "98765 4321a", "9".repeat(21)]) {
      const refused = await call("PUT", ACCOUNT_API.profile, cookie, { name: "Asha Das", mobile });
      expect(refused.statusCode, mobile).toBe(400);
      expect(refused.json().message).toContain(FORMAT_MESSAGES.mobile);
    }
    const saved = await call("PUT", ACCOUNT_API.profile, cookie, {
      name: "Asha Das",
      mobile: "+91 98765-43210",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().mobile).toBe("+919876543210");
    const session = (await call("GET", "/api/auth/get-session", cookie)).json();
    expect(session.user.mobile).toBe("+919876543210");
    // A change of name alone keeps the number; an empty one removes it.
    const renamed = await call("PUT", ACCOUNT_API.profile, cookie, { name: "Asha D" });
    expect(renamed.json().mobile).toBe("+919876543210");
    const cleared = await call("PUT", ACCOUNT_API.profile, cookie, { name: "Asha D", mobile: " " });
    expect(cleared.json().mobile).toBeNull();
    // Sign-up cannot set it: only My account writes it.
    const email = `mobile-${Date.now()}@example.in`;
    const signUp = await call("POST", "/api/auth/sign-up/email", undefined, {
      name: "Sneaky",
      email,
      password: PASSWORD,
      mobile: "9876543210",
    });
    expect(signUp.statusCode).toBe(400);
  });

  it("sets a first password once however many requests race for it", async () => {
    const { userId } = await signUpCustomer(ctx.app);
    // As an account made with an outside sign-in: no credential account yet.
    await ctx.database.db.delete(accounts).where(eq(accounts.userId, userId));
    // Eight connections open before the race, so its transactions overlap rather than queue
    // behind the pool's connecting.
    if (kind === "postgres") {
      await Promise.all(
        Array.from({ length: 8 }, () => ctx.database.db.execute(sql`select pg_sleep(0.05)`)),
      );
    }
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        setFirstPassword(ctx.database.db, userId, `hash-${index}`),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const credentials = await ctx.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.userId, userId));
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.password).toBe(`hash-${results.indexOf(true)}`);
  });

  it("lists the signed-in devices without their tokens, and signs one or all others out", async () => {
    const { cookie, email } = await signUpCustomer(ctx.app);
    const phone = await signInAgain(email);
    const tablet = await signInAgain(email);
    const listed = await call("GET", ACCOUNT_API.sessions, cookie);
    expect(listed.statusCode).toBe(200);
    const { sessions } = listed.json() as {
      sessions: { id: string; device: string; current: boolean }[];
    };
    expect(sessions).toHaveLength(3);
    expect(sessions[0]!.current).toBe(true);
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    expect(sessions.filter((session) => session.device === "Chrome on Android")).toHaveLength(2);
    const tokens = [cookie, phone.cookie!, tablet.cookie!].map(
      (value) => decodeURIComponent(value.split("=")[1]!).split(".")[0]!,
    );
    for (const token of tokens) expect(listed.body).not.toContain(token);

    // Another customer cannot end these sessions, nor learn that they exist.
    const other = await signUpCustomer(ctx.app);
    const phoneSession = sessions.find((session) => !session.current)!;
    const refused = await call("DELETE", ACCOUNT_API.session(phoneSession.id), other.cookie);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(ACCOUNT_MESSAGES.noSession);
    expect((await call("DELETE", ACCOUNT_API.session(phoneSession.id))).statusCode).toBe(401);

    expect((await call("DELETE", ACCOUNT_API.session(phoneSession.id), cookie)).statusCode).toBe(
      204,
    );
    const stillSignedIn = await Promise.all([
      signedInAs(phone.cookie!),
      signedInAs(tablet.cookie!),
    ]);
    expect(stillSignedIn.filter(Boolean)).toHaveLength(1);

    expect((await call("POST", ACCOUNT_API.signOutOthers, cookie, {})).statusCode).toBe(204);
    expect(await signedInAs(phone.cookie!)).toBeUndefined();
    expect(await signedInAs(tablet.cookie!)).toBeUndefined();
    expect(await signedInAs(cookie)).toBe(email);
    expect((await call("GET", ACCOUNT_API.sessions, cookie)).json().sessions).toHaveLength(1);
  });

  it("changes the password with the current one, signs every other device out and tells the owner", async () => {
    const { cookie, email } = await signUpCustomer(ctx.app, "Meera Nayak");
    const phone = await signInAgain(email);
    const change = (body: Record<string, unknown>, as = cookie) =>
      call("POST", ACCOUNT_API.changePassword, as, body);

    expect(
      (await change({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, "")).statusCode,
    ).toBe(401);
    const wrong = await change({ currentPassword: "not my password", newPassword: NEW_PASSWORD });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe("INVALID_PASSWORD");
    const common = await change({ currentPassword: PASSWORD, newPassword: "password123" });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toBe(COMMON_PASSWORD_MESSAGE);
    expect(await signedInAs(phone.cookie!)).toBe(email);

    // Asking to keep the other sessions does not keep them.
    const changed = await change({
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      revokeOtherSessions: false,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().token).toBeUndefined();
    const renewed = cookieOf(changed.headers["set-cookie"], "fhh.session_token");
    expect(renewed).toBeTruthy();
    expect(await signedInAs(renewed!)).toBe(email);
    expect(await signedInAs(phone.cookie!)).toBeUndefined();
    expect(await signedInAs(cookie)).toBeUndefined();

    expect((await signInAgain(email, PASSWORD)).status).toBe(401);
    expect((await signInAgain(email, NEW_PASSWORD)).status).toBe(200);
    const told = await drawnMails(
      ctx.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.toAddress, email), like(outbox.subject, "%password was changed%"))),
    );
    // One email: none for the refused attempts.
    expect(told).toHaveLength(1);
    expect(told[0]!.textBody).toContain("Hi Meera,");
  });

  it("hands the customer everything kept about their account as a JSON file, and nobody else's", async () => {
    expect((await call("GET", ACCOUNT_API.data)).statusCode).toBe(401);
    const { cookie, email } = await signUpCustomer(ctx.app, "Ravi Sahu");
    const saved = await call("POST", SAVED_ADDRESSES_PATH, cookie, {
      label: "Home",
      address: "12 Janpath",
      city: "Bhubaneswar",
      state: "Odisha",
      pincode: "751007",
    });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    const order = await call(
      "POST",
      "/api/orders",
      cookie,
      {
        contact: { firstName: "Ravi", lastName: "Sahu", email, phone: freshMobile() },
        delivery: {
          address: "12 Janpath",
          city: "Bhubaneswar",
          state: "Odisha",
          pincode: "751007",
        },
        notes: "Ring twice",
        payment: { method: "cash" },
        items: [{ productId: "tomatoes", quantity: 2_000 }],
      },
      { "idempotency-key": `account-data-${Date.now()}` },
    );
    expect(order.statusCode, order.body).toBe(201);
    const orderNumber = order.json().orderNumber as string;
    const ticket = await call("POST", "/api/support/tickets", cookie, {
      name: "Ravi Sahu",
      email,
      queryType: "order_status",
      message: "Where is my order?",
    });
    expect(ticket.statusCode, ticket.body).toBe(201);
    const other = await signUpCustomer(ctx.app, "Someone Else");
    const theirs = await call("POST", SAVED_ADDRESSES_PATH, other.cookie, {
      label: "Office",
      address: "5 Other Street",
      city: "Bhubaneswar",
      state: "Odisha",
      pincode: "751001",
    });
    expect(theirs.statusCode).toBeLessThan(300);

    const download = await call("GET", ACCOUNT_API.data, cookie);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-disposition"]).toMatch(
      /^attachment; filename="fresh-harvest-hub-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(download.headers["cache-control"]).toBe("private, no-store");
    const data = download.json();
    expect(data.account).toMatchObject({ name: "Ravi Sahu", email });
    expect(data.addresses).toEqual([
      expect.objectContaining({ label: "Home", address: "12 Janpath", pincode: "751007" }),
    ]);
    expect(data.orders).toEqual([
      expect.objectContaining({
        orderNumber,
        notes: "Ring twice",
        lines: [expect.objectContaining({ product: "Tomatoes", quantity: 2_000 })],
      }),
    ]);
    expect(data.supportTickets).toEqual([
      expect.objectContaining({
        reference: ticket.json().reference,
        message: "Where is my order?",
      }),
    ]);
    expect(download.body).not.toContain("5 Other Street");
  });
});
