import http from "node:http";
import type { AddressInfo } from "node:net";
import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { AppError } from "./app-error.ts";
import { Lanes } from "./lanes.ts";

/** A store-like app whose one route works in lanes until the test lets each request finish. */
function laneApp(open: number, queue: number, maxWaitMs = 60_000) {
  const lanes = new Lanes({
    open,
    queue,
    maxWaitMs,
    busyMessage: "Busy, try again",
    retryAfterSeconds: 3,
  });
  const release: (() => void)[] = [];
  const started: number[] = [];
  let atWork = 0;
  let mostAtWork = 0;
  const app = Fastify();
  app.setErrorHandler((error, _request, reply) => {
    const status = error instanceof AppError ? error.status : 500;
    return reply.code(status).send({ message: (error as Error).message });
  });
  app.get<{ Querystring: { n: string } }>("/work", (request, reply) =>
    lanes.run(reply, async () => {
      started.push(Number(request.query.n));
      mostAtWork = Math.max(mostAtWork, ++atWork);
      await new Promise<void>((resolve) => release.push(resolve));
      atWork--;
      return { n: Number(request.query.n) };
    }),
  );
  const until = async (check: () => boolean) => {
    while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
  };
  return { app, lanes, release, started, mostAtWork: () => mostAtWork, until };
}

describe("lanes", () => {
  const apps: ReturnType<typeof laneApp>["app"][] = [];
  afterAll(() => Promise.all(apps.map((app) => app.close())));

  it("lets `open` work at once, queues the next in arrival order and turns away the rest", async () => {
    const lane = laneApp(2, 2);
    apps.push(lane.app);
    const answers = [1, 2, 3, 4].map((n) => lane.app.inject(`/work?n=${n}`));
    await lane.until(() => lane.lanes.busy === 2 && lane.lanes.waiting === 2);
    const turnedAway = await lane.app.inject("/work?n=5");
    expect(turnedAway.statusCode).toBe(503);
    expect(turnedAway.headers["retry-after"]).toBe("3");
    expect(turnedAway.json()).toEqual({ message: "Busy, try again" });
    expect(lane.started).toEqual([1, 2]);
    // Each one leaving hands its lane to the one that waited longest.
    for (let done = 0; done < 4; done++) {
      await lane.until(() => lane.release.length > done);
      lane.release[done]!();
    }
    expect((await Promise.all(answers)).map((answer) => answer.json().n)).toEqual([1, 2, 3, 4]);
    expect(lane.started).toEqual([1, 2, 3, 4]);
    expect(lane.mostAtWork()).toBe(2);
    expect([lane.lanes.busy, lane.lanes.waiting]).toEqual([0, 0]);
  });

  it("frees the lane of work that failed", async () => {
    const lanes = new Lanes({
      open: 1,
      queue: 0,
      maxWaitMs: 1000,
      busyMessage: "Busy",
      retryAfterSeconds: 1,
    });
    const app = Fastify();
    apps.push(app);
    app.get("/fail", (_request, reply) =>
      lanes.run(reply, async () => {
        throw new Error("the work failed");
      }),
    );
    for (let i = 0; i < 3; i++) expect((await app.inject("/fail")).statusCode).toBe(500);
    expect(lanes.busy).toBe(0);
  });

  it("tells one who has waited too long to come back, and leaves the queue as it was", async () => {
    const lane = laneApp(1, 5, 50);
    apps.push(lane.app);
    const first = lane.app.inject("/work?n=1");
    await lane.until(() => lane.lanes.busy === 1);
    const late = await lane.app.inject("/work?n=2");
    expect(late.statusCode).toBe(503);
    expect(late.headers["retry-after"]).toBe("3");
    expect(lane.lanes.waiting).toBe(0);
    lane.release[0]!();
    expect((await first).statusCode).toBe(200);
    expect(lane.started).toEqual([1]);
    expect(lane.lanes.busy).toBe(0);
  });

  it("drops a waiter whose client has gone, without doing its work", async () => {
    const lane = laneApp(1, 5);
    apps.push(lane.app);
    await lane.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = lane.app.server.address() as AddressInfo;
    const get = (n: number) => {
      const request = http.get({ host: "127.0.0.1", port, path: `/work?n=${n}` });
      const answered = new Promise<number>((resolve, reject) => {
        request.on("response", (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        request.on("error", reject);
      });
      return { request, answered };
    };
    const first = get(1);
    await lane.until(() => lane.lanes.busy === 1);
    const leaver = get(2);
    leaver.answered.catch(() => {});
    const third = get(3);
    await lane.until(() => lane.lanes.waiting === 2);
    leaver.request.destroy();
    await lane.until(() => lane.lanes.waiting === 1);
    lane.release[0]!();
    await lane.until(() => lane.release.length === 2);
    lane.release[1]!();
    expect(await first.answered).toBe(200);
    expect(await third.answered).toBe(200);
    expect(lane.started).toEqual([1, 3]);
    expect([lane.lanes.busy, lane.lanes.waiting]).toEqual([0, 0]);
  });
});
