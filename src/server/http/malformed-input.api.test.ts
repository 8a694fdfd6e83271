import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "../../shared/contracts/errors.ts";
import { rowsOf } from "../db/client.ts";
import { runOncePerKey } from "../modules/idempotency/idempotency-store.ts";
import { createTestGateway } from "../modules/payments/test-gateway.ts";
import { validRequest } from "../testing/bulk-orders.ts";
import { freshAddress, TEST_ORIGIN } from "../testing/customers.ts";
import { testDatabaseKinds, useTestApp } from "../testing/test-app.ts";
import { AppError } from "./app-error.ts";

const order = {
  contact: { firstName: "Asha", lastName: "Das", email: "asha@example.in", phone: "9876543210" },
  delivery: { address: "12 Janpath", city: "Bhubaneswar", state: "Odisha", pincode: "751007" },
  notes: "Ring twice",
  payment: { method: "cash" },
  items: [{ productId: "mangoes", quantity: 1_000 }],
};
const card = { method: "card" };
const supportTicket = {
  name: "Asha Das",
  email: "asha@example.in",
  queryType: "others",
  message: "Where is my order?",
};
const feedback = { name: "Asha Das", email: "asha@example.in", message: "Lovely mangoes" };

let keys = 0;
const newKey = () => `malformed-${Date.now()}-${++keys}`;

/** The store's own error body: a known code and a message that says what to fix. */
function expectRefusal(response: LightMyRequestResponse, status: number, message?: RegExp) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json();
  expect(ERROR_CODES).toContain(body.code);
  expect(body.message).toEqual(expect.any(String));
  if (message) expect(body.message).toMatch(message);
}

const NOT_TEXT = /NUL character or broken Unicode/;

