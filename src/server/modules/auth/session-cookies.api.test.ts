import { describe, expect, it } from "vitest";
import { type CookieJar, cookieHeaderOf, keepCookies } from "../../testing/cookie-jar.ts";
import { freshAddress } from "../../testing/customers.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

const PASSWORD = "green mangoes ripen";
let counter = 0;
const newEmail = () => `cookies${Date.now()}${++counter}@example.in`;
const guestOrder = {
  contact: { firstName: "Asha", lastName: "Das", email: "asha@example.in", phone: "9876543210" },
  delivery: { address: "12 Janpath", city: "Bhubaneswar", state: "Odisha", pincode: "751007" },
  notes: "",
  payment: { method: "cash" },
  items: [{ productId: "tomatoes", quantity: 2_000 }],
};

/** A browser on the store: its origin, its own address, and the cookies it was given. */
function browserOn(ctx: ReturnType<typeof useTestApp>, origin: string) {
  const jar: CookieJar = new Map();
  const address = freshAddress();
  async function send(method: "GET" | "POST", url: string, payload?: object) {
    const response = await ctx.app.inject({
      method,
      url,
      ...(payload && { payload }),
      headers: {
        origin,
        ...(jar.size > 0 && { cookie: cookieHeaderOf(jar) }),
        ...(method === "POST" &&
          url === "/api/orders" && { "idempotency-key": `guest-${Date.now()}-${++counter}` }),
      },
      remoteAddress: address,
    });
    keepCookies(jar, response.headers["set-cookie"]);
    return response;
  }
  return { jar, send };
}

describe.each(testDatabaseKinds)("session tokens and cookies over http on %s", (kind) => {
  const ctx = useTestApp(kind);
  const ORIGIN = "http://localhost:3000";

  it("never puts the session token in a JSON answer, only in the HTTP-only cookie", async () => {
    const browser = browserOn(ctx, ORIGIN);
    const email = newEmail();
    const answers = [
      await browser.send("POST", "/api/auth/sign-up/email", {
        name: "Asha",
        email,
        password: PASSWORD,
      }),
      await browser.send("POST", "/api/auth/sign-in/email", { email, password: PASSWORD }),
      await browser.send("GET", "/api/auth/get-session"),
    ];
    const token = decodeURIComponent(browser.jar.get("fhh.session_token")!).split(".")[0]!;
    expect(token.length).toBeGreaterThan(20);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toContain(token);
      expect(answer.body).not.toMatch(/"token"/);
      // What the pages read stays.
      expect(answer.json().user).toMatchObject({ email, name: "Asha", emailVerified: false });
      expect(Number(answer.headers["content-length"] ?? answer.body.length)).toBe(
        Buffer.byteLength(answer.body),
      );
    }
    expect(answers[2]!.json().session.expiresAt).toBeTruthy();
  });

  it("forgets this browser's guest orders at sign-out", async () => {
    const browser = browserOn(ctx, ORIGIN);
    const placed = await browser.send("POST", "/api/orders", guestOrder);
    expect(placed.statusCode).toBe(201);
    const order = `/api/orders/${placed.json().orderNumber}`;
    expect(browser.jar.has("fhh_browser")).toBe(true);
    expect((await browser.send("GET", order)).statusCode).toBe(200);

    const email = newEmail();
    await browser.send("POST", "/api/auth/sign-up/email", {
      name: "Asha",
      email,
      password: PASSWORD,
    });
    const out = await browser.send("POST", "/api/auth/sign-out", {});
    expect(out.statusCode).toBe(200);
    expect(browser.jar.has("fhh_browser")).toBe(false);
    expect(browser.jar.has("fhh.session_token")).toBe(false);
    expect((await browser.send("GET", order)).statusCode).toBe(404);
    expect((await browser.send("GET", `${order}/invoice`)).statusCode).toBe(404);
  });

  it("forgets them at sign-out even without a session", async () => {
    const browser = browserOn(ctx, ORIGIN);
    const placed = await browser.send("POST", "/api/orders", guestOrder);
    const order = `/api/orders/${placed.json().orderNumber}`;
    await browser.send("POST", "/api/auth/sign-out", {});
    expect((await browser.send("GET", order)).statusCode).toBe(404);
  });
});

describe.each(testDatabaseKinds)("cookies when the store is on https on %s", (kind) => {
  const ORIGIN = "https://shop.example.in";
  const ctx = useTestApp(kind, { PUBLIC_URL: ORIGIN, DEMO_MODE: "true" });
  const attributesOf = (setCookie: string | string[] | undefined, name: string) =>
    [setCookie ?? []].flat().find((line) => line.startsWith(`${name}=`));

  it("names the session, device and order-access cookies __Host-: Secure, Path=/, no Domain", async () => {
    const browser = browserOn(ctx, ORIGIN);
    const email = newEmail();
    const signedUp = await browser.send("POST", "/api/auth/sign-up/email", {
      name: "Asha",
      email,
      password: PASSWORD,
    });
    expect(signedUp.statusCode).toBe(200);
    const placed = await browser.send("POST", "/api/orders", guestOrder);
    expect(placed.statusCode).toBe(201);
    for (const [answer, name] of [
      [signedUp, "__Host-fhh.session_token"],
      // The device the account signed in on, trusted past a guesser's lockout (decision 40).
      [signedUp, "__Host-fhh_device"],
      [placed, "__Host-fhh_browser"],
    ] as const) {
      const line = attributesOf(answer.headers["set-cookie"], name);
      expect(line, name).toBeDefined();
      expect(line).toMatch(/; Secure/i);
      expect(line).toMatch(/; Path=\/(;|$)/i);
      expect(line).not.toMatch(/Domain=/i);
      expect(line).toMatch(/HttpOnly/i);
    }
    const everyCookie = [signedUp.headers["set-cookie"] ?? []].flat();
    expect(everyCookie.every((line) => /^__Host-fhh[._]/.test(line))).toBe(true);
    expect((await browser.send("GET", "/api/auth/get-session")).json().user.email).toBe(email);
    expect((await browser.send("GET", `/api/orders/${placed.json().orderNumber}`)).statusCode).toBe(
      200,
    );
  });

  it("does not take the same values under names without the prefix", async () => {
    const browser = browserOn(ctx, ORIGIN);
    await browser.send("POST", "/api/auth/sign-up/email", {
      name: "Asha",
      email: newEmail(),
      password: PASSWORD,
    });
    const placed = await browser.send("POST", "/api/orders", guestOrder);
    const session = browser.jar.get("__Host-fhh.session_token")!;
    const key = browser.jar.get("__Host-fhh_browser")!;
    expect(session && key).toBeTruthy();
    for (const cookie of [
      `fhh.session_token=${session}; fhh_browser=${key}`,
      `__Secure-fhh.session_token=${session}`,
    ]) {
      const read = (url: string) => ctx.app.inject({ method: "GET", url, headers: { cookie } });
      expect((await read(`/api/orders/${placed.json().orderNumber}`)).statusCode, cookie).toBe(404);
      expect((await read("/api/auth/get-session")).json(), cookie).toBeNull();
    }
  });
});
