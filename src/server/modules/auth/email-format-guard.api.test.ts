import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { FORMAT_MESSAGES } from "../../../shared/rules/formats.ts";
import { mailOutbox, users } from "../../db/schema/index.ts";
import { validRequest } from "../../testing/bulk-orders.ts";
import { freshAddress, freshMobile, TEST_ORIGIN } from "../../testing/customers.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

/**
 * Text a mail library reads as several recipients, or as a name with an address. Each form gets
 * its own (the tag), so the per-address limits on codes stay out of the way.
 */
const notOneMailbox = (tag: string) => [
  `${tag},b@x.in`,
  `${tag}@x.in,me@y.in`,
  `<${tag}@y.in>`,
  `"Asha" <${tag}@x.in>`,
  `Asha <${tag}@x.in>`,
  `"${tag},b"@x.in`,
  `g: ${tag}@x.in;`,
  `${tag}@x.in (Asha)`,
];
let tags = 0;

describe.each(testDatabaseKinds)("one mailbox per email address on %s", (kind) => {
  const ctx = useTestApp(kind);
  const post = (url: string, payload: object) =>
    ctx.app.inject({
      method: "POST",
      url,
      payload,
      headers: { origin: TEST_ORIGIN, "idempotency-key": `mailbox-${Date.now()}-${Math.random()}` },
      remoteAddress: freshAddress(),
    });
  const count = async (table: typeof mailOutbox | typeof users) =>
    (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

  const forms: [string, string, (email: string) => object][] = [
    [
      "checkout",
      "/api/orders",
      (email) => ({
        contact: { firstName: "Ravi", lastName: "", email, phone: freshMobile() },
        delivery: { address: "1 Unit 4", city: "Bhubaneswar", state: "Odisha", pincode: "751001" },
        payment: { method: "cash" },
        items: [{ productId: "onions", quantity: 1_000 }],
      }),
    ],
    [
      "support",
      "/api/support/tickets",
      (email) => ({
        name: "Ravi Sahu",
        email,
        queryType: "order_status",
        message: "Where is my order?",
      }),
    ],
    ["bulk request", "/api/bulk-orders", (email) => validRequest({ email })],
    ["feedback", "/api/feedback", (email) => ({ name: "Ravi", email, message: "Lovely mangoes" })],
    [
      "sign-up",
      "/api/auth/sign-up/email",
      (email) => ({ name: "Ravi Sahu", email, password: "green mangoes ripen" }),
    ],
    ["sign-in", "/api/auth/sign-in/email", (email) => ({ email, password: "green mangoes ripen" })],
    [
      "a verification code",
      "/api/auth/email-otp/send-verification-otp",
      (email) => ({ email, type: "email-verification" }),
    ],
    ["a password reset", "/api/auth/email-otp/request-password-reset", (email) => ({ email })],
    [
      "signing in with a code",
      "/api/auth/email-otp/send-verification-otp",
      (email) => ({ email, type: "sign-in" }),
    ],
  ];

  it.each(forms)("%s refuses every address that is not one mailbox", async (_form, url, body) => {
    const before = [await count(mailOutbox), await count(users)];
    for (const email of notOneMailbox(`form${++tags}`)) {
      const response = await post(url, body(email));
      expect(response.statusCode, email).toBe(400);
      expect(response.json().message, email).toContain(FORMAT_MESSAGES.email);
    }
    expect([await count(mailOutbox), await count(users)]).toEqual(before);
  });

  it("still signs up and sends codes to a plain address", async () => {
    const email = `plain${Date.now()}@example.in`;
    const signUp = await post("/api/auth/sign-up/email", {
      name: "Ravi Sahu",
      email,
      password: "green mangoes ripen",
    });
    expect(signUp.statusCode).toBe(200);
    const reset = await post("/api/auth/email-otp/request-password-reset", { email });
    expect(reset.statusCode).toBe(200);
  });
});
