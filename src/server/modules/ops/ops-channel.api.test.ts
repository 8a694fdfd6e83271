import { describe, expect, it } from "vitest";
import { requesterCalls } from "../../testing/bulk-orders.ts";
import { TEST_ORIGIN } from "../../testing/customers.ts";
import { type TestContext, testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

const OPS_TOKEN = "ops-token-for-tests-0123456789abcdef";
const REAL_STORE = {
  PUBLIC_URL: "https://shop.example.in",
  SMTP_URL: "smtp://mail.example.in:587",
  SELLER_GSTIN: "21ABCDE1234F1Z5",
  AUTH_SECRET: "a-long-random-secret-of-at-least-32-chars",
};

function quote(
  ctx: TestContext,
  ticketId: string,
  options: { headers?: Record<string, string>; remoteAddress?: string; payload?: object } = {},
) {
  return ctx.app.inject({
    method: "POST",
    url: `/api/ops/bulk-orders/${ticketId}/quote`,
    payload: options.payload ?? { quotePaise: 5_000_00, approveCod: false },
    headers: { authorization: `Bearer ${OPS_TOKEN}`, origin: TEST_ORIGIN, ...options.headers },
    remoteAddress: options.remoteAddress ?? "127.0.0.1",
  });
}

/** What the store answers for a path it does not serve: the refusals must look the same. */
async function unknownPath(ctx: TestContext, ticketId: string, origin: string) {
  const response = await ctx.app.inject({
    method: "POST",
    url: `/api/ops/bulk-orders/${ticketId}/price`,
    payload: {},
    headers: { origin },
  });
  expect(response.statusCode).toBe(404);
  return response.json().code;
}

async function expectRefused(
  ctx: TestContext,
  response: Awaited<ReturnType<typeof quote>>,
  origin = TEST_ORIGIN,
) {
  expect(response.statusCode).toBe(404);
  expect(response.json()).toEqual({
    code: await unknownPath(ctx, "x", origin),
    message: `No route for POST ${response.raw.req.url}`,
  });
}

describe.each(testDatabaseKinds)("the store's command channel on %s", (kind) => {
  describe("a demo store on loopback that trusts a proxy at ::1", () => {
    const ctx = useTestApp(kind, { TRUST_PROXY: "::1" }, { opsToken: OPS_TOKEN });
    const calls = requesterCalls(ctx);

    it("takes a command from this machine with the token", async () => {
      const { ticketId } = await calls.submitted();
      expect((await quote(ctx, ticketId)).statusCode).toBe(200);
      expect((await quote(ctx, ticketId, { remoteAddress: "::ffff:127.0.0.1" })).statusCode).toBe(
        200,
      );
    });

    it.each([
      ["x-forwarded-for", "127.0.0.1"],
      ["X-Forwarded-For", ""],
      ["forwarded", "for=127.0.0.1"],
      ["x-real-ip", "127.0.0.1"],
      ["x-forwarded-host", "localhost:3000"],
      ["x-forwarded-proto", "http"],
    ])(
      "turns away a request a proxy passed on (%s: %j) as if the path did not exist",
      async (name, value) => {
        const { ticketId } = await calls.submitted();
        await expectRefused(ctx, await quote(ctx, ticketId, { headers: { [name]: value } }));
      },
    );

    it("turns away a request whose peer is a trusted proxy, even with no forwarding headers", async () => {
      const { ticketId } = await calls.submitted();
      await expectRefused(ctx, await quote(ctx, ticketId, { remoteAddress: "::1" }));
    });

    it("gives an outsider, a wrong token or a bad body no hint that the path exists", async () => {
      const { ticketId } = await calls.submitted();
      await expectRefused(ctx, await quote(ctx, ticketId, { remoteAddress: "203.0.113.9" }));
      await expectRefused(
        ctx,
        await quote(ctx, ticketId, { headers: { authorization: `Bearer ${"x".repeat(36)}` } }),
      );
      await expectRefused(
        ctx,
        await quote(ctx, ticketId, { headers: { "x-forwarded-for": "1.2.3.4" }, payload: {} }),
      );
      await expectRefused(
        ctx,
        await quote(ctx, ticketId, { remoteAddress: "203.0.113.9", payload: { quotePaise: "x" } }),
      );
    });
  });

  describe("a real store listening on every interface", () => {
    const ctx = useTestApp(kind, { HOST: "0.0.0.0", ...REAL_STORE }, { opsToken: OPS_TOKEN });
    const calls = requesterCalls(ctx);

    it("takes no commands at all, even from loopback with the token", async () => {
      const { ticketId } = await calls.submitted({}, { origin: REAL_STORE.PUBLIC_URL });
      const origin = REAL_STORE.PUBLIC_URL;
      await expectRefused(ctx, await quote(ctx, ticketId, { headers: { origin } }), origin);
    });
  });

  describe("a demo store listening on every interface", () => {
    const ctx = useTestApp(kind, { HOST: "0.0.0.0", DEMO_MODE: "true" }, { opsToken: OPS_TOKEN });
    const calls = requesterCalls(ctx);

    it("takes commands from this machine", async () => {
      const { ticketId } = await calls.submitted();
      expect((await quote(ctx, ticketId)).statusCode).toBe(200);
      await expectRefused(ctx, await quote(ctx, ticketId, { remoteAddress: "192.0.2.1" }));
    });
  });
});
