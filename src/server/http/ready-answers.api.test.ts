import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type StoreApp } from "../app.ts";
import { products } from "../db/schema/index.ts";
import { type RawAnswer, rawRequest } from "../testing/raw-http.ts";
import { testConfig, testDatabaseKinds, useTestApp } from "../testing/test-app.ts";

const LIST = "/api/products?category=dairy";

/** How many answers the lane before the app has sent (its Prometheus counter). */
async function laneAnswers(app: StoreApp): Promise<number> {
  const scraped = await rawRequest(app, "GET", "/metrics");
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

const stockOf = (answer: RawAnswer, id: string) =>
  (JSON.parse(answer.body) as { products: { id: string; stock: number }[] }).products.find(
    (product) => product.id === id,
  )?.stock;

describe.each(testDatabaseKinds)("the lane of ready answers on %s", (kind) => {
  const ctx = useTestApp(kind);

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
      expect(fromLane.body).toBe(fromApp.body);
      expect(fromLane.headers["content-encoding"]).toBe(
        encoding === "identity" ? undefined : encoding,
      );
      expect(fromLane.headers["x-request-id"]).toMatch(/^[\w-]{16}$/);
      expect(fromLane.headers["x-request-id"]).not.toBe(fromApp.headers["x-request-id"]);
    }
  });

  it("answers 304 to a client holding the list, as the app does", async () => {
    const first = await rawRequest(ctx.app, "GET", LIST);
    const etag = String(first.headers.etag);
    const before = await laneAnswers(ctx.app);
    const held = await rawRequest(ctx.app, "GET", LIST, { headers: { "if-none-match": etag } });
    expect(await laneAnswers(ctx.app)).toBe(before + 1);
    expect(held.status).toBe(304);
    expect(held.body).toBe("");

    // The same question put to the app, through an address the lane has not kept.
    const unkept = `${LIST}&organic=false`;
    const fromApp = await rawRequest(ctx.app, "GET", unkept, { headers: { "if-none-match": "x" } });
    const appHeld = await rawRequest(ctx.app, "GET", unkept, {
      headers: { "if-none-match": String(fromApp.headers.etag) },
    });
    expect(appHeld.status).toBe(304);
    expect(Object.keys(steady(held)).sort()).toEqual(Object.keys(steady(appHeld)).sort());
  });

  it("leaves every other spelling, method and address to the app and its guards", async () => {
    await rawRequest(ctx.app, "GET", LIST);
    await rawRequest(ctx.app, "GET", LIST);
    const before = await laneAnswers(ctx.app);

    const refused = [
      `${LIST}%00`,
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
});

describe("the lane of ready answers with a catalogue cached for no time", () => {
  const ctx = useTestApp("pglite", { CATALOGUE_CACHE_SECONDS: "0" });

  it("never pins a list the database has moved on from", async () => {
    await rawRequest(ctx.app, "GET", LIST);
    const before = stockOf(await rawRequest(ctx.app, "GET", LIST), "paneer")!;
    await ctx.database.db
      .update(products)
      .set({ stock: before - 3 })
      .where(eq(products.id, "paneer"));
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
      config: testConfig({ LOG_LEVEL: "info" }),
      database: ctx.database,
      logStream: { write: (line) => void lines.push(line) },
    });
    await app.ready();
  });
  afterAll(() => app?.close());

  it("stays shut, so the access log has every request", async () => {
    for (let i = 0; i < 3; i++) expect((await rawRequest(app, "GET", LIST)).status).toBe(200);
    expect(await laneAnswers(app)).toBe(0);
    const completed = lines
      .map((line) => JSON.parse(line) as { msg: string; req?: { url?: string } })
      .filter((line) => line.msg === "incoming request" && line.req?.url === "/api/products");
    expect(completed).toHaveLength(3);
  });
});
