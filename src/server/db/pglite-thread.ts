import type { EventLoopUtilization } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { pgliteEngine } from "./pglite-engine.ts";
import {
  type Notice,
  type QueryOptions,
  type QueryResult,
  type Reply,
  type Request,
  receivedError,
  type Startup,
} from "./pglite-thread-protocol.ts";

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type Unsent = Request extends infer R ? (R extends Request ? Omit<R, "id"> : never) : never;

/** What Drizzle's PGlite driver calls: the same shape as PGlite's own query and transaction. */
export type ThreadTransaction = {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>;
  exec(sql: string): Promise<QueryResult[]>;
};

/**
 * PGlite on its own thread (pglite-worker.ts), used like PGlite itself. The thread holds the
 * process open only while a call is waiting for it, so a finished command exits without close().
 */
export class PgliteThread implements ThreadTransaction {
  #worker: Worker;
  #pending = new Map<number, Pending>();
  #nextId = 1;
  #stopped: Error | undefined;
  #closing = false;
  /** What the store's thread listens on, and who hears each channel's notices. */
  #listeners = new Map<string, Set<(payload: string) => void>>();
  #reportLoss!: (error: Error) => void;
  /** Settles with the reason if the thread stops without close(): the database is gone. */
  readonly lost = new Promise<Error>((resolve) => {
    this.#reportLoss = resolve;
  });

  #lastLook: EventLoopUtilization | undefined;

  /** The share of time (0-1) the database's thread was at work since the last call. */
  busySinceLastAsked(): number {
    const now = this.#worker.performance.eventLoopUtilization();
    const since = this.#lastLook
      ? this.#worker.performance.eventLoopUtilization(now, this.#lastLook)
      : now;
    this.#lastLook = now;
    return since.utilization;
  }

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on("message", (reply: Reply | Notice) => {
      if ("notice" in reply) {
        for (const listener of this.#listeners.get(reply.channel) ?? []) listener(reply.payload);
        return;
      }
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#forget(reply.id);
      if (reply.ok) pending.resolve(reply.result);
      else pending.reject(receivedError(reply.error));
    });
    worker.on("error", (error) => this.#stop(error));
    worker.on("exit", (code) =>
      this.#stop(new Error(`the database thread stopped (exit ${code})`)),
    );
  }

  /**
   * `copy` is a database to start from (a dump()); `workerModule` is for tests, which stand a
   * failing thread in for PGlite's.
   */
  static async start(
    dataDir: string | undefined,
    {
      copy,
      workerModule = new URL("./pglite-worker.ts", import.meta.url),
    }: { copy?: Uint8Array | undefined; workerModule?: URL } = {},
  ): Promise<PgliteThread> {
    const worker = new Worker(new URL("./pglite-worker-boot.mjs", import.meta.url), {
      workerData: { entry: workerModule.href, dataDir, copy, engine: await pgliteEngine() },
    });
    const startup = await new Promise<Startup>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
      worker.once("exit", (code) =>
        reject(new Error(`the database thread stopped while starting (exit ${code})`)),
      );
    });
    if (!startup.ready) {
      await worker.terminate();
      throw receivedError(startup.error);
    }
    worker.unref();
    return new PgliteThread(worker);
  }

  #stop(error: Error) {
    if (!this.#stopped && !this.#closing) this.#reportLoss(error);
    this.#stopped ??= error;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }

  /** A call is answered, or could not be sent: the thread need not hold the process for it. */
  #forget(id: number) {
    this.#pending.delete(id);
    if (this.#pending.size === 0) this.#worker.unref();
  }

  #call<T>(request: Unsent, id = this.#nextId++): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      try {
        this.#worker.postMessage({ ...request, id });
      } catch (error) {
        // A parameter that cannot be copied to another thread (a function, say).
        this.#forget(id);
        reject(error);
      }
    });
  }

  /** Statements outside any transaction, or inside the one numbered `tx`. */
  #statements(tx?: number): ThreadTransaction {
    return {
      query: (sql, params = [], options = {}) => {
        // Parsers are functions, which cannot cross threads; the thread's PGlite has Drizzle's.
        const { parsers: _theThreadsOwn, ...rest } = options as QueryOptions & {
          parsers?: unknown;
        };
        return this.#call<QueryResult>({ op: "query", sql, params, options: rest, tx });
      },
      exec: (sql) => this.#call<QueryResult[]>({ op: "exec", sql, tx }),
    };
  }

  #outside = this.#statements();

  query(sql: string, params?: unknown[], options?: QueryOptions) {
    return this.#outside.query(sql, params, options);
  }

  exec(sql: string) {
    return this.#outside.exec(sql);
  }

  async transaction<T>(run: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const tx = this.#nextId++;
    await this.#call({ op: "begin" }, tx);
    const inside = this.#statements(tx);
    let result: T;
    try {
      result = await run(inside);
    } catch (error) {
      // The caller needs the reason the transaction failed, not a failure to roll it back.
      await this.#call({ op: "end", tx, commit: false }).catch(() => {});
      throw error;
    }
    await this.#call({ op: "end", tx, commit: true });
    return result;
  }

  /**
   * Hears NOTIFYs on `channel` (delivered when the notifying transaction commits). Answers the
   * call that stops hearing them; the thread stops listening when nobody here listens any more.
   */
  async listen(
    channel: string,
    onMessage: (payload: string) => void,
  ): Promise<() => Promise<void>> {
    let listeners = this.#listeners.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.#listeners.set(channel, listeners);
      try {
        await this.#call({ op: "listen", channel });
      } catch (error) {
        this.#listeners.delete(channel);
        throw error;
      }
    }
    // A wrapper of its own, so the same function listening twice is stopped once per listen.
    const listener = (payload: string) => onMessage(payload);
    listeners.add(listener);
    return async () => {
      const current = this.#listeners.get(channel);
      if (!current?.delete(listener) || current.size > 0) return;
      this.#listeners.delete(channel);
      if (!this.#stopped) await this.#call({ op: "unlisten", channel });
    };
  }

  /** The whole database as a gzipped tarball of its data folder, taken while it serves. */
  dump(): Promise<Uint8Array> {
    return this.#call<Uint8Array>({ op: "dump" });
  }

  async close(): Promise<void> {
    if (this.#stopped) return;
    this.#closing = true;
    await this.#call({ op: "close" });
    this.#stopped = new Error("the database is closed");
    await this.#worker.terminate();
  }
}
