import type { IncomingMessage } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type StoreApp } from "../app.ts";
import { testConfig, useTestApp } from "../testing/test-app.ts";
import { requestIdGenerator } from "./request-id.ts";

type LogLine = { msg: string; reqId?: string; [key: string]: unknown };

/** A store whose log lines the test reads, behind one trusted proxy or none. */
function useStoreWithLog(trustProxy: string | undefined) {
  const ctx = useTestApp("pglite");
  const lines: string[] = [];
  let app: StoreApp;
  beforeAll(async () => {
    const config = testConfig({
      LOG_LEVEL: "info",
      // Behind a proxy demo mode is on only when asked for.
      ...(trustProxy && { TRUST_PROXY: trustProxy, DEMO_MODE: "true" }),
    });
    app = await buildApp({
      config,
      database: ctx.database,
      logStream: { write: (line) => void lines.push(line) },
    });
    // A handler that logs with the app's logger, as modules do (the payment intake, the mail).
    app.get("/api/testing/app-log", { config: { public: true } }, async () => {
      app.log.warn("written with the app's logger");
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(() => app?.close());
  return {
    app: () => app,
    lines: () => lines.map((line) => JSON.parse(line) as LogLine),
  };
}

describe("request ids, with no proxy trusted", () => {
  const store = useStoreWithLog(undefined);

  it("names every answer with an id of its own, unique across requests", async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const response = await store.app().inject({ url: "/api/health" });
      const id = String(response.headers["x-request-id"]);
      expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
      ids.add(id);
    }
    expect(ids.size).toBe(20);
  });

  it("draws ids in batches without repeating one across batches, and each generator its own", () => {
    const request = { headers: {}, socket: { remoteAddress: "203.0.113.9" } } as IncomingMessage;
    const first = requestIdGenerator(false);
    const second = requestIdGenerator(false);
    const ids = new Set<string>();
    // Several batches of 256 each, from two generators (two instances of the store).
    for (let i = 0; i < 1000; i++) ids.add(first(request)).add(second(request));
    expect(ids.size).toBe(2000);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });

  it("puts the id in every error body, beside the header", async () => {
    const response = await store.app().inject({ url: "/api/no-such-thing" });
    expect(response.statusCode).toBe(404);
    expect(response.json().requestId).toBe(response.headers["x-request-id"]);
    const framework = await store.app().inject({ url: "/api/%E0%A4%A" });
    expect(framework.statusCode).toBe(400);
    expect(framework.json().requestId).toBe(framework.headers["x-request-id"]);
  });

  it("ignores an id a client sends: only a trusted proxy may name a request", async () => {
    const response = await store.app().inject({
      url: "/api/health",
      headers: { "x-request-id": "chosen-by-the-client" },
      remoteAddress: "127.0.0.1",
    });
    expect(response.headers["x-request-id"]).not.toBe("chosen-by-the-client");
  });

  it("names the request in every log line written while it is served, the app logger's too", async () => {
    const response = await store.app().inject({ url: "/api/testing/app-log" });
    const id = response.headers["x-request-id"];
    const written = store.lines().filter((line) => line.msg === "written with the app's logger");
    expect(written).toHaveLength(1);
    expect(written[0]!.reqId).toBe(id);
    const own = store
      .lines()
      .filter((line) => line.msg === "request completed" && line.reqId === id);
    expect(own).toHaveLength(1);
    // Once per line: the request's own lines are not named twice.
    const raw = JSON.stringify(own[0]);
    expect(raw.split('"reqId"').length - 1).toBe(1);
  });
});

describe("request ids, behind one trusted proxy", () => {
  const store = useStoreWithLog("1");

  it("keeps the id the proxy gave, so its log and the store's name the request alike", async () => {
    const response = await store.app().inject({
      url: "/api/health",
      headers: { "x-request-id": "3f2a9c1e0b7d4e21a6c8" },
      remoteAddress: "127.0.0.1",
    });
    expect(response.headers["x-request-id"]).toBe("3f2a9c1e0b7d4e21a6c8");
  });

  it("makes its own when the proxy's is malformed (it would end up in logs and pages)", async () => {
    const response = await store.app().inject({
      url: "/api/health",
      headers: { "x-request-id": '<script>"x"</script>' },
      remoteAddress: "127.0.0.1",
    });
    expect(response.headers["x-request-id"]).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });
});
