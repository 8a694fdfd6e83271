import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../db/client.ts";
import { placeShopOrder, shopOrderRequest } from "../testing/inventory.ts";
import { rawRequest } from "../testing/raw-http.ts";
import { REAL_STORE } from "../testing/real-store.ts";
import { testDatabaseKinds, useTestApp } from "../testing/test-app.ts";
import { METRICS_PATH } from "./metrics-routes.ts";

const TOKEN = "metrics-token-for-the-tests-0123456789";

/**
 * What a proxy on the same machine may add to say whom it forwards for, as each would spell it:
 * any of them means the loopback peer is not the caller.
 */
const FORWARDING = [
  ["Forwarded", "for=203.0.113.9"],
  ["FORWARDED", "for=203.0.113.9;proto=https"],
  ["forwarded", 'for="[2001:db8::1]"'],
  ["X-Real-IP", "203.0.113.9"],
  ["x-real-ip", "203.0.113.9"],
  ["X-REAL-IP", "203.0.113.9"],
  ["X_Real_IP", "203.0.113.9"],
  ["X-Forwarded-For", "203.0.113.9"],
  ["x-forwarded-for", "127.0.0.1"],
  ["X-FORWARDED-FOR", ""],
  ["X_Forwarded_For", "203.0.113.9"],
  ["X-Forwarded-Host", "shop.example.in"],
  ["X-Forwarded-Proto", "https"],
  ["x-forwarded-port", "443"],
  ["X-Forwarded-Server", "proxy"],
  ["X-Forwarded-Prefix", "/"],
  ["X-Forwarded-Anything-Else", "1"],
  ["X-Original-Forwarded-For", "203.0.113.9"],
  ["Via", "1.1 proxy"],
  ["True-Client-IP", "203.0.113.9"],
  ["CF-Connecting-IP", "203.0.113.9"],
  ["X-Client-IP", "203.0.113.9"],
] as const;

/** One sample's value from Prometheus' text format, or undefined when it is not there. */
function sample(text: string, name: string, labels = ""): number | undefined {
  const line = text.split("\n").find((entry) => entry.startsWith(`${name}${labels} `));
  return line === undefined ? undefined : Number(line.split(" ").at(-1));
}

