import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { AppError } from "./app-error.ts";
import { Lanes } from "./lanes.ts";

/** A store-like app whose one route works in lanes until the test lets each request finish. */
function laneApp(open: number, queue: number) {
  const lanes = new Lanes({ open, queue, busyMessage: "Busy, try again", retryAfterSeconds: 3 });
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
    const lanes = new Lanes({ open: 1, queue: 0, busyMessage: "Busy", retryAfterSeconds: 1 });
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
});
