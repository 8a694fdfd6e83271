import { describe, expect, it } from "vitest";
import { TEST_ORIGIN } from "../testing/customers.ts";
import { type TestContext, testDatabaseKinds, useTestApp } from "../testing/test-app.ts";

// The feedback form takes 10 messages per client address per 10 minutes.
const LIMIT = 10;
const feedback = { name: "Asha", email: "asha@example.in", message: "Lovely mangoes!" };

function sendFeedback(ctx: TestContext, remoteAddress: string, forwardedFor?: string) {
  return ctx.app.inject({
    method: "POST",
    url: "/api/feedback",
    payload: feedback,
    remoteAddress,
    headers: {
      origin: TEST_ORIGIN,
      ...(forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor }),
    },
  });
}

/** Sends LIMIT messages that must pass, then one more that must be refused. */
async function expectOneBucket(requests: (() => ReturnType<typeof sendFeedback>)[]) {
  expect(requests).toHaveLength(LIMIT + 1);
  const statuses = [];
  for (const request of requests) statuses.push((await request()).statusCode);
  expect(statuses).toEqual([...new Array(LIMIT).fill(201), 429]);
}

const range = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

describe.each(testDatabaseKinds)("client addresses on %s", (kind) => {
  describe("connecting directly", () => {
    const ctx = useTestApp(kind);

    it("counts every IPv6 address in one /64 as one client, however it is spelt", async () => {
      const spellings = [
        ...range(8).map((n) => `2001:db8:a:1::${n.toString(16)}`),
        "2001:DB8:A:1:FFFF:FFFF:FFFF:FFFF",
        "2001:0db8:000a:0001:0:0:0:abcd",
        "2001:db8:a:1:1234:5678:1.2.3.4",
      ];
      await expectOneBucket(spellings.map((address) => () => sendFeedback(ctx, address)));
      // The next /64 is someone else.
      expect((await sendFeedback(ctx, "2001:db8:a:2::1")).statusCode).toBe(201);
      expect((await sendFeedback(ctx, "2001:db8:b:1::1")).statusCode).toBe(201);
    });

    it("counts an IPv4 client reaching us over IPv6 as its IPv4 address", async () => {
      await expectOneBucket([
        ...range(LIMIT).map(() => () => sendFeedback(ctx, "::ffff:198.51.100.7")),
        () => sendFeedback(ctx, "198.51.100.7"),
      ]);
      expect((await sendFeedback(ctx, "198.51.100.8")).statusCode).toBe(201);
    });

    it("ignores X-Forwarded-For when no proxy is trusted", async () => {
      await expectOneBucket(
        range(LIMIT + 1).map((n) => () => sendFeedback(ctx, "198.51.100.30", `203.0.113.${n}`)),
      );
    });
  });

  describe("behind one proxy (TRUST_PROXY=1)", () => {
    const ctx = useTestApp(kind, { TRUST_PROXY: "1", DEMO_MODE: "true" });

    it("takes the address the proxy appended, not what the client wrote before it", async () => {
      await expectOneBucket(
        range(LIMIT + 1).map(
          (n) => () =>
            sendFeedback(ctx, "127.0.0.1", `203.0.113.${n}, 2001:db8::${n}, 198.51.100.50`),
        ),
      );
      expect((await sendFeedback(ctx, "127.0.0.1", "198.51.100.51")).statusCode).toBe(201);
      // A proxy passing on nonsense still gets an answer, not a server error.
      expect((await sendFeedback(ctx, "127.0.0.1", "not an address, ::zz")).statusCode).toBe(201);
    });
  });

  describe("behind listed proxies (TRUST_PROXY=10.0.0.1,10.0.1.0/24)", () => {
    const ctx = useTestApp(kind, { TRUST_PROXY: "10.0.0.1,10.0.1.0/24", DEMO_MODE: "true" });

    it("believes only the entries listed proxies appended", async () => {
      await expectOneBucket(
        range(LIMIT + 1).map(
          (n) => () => sendFeedback(ctx, "10.0.0.1", `203.0.113.${n}, 198.51.100.60, 10.0.1.7`),
        ),
      );
    });

    it("counts a client that is not a listed proxy as itself, whatever it forwards", async () => {
      await expectOneBucket(
        range(LIMIT + 1).map(
          (n) => () => sendFeedback(ctx, "198.51.100.70", `203.0.113.${n}, 10.0.0.1`),
        ),
      );
    });
  });
});
