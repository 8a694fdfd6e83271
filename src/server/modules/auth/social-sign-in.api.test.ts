import { eq } from "drizzle-orm";
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_API } from "../../../shared/contracts/account.ts";
import { COMMON_PASSWORD_MESSAGE } from "../../../shared/rules/common-passwords.ts";
import { accounts, mailOutbox, sessions, users } from "../../db/schema/index.ts";
import { drawnMails } from "../../testing/outbox-mail.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

// Sign-in through a real OpenID Connect issuer (oauth2-mock-server on a random local port): the
// store discovers it, sends the browser to its authorize endpoint with PKCE, and at the callback
// exchanges the code and checks the signed ID token before it opens a session.

const ORIGIN = "http://localhost:3000";
let counter = 0;
const unique = () => `${Date.now()}${++counter}`;
let address = 0;
const nextAddress = () => `10.7.${Math.floor(++address / 250)}.${address % 250}`;

type Identity = { sub: string; email: string; email_verified: boolean; name: string };
const newIdentity = (overrides: Partial<Identity> = {}): Identity => {
  const id = unique();
  return {
    sub: `subject-${id}`,
    email: `ravi${id}@example.in`,
    email_verified: true,
    name: "Ravi Kumar",
    ...overrides,
  };
};

/** Cookies as a browser would keep them between the steps of one sign-in. */
class CookieJar {
  private readonly values = new Map<string, string>();
  take(setCookie: string | string[] | undefined) {
    for (const cookie of [setCookie ?? []].flat()) {
      const [pair = "", ...attributes] = cookie.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired) this.values.delete(name);
      else this.values.set(name, pair.slice(at + 1));
    }
  }
  has(name: string) {
    return this.values.has(name);
  }
  get header() {
    return [...this.values].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

describe.each(testDatabaseKinds)("sign-in with outside accounts on %s", (kind) => {
  const issuer = new OAuth2Server();
  // Whoever the issuer says signs in next; each test sets it.
  let identity = newIdentity();
  // Filled once the issuer listens, before the app is built from it (hooks run in this order).
  const env: Record<string, string> = { TRUST_PROXY: "1", DEMO_MODE: "true" };
  beforeAll(async () => {
    await issuer.issuer.keys.generate("RS256");
    await issuer.start(0, "127.0.0.1");
    // Its own default says "localhost"; discovery must name the address it was fetched from.
    issuer.issuer.url = `http://127.0.0.1:${issuer.address().port}`;
    issuer.service.on("beforeTokenSigning", (token) => Object.assign(token.payload, identity));
    Object.assign(env, {
      OIDC_ISSUER_URL: issuer.issuer.url!,
      OIDC_CLIENT_ID: "fresh-harvest-hub",
      OIDC_CLIENT_SECRET: "issuer-test-secret",
      OIDC_PROVIDER_NAME: "Odisha ID",
      GOOGLE_CLIENT_ID: "google-test-client",
      GOOGLE_CLIENT_SECRET: "google-test-secret",
      FACEBOOK_CLIENT_ID: "facebook-test-client",
      FACEBOOK_CLIENT_SECRET: "facebook-test-secret",
    });
  });
  const ctx = useTestApp(kind, env);
  afterAll(() => issuer.stop());

  async function startSignIn(provider: string, jar: CookieJar, from = "login") {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/social",
      payload: {
        provider,
        callbackURL: "/",
        newUserCallbackURL: "/",
        errorCallbackURL: `/${from}?provider=${provider}`,
        disableRedirect: true,
      },
      headers: { origin: ORIGIN, "x-forwarded-for": nextAddress() },
    });
    expect(response.statusCode).toBe(200);
    jar.take(response.headers["set-cookie"]);
    return new URL((response.json() as { url: string }).url);
  }

  /** The whole round trip: store -> issuer's authorize -> store's callback. */
  async function signInThroughIssuer() {
    const jar = new CookieJar();
    const authorize = await startSignIn("oidc", jar);
    const atIssuer = await fetch(authorize, { redirect: "manual" });
    expect(atIssuer.status).toBe(302);
    const callback = new URL(atIssuer.headers.get("location")!);
    expect(callback.origin + callback.pathname).toBe(`${ORIGIN}/api/auth/callback/oidc`);
    const back = await ctx.app.inject({
      method: "GET",
      url: callback.pathname + callback.search,
      headers: { cookie: jar.header, "x-forwarded-for": nextAddress() },
    });
    expect(back.statusCode).toBe(302);
    jar.take(back.headers["set-cookie"]);
    return { authorize, location: back.headers.location as string, jar };
  }

  async function sessionUser(jar: CookieJar) {
    const response = await ctx.app.inject({
      method: "GET",
      url: "/api/auth/get-session",
      headers: { cookie: jar.header },
    });
    expect(response.statusCode).toBe(200);
    type Answer = { user: { id: string; email: string; name: string; emailVerified: boolean } };
    return (response.json() as Answer | null)?.user ?? null;
  }

  const userByEmail = async (email: string) =>
    (await ctx.database.db.select().from(users).where(eq(users.email, email)))[0];
  const accountsOf = async (userId: string) =>
    (await ctx.database.db.select().from(accounts).where(eq(accounts.userId, userId)))
      .map((account) => account.providerId)
      .sort();

  const mailsTo = (email: string) =>
    drawnMails(ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)));

  async function passwordCustomer(email: string, { verified }: { verified: boolean }) {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      payload: { name: "Asha Das", email, password: "green mangoes ripen" },
      headers: { origin: ORIGIN, "x-forwarded-for": nextAddress() },
    });
    expect(response.statusCode).toBe(200);
    // Verifying by code is tested elsewhere; here only the result matters.
    await ctx.database.db
      .update(users)
      .set({ emailVerified: verified })
      .where(eq(users.email, email));
    return (await userByEmail(email))!;
  }

  it("tells the storefront which providers are configured", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/site" });
    expect(response.json().signInProviders).toEqual([
      { id: "google", name: "Google" },
      { id: "facebook", name: "Facebook" },
      { id: "oidc", name: "Odisha ID" },
    ]);
  });

  it("sends Google and Facebook back to the callback the README names", async () => {
    for (const [provider, host] of [
      ["google", "accounts.google.com"],
      ["facebook", "www.facebook.com"],
    ] as const) {
      const authorize = await startSignIn(provider, new CookieJar());
      expect(authorize.host).toBe(host);
      expect(authorize.searchParams.get("client_id")).toBe(`${provider}-test-client`);
      expect(authorize.searchParams.get("redirect_uri")).toBe(
        `${ORIGIN}/api/auth/callback/${provider}`,
      );
    }
  });

  it("creates a new customer with the issuer's verified email and signs them in", async () => {
    identity = newIdentity();
    const { authorize, location, jar } = await signInThroughIssuer();
    expect(authorize.origin).toBe(issuer.issuer.url);
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${ORIGIN}/api/auth/callback/oidc`);
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get("scope")?.split(" ")).toContain("email");
    expect(location).toBe("/");
    expect(jar.has("fhh.session_token")).toBe(true);
    const user = await sessionUser(jar);
    expect(user).toMatchObject({ email: identity.email, name: "Ravi Kumar", emailVerified: true });
    expect(await accountsOf(user!.id)).toEqual(["oidc"]);
    const [account] = await ctx.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.userId, user!.id));
    expect(account!.accountId).toBe(identity.sub);
    expect(account!.password).toBeNull();
    // The issuer vouched for the address: no code to check it again.
    expect(await mailsTo(identity.email)).toHaveLength(0);

    // The same person again is the same customer, with a new session.
    const again = await signInThroughIssuer();
    expect(again.location).toBe("/");
    expect((await sessionUser(again.jar))?.id).toBe(user!.id);
    const userSessions = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user!.id));
    expect(userSessions).toHaveLength(2);
  });

  it("lets a customer made by the issuer set a first password, once, and sign in with it", async () => {
    identity = newIdentity({ name: "Ravi Kumar" });
    const first = await signInThroughIssuer();
    const second = await signInThroughIssuer();
    const user = (await sessionUser(first.jar))!;
    const setPassword = (payload: unknown, cookie = first.jar.header) =>
      ctx.app.inject({
        method: "POST",
        url: ACCOUNT_API.setPassword,
        payload: payload as never,
        headers: { origin: ORIGIN, cookie, "x-forwarded-for": nextAddress() },
      });
    const profile = await ctx.app.inject({
      method: "GET",
      url: ACCOUNT_API.profile,
      headers: { cookie: first.jar.header },
    });
    expect(profile.json().hasPassword).toBe(false);

    expect((await setPassword({ newPassword: "ripe jackfruit in june" }, "")).statusCode).toBe(401);
    const common = await setPassword({ newPassword: "password123" });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toContain(COMMON_PASSWORD_MESSAGE);
    expect((await setPassword({ newPassword: "short" })).statusCode).toBe(400);

    // Tabs at once: one password is set, the others are told there already is one.
    const candidates = ["ripe jackfruit in june", "green mangoes ripen", "fresh okra every day"];
    const tries = await Promise.all(
      [...candidates, ...candidates].map((newPassword) => setPassword({ newPassword })),
    );
    expect(tries.map((response) => response.statusCode).sort()).toEqual([
      204, 409, 409, 409, 409, 409,
    ]);
    expect(await accountsOf(user.id)).toEqual(["credential", "oidc"]);
    const password = candidates[tries.findIndex((response) => response.statusCode === 204) % 3]!;

    // The other device is signed out, as after any password change; this one stays.
    expect(await sessionUser(second.jar)).toBeNull();
    expect((await sessionUser(first.jar))?.id).toBe(user.id);
    const signIn = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email: identity.email, password },
      headers: { origin: ORIGIN, "x-forwarded-for": nextAddress() },
    });
    expect(signIn.statusCode).toBe(200);
    const told = await mailsTo(identity.email);
    expect(told.map((mail) => mail.subject)).toEqual([
      "A password was set on your Fresh Harvest Hub account",
    ]);
    // A password once set is changed with the current one, never set again.
    expect((await setPassword({ newPassword: "sweet corn from cuttack" })).statusCode).toBe(409);
  });

  it("sends a shopper who said no back to the page they came from, signed out", async () => {
    identity = newIdentity();
    issuer.service.once("beforeAuthorizeRedirect", ({ url }) => {
      url.searchParams.delete("code");
      url.searchParams.set("error", "access_denied");
    });
    const { location, jar } = await signInThroughIssuer();
    expect(location).toBe("/login?provider=oidc&error=access_denied");
    expect(jar.has("fhh.session_token")).toBe(false);
    expect(await sessionUser(jar)).toBeNull();
    expect(await userByEmail(identity.email)).toBeUndefined();
  });

  it("sends a way back it cannot trace to a sign-in to the login page", async () => {
    const response = await ctx.app.inject({
      method: "GET",
      url: "/api/auth/callback/oidc?code=forged&state=not-one-of-ours",
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toMatch(/^\/login\?error=state_\w+$/);
    const jar = new CookieJar();
    jar.take(response.headers["set-cookie"]);
    expect(jar.has("fhh.session_token")).toBe(false);
  });

  it("refuses when the issuer will not exchange the code", async () => {
    identity = newIdentity();
    issuer.service.once("beforeResponse", (response) => {
      response.statusCode = 400;
      response.body = { error: "invalid_grant" };
    });
    const { location, jar } = await signInThroughIssuer();
    expect(location).toMatch(/^\/login\?provider=oidc&error=\w+/);
    expect(jar.has("fhh.session_token")).toBe(false);
    expect(await userByEmail(identity.email)).toBeUndefined();
  });

  it("refuses an ID token made out to another client", async () => {
    identity = newIdentity();
    // Registered after the identity listener, so it has the last word on the audience.
    const otherAudience = (token: { payload: Record<string, unknown> }) => {
      token.payload.aud = "someone-else";
    };
    issuer.service.on("beforeTokenSigning", otherAudience);
    try {
      const { location, jar } = await signInThroughIssuer();
      expect(location).toMatch(/^\/login\?provider=oidc&error=\w+/);
      expect(jar.has("fhh.session_token")).toBe(false);
      expect(await userByEmail(identity.email)).toBeUndefined();
    } finally {
      issuer.service.off("beforeTokenSigning", otherAudience);
    }
  });

  it("links a verified identity to the verified password account with the same email", async () => {
    const email = `asha${unique()}@example.in`;
    const customer = await passwordCustomer(email, { verified: true });
    identity = newIdentity({ email });
    const { location, jar } = await signInThroughIssuer();
    expect(location).toBe("/");
    expect((await sessionUser(jar))?.id).toBe(customer.id);
    expect(await accountsOf(customer.id)).toEqual(["credential", "oidc"]);
  });

  it("never links an identity whose email the issuer has not verified", async () => {
    const email = `asha${unique()}@example.in`;
    const customer = await passwordCustomer(email, { verified: true });
    identity = newIdentity({ email, email_verified: false });
    const { location, jar } = await signInThroughIssuer();
    expect(location).toBe("/login?provider=oidc&error=account_not_linked");
    expect(jar.has("fhh.session_token")).toBe(false);
    expect(await accountsOf(customer.id)).toEqual(["credential"]);
  });

  it("never links to a password account that has not proved its email", async () => {
    // Someone who signed up first with another person's address must not share their account.
    const email = `asha${unique()}@example.in`;
    const squatter = await passwordCustomer(email, { verified: false });
    identity = newIdentity({ email });
    const { location, jar } = await signInThroughIssuer();
    expect(location).toBe("/login?provider=oidc&error=account_not_linked");
    expect(jar.has("fhh.session_token")).toBe(false);
    expect(await accountsOf(squatter.id)).toEqual(["credential"]);
  });

  it("makes an unverified identity an unverified customer, who is sent a code", async () => {
    identity = newIdentity({ email_verified: false });
    const { location, jar } = await signInThroughIssuer();
    expect(location).toBe("/");
    expect(await sessionUser(jar)).toMatchObject({ email: identity.email, emailVerified: false });
    const mails = await mailsTo(identity.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toMatch(/\b\d{6}\b/);
  });
});
