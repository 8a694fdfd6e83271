import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, sessions, users } from "../../db/schema/index.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";
import { resolveAuthSecret } from "./auth-secret.ts";

const ORIGIN = "http://localhost:3000";
let counter = 0;
const newEmail = () => `buyer${Date.now()}${++counter}@example.in`;
let address = 0;
const nextAddress = () => `10.9.${Math.floor(++address / 250)}.${address % 250}`;

describe.each(testDatabaseKinds)("accounts API on %s", (kind) => {
  const ctx = useTestApp(kind, { TRUST_PROXY: "1", DEMO_MODE: "true" });

  async function post(url: string, payload: object, headers: Record<string, string> = {}) {
    const response = await ctx.app.inject({
      method: "POST",
      url,
      payload,
      headers: { origin: ORIGIN, "x-forwarded-for": nextAddress(), ...headers },
    });
    return { response, body: response.body ? response.json() : null };
  }
  const sessionCookie = (setCookie: string | string[] | undefined) =>
    [setCookie ?? []].flat().find((cookie) => cookie.startsWith("fhh.session_token="));
  const cookieHeader = (cookie: string) => cookie.split(";")[0]!;
  async function currentUser(cookie: string) {
    const response = await ctx.app.inject({
      method: "GET",
      url: "/api/auth/get-session",
      headers: { cookie: cookieHeader(cookie), origin: ORIGIN },
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as { user?: { email: string } } | null)?.user ?? null;
  }
  const signUp = (email: string, password = "green mangoes ripen") =>
    post("/api/auth/sign-up/email", { name: "Asha Das", email, password });

  it("signs a customer up with an argon2id hash and an HTTP-only session cookie", async () => {
    const email = newEmail();
    const { response, body } = await signUp(email);
    expect(response.statusCode).toBe(200);
    expect(body.user).toMatchObject({ email, name: "Asha Das", emailVerified: false });
    const cookie = sessionCookie(response.headers["set-cookie"]);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    expect((await currentUser(cookie!))?.email).toBe(email);

    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    const [account] = await ctx.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.userId, user!.id));
    expect(account!.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(account!.password).not.toContain("green mangoes");
  });

  it("refuses a second account for the same email", async () => {
    const email = newEmail();
    expect((await signUp(email)).response.statusCode).toBe(200);
    const again = await signUp(email);
    expect(again.response.statusCode).toBe(422);
    expect(again.body.code).toBe("USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL");
  });

  it("takes passwords of 8 to 128 characters", async () => {
    const short = await signUp(newEmail(), "1234567");
    expect(short.response.statusCode).toBe(400);
    expect(short.body.code).toBe("PASSWORD_TOO_SHORT");
    const long = await signUp(newEmail(), "x".repeat(129));
    expect(long.response.statusCode).toBe(400);
    expect(long.body.code).toBe("PASSWORD_TOO_LONG");
    expect((await signUp(newEmail(), "x".repeat(128))).response.statusCode).toBe(200);
  });

  it("signs in with the right password only, each time with a new session", async () => {
    const email = newEmail();
    const first = sessionCookie((await signUp(email)).response.headers["set-cookie"]);
    const wrong = await post("/api/auth/sign-in/email", { email, password: "not the password" });
    expect(wrong.response.statusCode).toBe(401);
    expect(wrong.body.code).toBe("INVALID_EMAIL_OR_PASSWORD");
    const right = await post("/api/auth/sign-in/email", {
      email,
      password: "green mangoes ripen",
    });
    expect(right.response.statusCode).toBe(200);
    const second = sessionCookie(right.response.headers["set-cookie"]);
    expect(second).toBeDefined();
    expect(cookieHeader(second!)).not.toBe(cookieHeader(first!));
    expect((await currentUser(second!))?.email).toBe(email);
  });

  it("ends the session on the server at sign-out", async () => {
    const email = newEmail();
    const cookie = sessionCookie((await signUp(email)).response.headers["set-cookie"])!;
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    const countSessions = async () =>
      (await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user!.id))).length;
    expect(await countSessions()).toBe(1);
    const out = await post("/api/auth/sign-out", {}, { cookie: cookieHeader(cookie) });
    expect(out.response.statusCode).toBe(200);
    expect(await countSessions()).toBe(0);
    expect(await currentUser(cookie)).toBeNull();
  });

  it("refuses a sign-in posted from another site", async () => {
    const email = newEmail();
    await signUp(email);
    const { response } = await post(
      "/api/auth/sign-in/email",
      { email, password: "green mangoes ripen" },
      { origin: "https://evil.example" },
    );
    expect(response.statusCode).toBe(403);
    expect(sessionCookie(response.headers["set-cookie"])).toBeUndefined();
  });

  it("keeps the demo signing secret it made, and prefers a configured one", async () => {
    const made = await resolveAuthSecret(ctx.database.db, undefined);
    expect(made.length).toBeGreaterThanOrEqual(32);
    expect(await resolveAuthSecret(ctx.database.db, undefined)).toBe(made);
    expect(await resolveAuthSecret(ctx.database.db, "configured-secret-".repeat(2))).toBe(
      "configured-secret-configured-secret-",
    );
  });
});