describe.each(testDatabaseKinds)("metrics on %s", (kind) => {
  const ctx = useTestApp(kind);

  const scrape = async () => {
    const response = await ctx.app.inject({ url: METRICS_PATH, remoteAddress: "127.0.0.1" });
    expect(response.statusCode, response.body).toBe(200);
    return response.body;
  };
  /** A product with plenty on the shelf, and the least of it one may buy (250 g, or 1 unit). */
  const plentiful = async () => {
    const [product] = rowsOf<{ id: string; minimum: number }>(
      await ctx.database.db.execute(
        sql`select id, minimum from products where stock > 100 * minimum limit 1`,
      ),
    );
    return { productId: product!.id, quantity: Number(product!.minimum) };
  };
  const placeCash = async () => placeShopOrder(ctx.app, [await plentiful()]);

  it("counts checkouts by outcome, times routes by their pattern, and reads the mail queue", async () => {
    const before = sample(await scrape(), "fhh_orders_total", '{outcome="placed"}') ?? 0;
    const lateBefore = sample(await scrape(), "fhh_orders_late") ?? 0;
    const placed = await placeCash();
    expect(placed.statusCode).toBe(201);
    // Placed two hours ago and never delivered: past the 60-minute promise.
    await ctx.database.db.execute(sql`
      update orders set placed_at = now() - interval '2 hours'
      where order_number = ${placed.json().orderNumber}`);
    const text = await scrape();
    expect(sample(text, "fhh_orders_late")).toBe(lateBefore + 1);
    expect(sample(text, "fhh_orders_total", '{outcome="placed"}')).toBe(before + 1);
    expect(
      sample(
        text,
        "fhh_http_request_duration_seconds_count",
        '{method="POST",route="/api/orders",status="201"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    // The pattern, not the path: order numbers never become label values.
    await ctx.app.inject({ url: "/api/orders/FHH-NOPE-1" });
    expect(await scrape()).toContain('route="/api/orders/:orderNumber"');
    expect(await scrape()).not.toContain("FHH-NOPE-1");
    // The confirmation waits in the outbox until the mail worker sends it.
    expect(sample(text, "fhh_mail_queue_depth")).toBeGreaterThanOrEqual(1);
    expect(sample(text, "fhh_mail_oldest_unsent_seconds")).toBeGreaterThanOrEqual(0);
    for (const name of [
      "fhh_payments_total",
      "fhh_rate_limited_total",
      "fhh_http_server_errors_total",
      "fhh_db_pool_waiting",
      "fhh_pglite_thread_utilisation",
      "fhh_process_cpu_seconds_total",
    ]) {
      expect(text).toContain(`# TYPE ${name}`);
    }
    // Without DATABASE_READ_URL there is no replica to report on, nor to alert about.
    expect(text).not.toContain("fhh_read_replica");
  });

  it("counts a checkout once, however often a retry is answered with its order", async () => {
    const request = shopOrderRequest([await plentiful()]);
    const before = sample(await scrape(), "fhh_orders_total", '{outcome="placed"}') ?? 0;
    const first = await ctx.app.inject(request);
    const again = await ctx.app.inject(request);
    expect(first.statusCode).toBe(201);
    expect(again.json().orderNumber).toBe(first.json().orderNumber);
    expect(sample(await scrape(), "fhh_orders_total", '{outcome="placed"}')).toBe(before + 1);
  });

  it("counts a refused checkout by its reason", async () => {
    const response = await placeShopOrder(ctx.app, [{ productId: "no-such-product", quantity: 1 }]);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    const code = response.json().code as string;
    expect(
      sample(await scrape(), "fhh_orders_total", `{outcome="${code}"}`),
    ).toBeGreaterThanOrEqual(1);
  });

  it("answers only a scraper on this machine that talks to the store directly", async () => {
    const remote = await ctx.app.inject({ url: METRICS_PATH, remoteAddress: "203.0.113.9" });
    expect(remote.statusCode).toBe(404);
    // Through the proxy on the same machine: loopback, but forwarded for someone outside.
    const proxied = await ctx.app.inject({
      url: METRICS_PATH,
      remoteAddress: "127.0.0.1",
      headers: { "x-forwarded-for": "203.0.113.9" },
    });
    expect(proxied.statusCode).toBe(404);
    expect(proxied.body).not.toContain("fhh_");
    for (const spelling of ["/metrics/", "/METRICS", "/metrics?x=1", "//metrics", "/./metrics"]) {
      const response = await ctx.app.inject({ url: spelling, remoteAddress: "203.0.113.9" });
      expect(response.body, spelling).not.toContain("fhh_");
    }
  });
});

describe.each(testDatabaseKinds)("metrics from this machine on %s", (kind) => {
  const ctx = useTestApp(kind);

  it("answers a scraper on loopback that sends no forwarding header", async () => {
    const direct = await rawRequest(ctx.app, "GET", METRICS_PATH);
    expect(direct.status).toBe(200);
    expect(direct.body).toContain("fhh_orders_total");
  });

  it.each(FORWARDING)("refuses a loopback caller that sends %s", async (name, value) => {
    const forwarded = await rawRequest(ctx.app, "GET", METRICS_PATH, {
      headers: { [name]: value },
    });
    expect(forwarded.status).toBe(404);
    expect(forwarded.body).not.toContain("fhh_");
  });
});

describe.each([
  ["behind a proxy (TRUST_PROXY=1)", { TRUST_PROXY: "1", ...REAL_STORE }],
  [
    "behind a proxy on loopback (TRUST_PROXY=127.0.0.1)",
    { TRUST_PROXY: "127.0.0.1", ...REAL_STORE },
  ],
  ["on every interface (HOST=0.0.0.0)", { HOST: "0.0.0.0", DEMO_MODE: "true" }],
] as const)("metrics %s without a token", (_, env) => {
  describe.each(testDatabaseKinds)("on %s", (kind) => {
    const ctx = useTestApp(kind, env);

    it("answers nobody, not even a direct loopback caller", async () => {
      for (const remoteAddress of ["127.0.0.1", "::1", "203.0.113.9"]) {
        const response = await ctx.app.inject({ url: METRICS_PATH, remoteAddress });
        expect(response.statusCode, remoteAddress).toBe(404);
        expect(response.body).not.toContain("fhh_");
      }
      const direct = await rawRequest(ctx.app, "GET", METRICS_PATH);
      expect(direct.status).toBe(404);
      const bearer = await rawRequest(ctx.app, "GET", METRICS_PATH, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(bearer.status).toBe(404);
    });
  });
});

describe.each(testDatabaseKinds)("metrics behind a proxy with a token on %s", (kind) => {
  const ctx = useTestApp(kind, { TRUST_PROXY: "1", METRICS_TOKEN: TOKEN, ...REAL_STORE });

  it("answers the bearer of the token, forwarded or not, and refuses every other credential", async () => {
    for (const headers of <Record<string, string>[]>[
      { authorization: `Bearer ${TOKEN}` },
      { authorization: `Bearer ${TOKEN}`, "x-forwarded-for": "203.0.113.9" },
    ]) {
      const response = await rawRequest(ctx.app, "GET", METRICS_PATH, { headers });
      expect(response.status).toBe(200);
      expect(response.body).toContain("fhh_orders_total");
    }
    for (const authorization of [
      "",
      TOKEN,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Bearer ${TOKEN.toUpperCase()}`,
      `bearer ${TOKEN}`,
      `Bearer  ${TOKEN}`,
      `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString("base64")}`,
      `Bearer ${"x".repeat(TOKEN.length)}`,
      `Bearer ${TOKEN}${"x".repeat(4096)}`,
    ]) {
      const response = await rawRequest(ctx.app, "GET", METRICS_PATH, {
        headers: authorization ? { authorization } : {},
      });
      expect(response.status, authorization.slice(0, 60)).toBe(404);
      expect(response.body).not.toContain("fhh_");
    }
  });
});

describe("metrics behind a token", () => {
  const ctx = useTestApp("pglite", { METRICS_TOKEN: TOKEN });

  it("answers the bearer of the token from anywhere, and nobody else, loopback included", async () => {
    const bearer = await ctx.app.inject({
      url: METRICS_PATH,
      remoteAddress: "203.0.113.9",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(bearer.statusCode).toBe(200);
    expect(bearer.body).toContain("fhh_orders_total");
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      TOKEN,
    ]) {
      const response = await ctx.app.inject({
        url: METRICS_PATH,
        remoteAddress: "127.0.0.1",
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode, String(authorization)).toBe(404);
    }
  });
});