describe.each(testDatabaseKinds)("malformed input on %s", (kind) => {
  const gateway = createTestGateway();
  const ctx = useTestApp(kind, {}, { gateway });

  const send = (
    method: "GET" | "POST" | "PUT",
    url: string,
    payload?: string | Buffer,
    headers: Record<string, string> = {},
  ) =>
    ctx.app.inject({
      method,
      url,
      ...(payload !== undefined && { payload }),
      headers: { origin: TEST_ORIGIN, ...headers },
      remoteAddress: freshAddress(),
    });
  const sendJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    send("POST", url, JSON.stringify(body), { "content-type": "application/json", ...headers });

  it.each([
    [
      "an order's first name",
      "/api/orders",
      { ...order, contact: { ...order.contact, firstName: "A\u0000" } },
    ],
    [
      "an order's address",
      "/api/orders",
      { ...order, delivery: { ...order.delivery, address: "12\u0000" } },
    ],
    ["an order's notes", "/api/orders", { ...order, notes: "\u0000" }],
    [
      "an order's product id",
      "/api/orders",
      { ...order, items: [{ productId: "a\u0000b", quantity: 1 }] },
    ],
    ["a ticket's name", "/api/support/tickets", { ...supportTicket, name: "A\u0000" }],
    ["a ticket's message", "/api/support/tickets", { ...supportTicket, message: "hi\u0000" }],
    ["feedback's name", "/api/feedback", { ...feedback, name: "A\u0000" }],
    ["a bulk request's products", "/api/bulk-orders", validRequest({ products: "Onions\u0000" })],
    ["a bulk request's location", "/api/bulk-orders", validRequest({ location: "\u0000" })],
  ])("refuses a NUL in %s with a 400 naming the field", async (_what, url, body) => {
    const response = await sendJson(url, body, { "idempotency-key": newKey() });
    expectRefusal(response, 400, NOT_TEXT);
  });

  it("refuses a NUL in the shopper's name before asking the provider for an order", async () => {
    const before = gateway.ordersCreated;
    const body = { ...order, contact: { ...order.contact, firstName: "A\u0000" }, payment: card };
    const response = await sendJson("/api/orders", body, { "idempotency-key": newKey() });
    expectRefusal(response, 400, NOT_TEXT);
    expect(gateway.ordersCreated).toBe(before);
  });

  it("refuses a lone surrogate in checkout, and the same key again gets the same refusal", async () => {
    const key = newKey();
    const text = JSON.stringify(order).replace('"Asha"', '"\\ud800"');
    for (const _attempt of [1, 2]) {
      const response = await send("POST", "/api/orders", text, {
        "content-type": "application/json",
        "idempotency-key": key,
      });
      expectRefusal(response, 400, NOT_TEXT);
      expect(response.json().field).toBe("contact.firstName");
    }
  });

  it("refuses a NUL or lone surrogate in a key, with the member's path", async () => {
    const response = await send("POST", "/api/feedback", '{"ok":{"a\\u0000":1}}', {
      "content-type": "application/json",
    });
    expectRefusal(response, 400, /has a name that must not contain the NUL character/);
    expect(response.json().field).toBe("ok.a\u0000");
    const surrogate = await send("POST", "/api/feedback", '{"\\udc00":1}', {
      "content-type": "application/json",
    });
    expectRefusal(surrogate, 400, NOT_TEXT);
  });

  it.each([
    ["a NUL in a product id", "/api/products/a%00b"],
    ["a NUL in a search", "/api/products?search=%00"],
    ["a control character in a search", "/api/products?search=tom%01ato"],
    ["a NUL in an order number", "/api/orders/FHH-%00"],
    ["a NUL in a bulk ticket and its token", "/api/bulk-orders/BOR-%00?token=%00"],
    ["a NUL in an account path", "/api/auth/get%00session"],
    ["a control character in an account query", "/api/auth/get-session?x=%07"],
    ["a broken %-escape in a path", "/api/products/%ED%A0%80"],
    ["a truncated %-escape in a path", "/api/orders/FHH-%E2%82"],
  ])("refuses %s with the store's 400", async (_what, url) => {
    expectRefusal(await send("GET", url), 400);
  });

  it("refuses JSON nested 10,000 deep, to the account endpoints too, and keeps 32 levels", async () => {
    for (const payload of [
      `${"[".repeat(10_000)}${"]".repeat(10_000)}`,
      `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`,
    ]) {
      for (const url of ["/api/auth/sign-out", "/api/auth/sign-in/email", "/api/feedback"]) {
        const response = await send("POST", url, payload, { "content-type": "application/json" });
        expectRefusal(response, 400, /nested too deeply: at most 32 levels/);
      }
    }
    const thirtyTwo = await send("POST", "/api/feedback", `${"[".repeat(32)}${"]".repeat(32)}`, {
      "content-type": "application/json",
    });
    expectRefusal(thirtyTwo, 400, /expected object/);
    const thirtyThree = await send("POST", "/api/feedback", `${"[".repeat(33)}${"]".repeat(33)}`, {
      "content-type": "application/json",
    });
    expectRefusal(thirtyThree, 400, /nested too deeply/);
  });

  it("refuses a body that is not UTF-8 instead of reading it with replacement characters", async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"name":"'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('","email":"asha@example.in","message":"hi"}'),
    ]);
    const response = await send("POST", "/api/feedback", bytes, {
      "content-type": "application/json",
    });
    expectRefusal(response, 400, /not valid UTF-8/);
  });

  it.each([
    ["beyond the safe integers", '{"rating":9007199254740993}'],
    ["infinite", '{"rating":1e400}'],
    ["negative and infinite", '{"rating":-1e400}'],
  ])("refuses a number %s", async (_what, payload) => {
    const response = await send("POST", "/api/orders/FHH-123456/rating", payload, {
      "content-type": "application/json",
    });
    expectRefusal(response, 400, /^rating: must be a finite number of at most 9007199254740991/);
  });

  it.each([
    ['{"__proto__":{"admin":true}}'],
    ['{"name":"A","constructor":{"prototype":{"admin":true}}}'],
    ['{"a":[{"\\u005f_proto__":{}}]}'],
  ])("refuses prototype poisoning: %s", async (payload) => {
    const response = await send("POST", "/api/feedback", payload, {
      "content-type": "application/json",
    });
    expectRefusal(response, 400, /must not be __proto__ or constructor.prototype/);
  });

  it("keeps letters, emoji, line breaks and tabs", async () => {
    const response = await sendJson("/api/feedback", {
      ...feedback,
      name: "Ašha 😀 दास",
      message: "line one\nline two\ttabbed",
    });
    expect(response.statusCode).toBe(201);
  });

  const bodyRoutes: [string, "POST" | "PUT"][] = [
    ["/api/orders", "POST"],
    ["/api/orders/FHH-123456/rating", "POST"],
    ["/api/feedback", "POST"],
    ["/api/support/tickets", "POST"],
    ["/api/bulk-orders", "POST"],
    ["/api/bulk-orders/BOR-123456-1234/advance", "POST"],
    ["/api/cart", "PUT"],
    ["/api/cart/merge", "POST"],
    ["/api/auth/sign-in/email", "POST"],
    ["/api/auth/sign-out", "POST"],
  ];
  it.each([
    ["text/plain", "{}"],
    ["application/x-www-form-urlencoded", "a=b"],
    ["multipart/form-data; boundary=x", "--x\r\n\r\nhi\r\n--x--"],
    ["application/json; charset=latin1", "{}"],
    ['application/json; charset="iso-8859-1"', "{}"],
    [undefined, "{}"],
  ])(
    "answers content type %s with a 415 that says to send JSON, on every route with a body",
    async (type, payload) => {
      for (const [url, method] of bodyRoutes) {
        const response = await send(method, url, Buffer.from(payload), {
          ...(type && { "content-type": type }),
          "idempotency-key": newKey(),
        });
        expectRefusal(response, 415, /Content-Type: application\/json/);
      }
    },
  );

  it("takes JSON labelled UTF-8 in any spelling", async () => {
    for (const type of ["application/json; charset=utf-8", "application/json; charset=UTF8"]) {
      const response = await send("POST", "/api/feedback", JSON.stringify(feedback), {
        "content-type": type,
      });
      expect(response.statusCode).toBe(201);
    }
  });

  it("refuses a body over 100 KiB with a 413", async () => {
    const response = await sendJson("/api/feedback", { ...feedback, message: "a".repeat(110_000) });
    expectRefusal(response, 413);
  });

  it("frees a checkout key whose refusal cannot be stored, so the retry is answered", async () => {
    const key = { scope: "checkout", key: newKey(), requestHash: "refusal-test" };
    const refuse = async (): Promise<never> => {
      // PostgreSQL's jsonb takes no U+0000: this refusal cannot be kept as the key's answer.
      throw new AppError("VALIDATION_FAILED", "Unknown product: a\u0000b");
    };
    const first = await runOncePerKey(ctx.database.db, key, refuse, async () => {});
    expect(first.status).toBe(400);
    const stuck = await ctx.database.db.execute(
      sql`select state from idempotency_keys where key = ${`checkout:${key.key}`}`,
    );
    expect(rowsOf<{ state: string }>(stuck)).toEqual([]);
    const retry = await runOncePerKey(ctx.database.db, key, refuse, async () => {});
    expect(retry.status).toBe(400);
  });
});
