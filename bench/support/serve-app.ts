// The real store as production runs it, in a process of its own so a benchmark's load generator
// or browser never shares its event loop. Started by `startChild` (bench/support/child.ts):
// tells the parent its port over IPC, and shuts down cleanly (so `--cpu-prof` gets written) when
// the parent sends "stop", disconnects, or signals it. "profile:start" / "profile:stop" record a
// CPU profile of the stretch between them and answer with the file's path.
//
// Mirrors src/server/main.ts: migrate, seed, build, listen, start the mail worker, the refund
// retries and the sweep of unpaid online orders (hosted checkout, decision 30); only the data
// directory (a fresh temporary one) and the port (any free one) differ, and the hourly
// housekeeping (pruning, roll-ups) is not started. Options (JSON in
// argv[2]): `webDistDir`, `logLevel`; `env`, more settings as main.ts reads them from the
// environment (e.g. DATABASE_URL, DEMO_MODE, TRUST_PROXY; a DATA_DIR given here is used and
// kept, not removed); `trace`, record checkout requests step by step between "trace:start" and
// "trace:stop" (bench/support/step-trace.ts); `capture`, record the statements each POST
// /api/orders sends between "capture:start" and "capture:stop" (bench/support/statement-capture.ts).
//
//   node --import tsx bench/support/serve-app.ts '{"webDistDir":"dist/web"}'
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { Session } from "node:inspector/promises";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../../src/server/app.ts";
import { loadConfig } from "../../src/server/config.ts";
import { seedDatabase } from "../../src/server/db/seed/seed.ts";
import { openStoreDatabase } from "../../src/server/store-database.ts";
import { installStatementCapture } from "./statement-capture.ts";
import { installStepTrace } from "./step-trace.ts";

type Options = {
  webDistDir?: string;
  logLevel?: string;
  env?: Record<string, string>;
  trace?: boolean;
  capture?: boolean;
};

async function main() {
  const options = JSON.parse(process.argv[2] ?? "{}") as Options;
  // A data directory of our own (removed at the end) unless the caller gives one (kept).
  const ownDataDir =
    options.env?.DATA_DIR || options.env?.DATABASE_URL
      ? undefined
      : await mkdtemp(path.join(os.tmpdir(), "fhh-bench-"));
  const config = loadConfig({
    NODE_ENV: "production",
    LOG_LEVEL: options.logLevel ?? "warn",
    ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
    HOST: "127.0.0.1",
    PORT: "0",
    // The built web app, as production serves it (the SPA plugin is skipped when it is missing).
    WEB_DIST_DIR: options.webDistDir ?? path.resolve(import.meta.dirname, "../../dist/web"),
    // The load generator is one client on this machine, placing the cash orders of thousands.
    CASH_ORDERS_PER_NETWORK: "100000",
    ...options.env,
  });
  const database = await openStoreDatabase(config);
  await database.migrate();
  await seedDatabase(database.db, { demoStaffPasswords: config.demoMode });
  const app = await buildApp({ config, database });
  const tracer = options.trace ? installStepTrace(app.server, database) : undefined;
  const capture = options.capture ? installStatementCapture(app.server, database) : undefined;
  await app.listen({ port: 0, host: "127.0.0.1" });
  app.mail.start();
  app.refunds.start();
  app.unpaidOrders.start();
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await app.mail.stop();
    await app.close();
    await database.close();
    if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
    process.exit(0);
  };
  let profiler: Profiling | undefined;
  process.on("message", (message) => {
    if (message === "stop") void stop();
    // A CPU profile of just the measured stretch, not of start-up or of idle time.
    if (message === "profile:start") {
      void (async () => {
        profiler = await startProfiles();
        process.send?.({ type: "profile:started" });
      })();
    }
    if (message === "profile:stop" && profiler) {
      void (async () => {
        const files = await stopProfiles(profiler!);
        profiler = undefined;
        process.send?.({ type: "profile:stopped", ...files });
      })();
    }
    if (message === "trace:start" && tracer) {
      tracer.start();
      process.send?.({ type: "trace:started" });
    }
    if (message === "capture:start" && capture) {
      capture.start();
      process.send?.({ type: "capture:started" });
    }
    if (message === "capture:stop" && capture) {
      process.send?.({ type: "capture:stopped", requests: capture.stop() });
    }
    if (message === "trace:stop" && tracer) {
      process.send?.({ type: "trace:stopped", ...tracer.stop() });
    }
  });
  process.once("disconnect", () => void stop());
  process.once("SIGTERM", () => void stop());
  process.once("SIGINT", () => void stop());

  // Its PUBLIC_URL's origin: what a browser on the store sends, and all the Origin check takes.
  process.send?.({ type: "ready", port, storeOrigin: new URL(config.publicUrl).origin });
}

type Profiling = { session: Session; threads: WorkerChannel[] };

/** A thread's inspector: the main thread's own, or a worker's through the NodeWorker domain. */
type WorkerChannel = { send(method: string, params?: object): Promise<Record<string, unknown>> };

const SAMPLING_INTERVAL_US = 250;

/** Profiles the main thread and every worker thread (on PGlite, the database's thread). */
async function startProfiles(): Promise<Profiling> {
  const session = new Session();
  session.connect();
  const workerIds: string[] = [];
  const waiting = new Map<number, (reply: Record<string, unknown>) => void>();
  session.on("NodeWorker.attachedToWorker", ({ params }) => workerIds.push(params.sessionId));
  session.on("NodeWorker.receivedMessageFromWorker", ({ params }) => {
    const reply = JSON.parse(params.message) as { id?: number; result?: Record<string, unknown> };
    if (reply.id === undefined) return;
    waiting.get(reply.id)?.(reply.result ?? {});
    waiting.delete(reply.id);
  });
  await session.post("NodeWorker.enable", { waitForDebuggerOnStart: false });
  let nextId = 0;
  const threads = workerIds.map(
    (sessionId): WorkerChannel => ({
      send: (method, params = {}) =>
        new Promise((resolve) => {
          const id = ++nextId;
          waiting.set(id, resolve);
          void session.post("NodeWorker.sendMessageToWorker", {
            sessionId,
            message: JSON.stringify({ id, method, params }),
          });
        }),
    }),
  );
  const main: WorkerChannel = {
    send: (method, params) =>
      session.post(method as "Profiler.start", params as never) as unknown as Promise<
        Record<string, unknown>
      >,
  };
  for (const profiled of [main, ...threads]) {
    await profiled.send("Profiler.enable");
    await profiled.send("Profiler.setSamplingInterval", { interval: SAMPLING_INTERVAL_US });
    await profiled.send("Profiler.start");
  }
  return { session, threads };
}

/** Stops every profile and writes each to a file: the main thread's, then one per worker. */
async function stopProfiles({ session, threads }: Profiling) {
  const { profile } = await session.post("Profiler.stop");
  const file = path.join(os.tmpdir(), `fhh-bench-${process.pid}.cpuprofile`);
  await writeFile(file, JSON.stringify(profile));
  const threadFiles: string[] = [];
  for (const [index, thread] of threads.entries()) {
    const { profile: threadProfile } = await thread.send("Profiler.stop");
    const threadFile = path.join(
      os.tmpdir(),
      `fhh-bench-${process.pid}-thread-${index + 1}.cpuprofile`,
    );
    await writeFile(threadFile, JSON.stringify(threadProfile));
    threadFiles.push(threadFile);
  }
  await session.post("NodeWorker.disable");
  session.disconnect();
  return { file, threadFiles };
}

main().catch((error: unknown) => {
  console.error("serve-app: the store could not start:", error);
  process.exit(1);
});
