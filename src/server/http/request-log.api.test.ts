import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type StoreApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { HEALTH_PATHS } from "../modules/health/health-routes.ts";
import { validRequest } from "../testing/bulk-orders.ts";
import { freshAddress, TEST_ORIGIN } from "../testing/customers.ts";
import { testDatabaseKinds, useTestApp } from "../testing/test-app.ts";

const ALLOWED = new Set(["method", "url", "remoteAddress", "remotePort"]);

type LogLine = { msg: string; req?: Record<string, unknown>; [key: string]: unknown };

describe.each(testDatabaseKinds)("the request log on %s", (kind) => {
  const ctx = useTestApp(kind);
  const lines: string[] = [];
  let app: StoreApp;

  beforeAll(async () => {
    const config = loadConfig({
      NODE_ENV: "test",
      WEB_DIST_DIR: "./.tmp/no-web-build",
      LOG_LEVEL: "info",
    });
    app = await buildApp({
      config,
      database: ctx.database,
      logStream: { write: (line) => void lines.push(line) },
    });
    await app.ready();
  });
  afterAll(() => app?.close());

  const parsed = () => lines.map((line) => JSON.parse(line) as LogLine);

  it("logs each request's method, path and address, never the emailed link's token", async () => {
    const submitted = await app.inject({
      method: "POST",
      url: "/api/bulk-orders",
      payload: validRequest({ email: "logs@example.in" }),
      headers: { origin: TEST_ORIGIN },
      remoteAddress: freshAddress(),
    });
    expect(submitted.statusCode).toBe(201);
    const link = new URL(submitted.json().link);
    const ticketId = link.searchParams.get("ticket")!;
    const token = link.searchParams.get("token")!;
    lines.length = 0;

    // The link as the API reads it, as the page is opened, with a payment, and with a bad token.
    const opened = await app.inject({
      url: `/api/bulk-orders/${ticketId}?token=${token}`,
      remoteAddress: "203.0.113.7",
    });
    expect(opened.statusCode).toBe(200);
    const page = await app.inject({ url: `${link.pathname}${link.search}` });
    expect(page.statusCode).toBe(404);
    const paid = await app.inject({
      method: "POST",
      url: `/api/bulk-orders/${ticketId}/advance?token=${token}&again=${token}`,
      payload: { method: "net_banking", bank: "sbi" },
      headers: { origin: TEST_ORIGIN, "idempotency-key": `log-test-${kind}-key-0001` },
      remoteAddress: freshAddress(),
    });
    expect(paid.statusCode).toBe(409);
    const forged = `${token.slice(0, 30)}xx${token.slice(32)}`;
    const refused = await app.inject({ url: `/api/bulk-orders/${ticketId}?token=${forged}` });
    expect(refused.statusCode).toBe(404);

    expect(lines.length).toBeGreaterThanOrEqual(8);
    for (const line of lines) {
      expect(line).not.toContain(token);
      expect(line).not.toContain(forged);
      expect(line).not.toContain("?");
    }
    const incoming = parsed().filter((line) => line.msg === "incoming request");
    expect(incoming[0]!.req).toMatchObject({
      method: "GET",
      url: `/api/bulk-orders/${ticketId}`,
      remoteAddress: "203.0.113.7",
    });
    // Nothing else about the request: no headers, no query, no body.
    for (const { req } of incoming) {
      expect(Object.keys(req!).filter((key) => !ALLOWED.has(key))).toEqual([]);
    }
    expect(incoming.map((line) => line.req!.url)).toEqual([
      `/api/bulk-orders/${ticketId}`,
      "/bulk-order-confirmation",
      `/api/bulk-orders/${ticketId}/advance`,
      `/api/bulk-orders/${ticketId}`,
    ]);
    // Every line of one request carries its id, so the completed line still says which it was.
    const completed = parsed().filter((line) => line.msg === "request completed");
    expect(completed.map((line) => line.reqId)).toEqual(incoming.map((line) => line.reqId));
  });

  it("logs a refusal the store means (a stopping instance's readiness) as a warning without a stack", async () => {
    lines.length = 0;
    // Readiness while draining: the proxy's checks ask every second during a stop.
    app.readiness.drain();
    const draining = await app.inject({ url: HEALTH_PATHS.ready });
    expect(draining.statusCode).toBe(503);
    const refusal = parsed().find((line) => line.msg.startsWith("request refused:"));
    expect(refusal).toMatchObject({ level: 40, code: "UNAVAILABLE" });
    expect(JSON.stringify(refusal)).not.toContain("stack");
    expect(parsed().filter((line) => (line.level as number) >= 50)).toEqual([]);
  });
});
