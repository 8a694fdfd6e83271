import { Worker } from "node:worker_threads";
import {
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

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on("message", (reply: Reply) => {
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#pending.delete(reply.id);
      if (this.#pending.size === 0) worker.unref();
      if (reply.ok) pending.resolve(reply.result);
      else pending.reject(receivedError(reply.error));
    });
    worker.on("error", (error) => this.#stop(error));
    worker.on("exit", (code) =>
      this.#stop(new Error(`the database thread stopped (exit ${code})`)),
    );
  }

  static async start(dataDir: string | undefined): Promise<PgliteThread> {
    const worker = new Worker(new URL("./pglite-worker-boot.mjs", import.meta.url), {
      workerData: { entry: new URL("./pglite-worker.ts", import.meta.url).href, dataDir },
    });
    const startup = await new Promise<Startup>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    });
    if (!startup.ready) {
      await worker.terminate();
      throw receivedError(startup.error);
    }
    worker.unref();
    return new PgliteThread(worker);
  }

  #stop(error: Error) {
    this.#stopped ??= error;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }

  #call<T>(request: Unsent, id = this.#nextId++): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...request, id });
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
      await this.#call({ op: "end", tx, commit: false });
      throw error;
    }
    await this.#call({ op: "end", tx, commit: true });
    return result;
  }

  async close(): Promise<void> {
    if (this.#stopped) return;
    await this.#call({ op: "close" });
    this.#stopped = new Error("the database is closed");
    await this.#worker.terminate();
  }
}
