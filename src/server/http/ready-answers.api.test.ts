import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type StoreApp } from "../app.ts";
import { repriceTestProduct, setShelf, testProduct } from "../testing/inventory.ts";
import { type RawAnswer, rawRequest } from "../testing/raw-http.ts";
import { testConfig, testDatabaseKinds, useTestApp } from "../testing/test-app.ts";

const LIST = "/api/products?category=dairy";

/** Opens /metrics of a store behind a proxy, where it answers only this token. */
const METRICS_TOKEN = "metrics-token-for-the-lane-tests-0123456789";

/** How many answers the lane before the app has sent (its Prometheus counter). */
async function laneAnswers(app: StoreApp): Promise<number> {
  const scraped = await rawRequest(app, "GET", "/metrics", {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const line = scraped.body
    .split("\n")
    .find((text) => text.startsWith('fhh_http_ready_answers_total{route="/api/products"}'));
  return line ? Number(line.split(" ").at(-1)) : 0;
}

/** The headers that differ between any two answers: the request's id and the clock's. */
const steady = ({ headers }: RawAnswer) => {
  const { "x-request-id": _id, date: _date, ...rest } = headers;
  return rest;
};

type Card = { id: string; stock: number; pricePaise: number };
const cardOf = (answer: RawAnswer, id: string) =>
  (JSON.parse(answer.body) as { products: Card[] }).products.find((product) => product.id === id);
const stockOf = (answer: RawAnswer, id: string) => cardOf(answer, id)?.stock;

describe.each(testDatabaseKinds)("the lane of ready answers on %s", (kind) => {
  // Lists that stay current for the whole suite: a reload between two requests would send the
  // second to the app.
  const ctx = useTestApp(kind, { CATALOGUE_CACHE_SECONDS: "3600" });

  it("answers a list the app has answered before, with the app's own headers and bytes", async () => {
    const lists = { identity: "fruits", gzip: "vegetables", br: "herbs" };
    for (const [encoding, category] of Object.entries(lists)) {
      const list = `/api/products?category=${category}`;
      const headers = { "accept-encoding": encoding };
      const before = await laneAnswers(ctx.app);
      const fromApp = await rawRequest(ctx.app, "GET", list, { headers });
      expect(await laneAnswers(ctx.app)).toBe(before);
      const fromLane = await rawRequest(ctx.app, "GET", list, { headers });
      expect(await laneAnswers(ctx.app)).toBe(before + 1);

      expect(fromLane.status).toBe(200);
      expect(steady(fromLane)).toEqual(steady(fromApp));
      expect(fromLane.bytes.equals(fromApp.bytes)).toBe(true);
      expect(fromLane.headers["content-encoding"]).toBe(
        encoding === "identity" ? undefined : encoding,
      );
      expect(fromLane.headers["x-request-id"]).toMatch(/^[\w-]{16}$/);
      expect(fromLane.headers["x-request-id"]).not.toBe(fromApp.headers["x-request-id"]);
    }
  });

  it("answers 304 to a client holding the list, as the app does", async () => {
    const list = "/api/products?category=dairy&organic=true";
    const etag = String(
      (await rawRequest(ctx.app, "GET", "/api/products?organic=true&category=dairy")).headers.etag,
    );
    const held = { headers: { "if-none-match": `"other", W/${etag}` } };
    const before = await laneAnswers(ctx.app);
    const fromApp = await rawRequest(ctx.app, "GET", list, held);
    expect(await laneAnswers(ctx.app)).toBe(before);
    const fromLane = await rawRequest(ctx.app, "GET", list, held);
    expect(await laneAnswers(ctx.app)).toBe(before + 1);
    expect(fromLane.status).toBe(304);
    expect(fromApp.status).toBe(304);
    expect(fromLane.body).toBe("");
    expect(steady(fromLane)).toEqual(steady(fromApp));
  });

  it("leaves every other spelling, method and address to the app and its guards", async () => {
    await rawRequest(ctx.app, "GET", LIST);
    await rawRequest(ctx.app, "GET", LIST);
    const before = await laneAnswers(ctx.app);

    const refused = [
      `${LIST}&search=%00`,
      `${LIST}&search=%1b`,
      "/api//products?category=dairy",
      "/api/./products?category=dairy",
      "/api/products/?category=dairy",
      "/API/products?category=dairy",
      "/api/products?category=no-such-category",
    ];
    for (const path of refused) {
      const answer = await rawRequest(ctx.app, "GET", path);
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.status, path).toBeLessThan(500);
    }
    const head = await rawRequest(ctx.app, "HEAD", LIST);
    expect(head.status).toBe(200);
    expect(head.body).toBe("");
    const posted = await rawRequest(ctx.app, "POST", LIST, { body: {} });
    expect(posted.status).toBeGreaterThanOrEqual(400);

    expect(await laneAnswers(ctx.app)).toBe(before);
  });

  it("shows a staff price change on the next request, though it held the old list", async () => {
    const id = `lane-price-${kind}`;
    await testProduct(ctx, id, 12);
    const reprice = async (pricePaise: number) => {
      const saved = await repriceTestProduct(ctx.app, id, pricePaise);
      expect(saved.statusCode, saved.body).toBe(200);
    };
    const list = "/api/products?category=vegetables";

    await reprice(4500);
    await rawRequest(ctx.app, "GET", list);
    const before = await laneAnswers(ctx.app);
    expect(cardOf(await rawRequest(ctx.app, "GET", list), id)?.pricePaise).toBe(4500);
    expect(await laneAnswers(ctx.app)).toBe(before + 1);

    await reprice(4900);
    expect(cardOf(await rawRequest(ctx.app, "GET", list), id)?.pricePaise).toBe(4900);
    expect(await laneAnswers(ctx.app)).toBe(before + 1);
  });
});

describe("the lane of ready answers with a catalogue cached for no time", () => {
  const ctx = useTestApp("pglite", { CATALOGUE_CACHE_SECONDS: "0" });

  it("never pins a list the database has moved on from", async () => {
    await rawRequest(ctx.app, "GET", LIST);
    const before = stockOf(await rawRequest(ctx.app, "GET", LIST), "paneer")!;
    await setShelf(ctx, "paneer", before - 3);
    await expect
      .poll(async () => stockOf(await rawRequest(ctx.app, "GET", LIST), "paneer"), {
        timeout: 5000,
      })
      .toBe(before - 3);
  });
});

describe("the lane of ready answers while every request is logged", () => {
  const ctx = useTestApp("pglite");
  const lines: string[] = [];
  let app: StoreApp;

  beforeAll(async () => {
    app = await buildApp({
      config: testConfig({
        LOG_LEVEL: "info",
        TRUST_PROXY: "loopback",
        DEMO_MODE: "true",
        METRICS_TOKEN,
        CATALOGUE_CACHE_SECONDS: "3600",
      }),
      database: ctx.database,
      logStream: { write: (line) => void lines.push(line) },
    });
    await app.ready();
  });
  afterAll(() => app?.close());

  type Line = { msg: string; reqId?: string; [field: string]: unknown };
  const linesOf = (id: unknown) =>
    lines
      .map((line) => JSON.parse(line) as Line)
      .filter((line) => line.reqId === id)
      .map(({ time: _time, reqId: _id, responseTime, req, ...rest }) => ({
        ...rest,
        // A new connection each time: only the port differs.
        ...(req ? { req: { ...(req as object), remotePort: "any" } } : {}),
        ...(responseTime === undefined ? {} : { responseTime: typeof responseTime }),
      }));

  it("logs the lane's answers with the lines the app logs, the client's address as the proxy gave it", async () => {
    const through = { headers: { "x-forwarded-for": "203.0.113.7" } };
    const fromApp = await rawRequest(app, "GET", LIST, through);
    const before = await laneAnswers(app);
    const fromLane = await rawRequest(app, "GET", LIST, through);
    expect(await laneAnswers(app)).toBe(before + 1);

    const appLines = linesOf(fromApp.headers["x-request-id"]);
    expect(appLines.map((line) => line.msg)).toEqual(["incoming request", "request completed"]);
    expect(appLines[0]).toMatchObject({
      req: { method: "GET", url: "/api/products", remoteAddress: "203.0.113.7" },
    });
    await expect.poll(() => linesOf(fromLane.headers["x-request-id"])).toEqual(appLines);
  });
});
