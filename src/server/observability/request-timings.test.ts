import client from "prom-client";
import { describe, expect, it } from "vitest";
import { REQUEST_SECONDS_BUCKETS } from "./metrics.ts";
import { createRequestTimings } from "./request-timings.ts";

const observations: [string, string, number, number][] = [
  ["GET", "/api/products", 200, 0.0004],
  ["GET", "/api/products", 200, 0.005],
  ["GET", "/api/products", 304, 0.0071],
  ["POST", "/api/orders", 201, 0.31],
  ["POST", "/api/orders", 409, 7.5],
  ["GET", 'a "quoted" \\ route', 404, 0.02],
];

describe("the request timings", () => {
  it("expose what prom-client's Histogram exposes for the same requests", async () => {
    const theirs = new client.Registry();
    const histogram = new client.Histogram({
      name: "timings",
      help: "Time to answer",
      labelNames: ["method", "route", "status"] as const,
      buckets: [...REQUEST_SECONDS_BUCKETS],
      registers: [theirs],
    });
    const ours = new client.Registry();
    const timings = createRequestTimings({
      name: "timings",
      help: "Time to answer",
      buckets: REQUEST_SECONDS_BUCKETS,
      registers: [ours],
    });
    for (const [method, route, status, seconds] of observations) {
      histogram.observe({ method, route, status: String(status) }, seconds);
      timings.observe(method, route, status, seconds);
    }
    expect(await ours.metrics()).toBe(await theirs.metrics());
    expect(await ours.getMetricsAsJSON()).toEqual(await theirs.getMetricsAsJSON());
    ours.resetMetrics();
    theirs.resetMetrics();
    expect(await ours.metrics()).toBe(await theirs.metrics());
  });
});
