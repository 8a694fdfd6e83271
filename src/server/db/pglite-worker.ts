// Runs PGlite on a thread of its own, so the database's work and the HTTP server's work use two
// cores instead of sharing one. Started by pglite-thread.ts; one instance per database.
import { parentPort, workerData } from "node:worker_threads";
import type { Transaction } from "@electric-sql/pglite";
import { createPglite } from "./pglite-client.ts";
import type { PgliteEngine } from "./pglite-engine.ts";
import {
  type Notice,
  type QueryResult,
  type Reply,
  type Request,
  type Startup,
  sendableError,
} from "./pglite-thread-protocol.ts";

const port = parentPort!;
const { dataDir, copy, engine } = workerData as {
  dataDir?: string;
  copy?: Uint8Array;
  engine?: PgliteEngine;
};

type Open = { tx: Transaction; finish: (commit: boolean) => void; done: Promise<unknown> };
const open = new Map<number, Open>();
const ROLLBACK = Symbol("rollback");

const reply = (message: Reply) => port.postMessage(message);
/** Channels listened on, each with the call that stops listening. */
const listening = new Map<string, () => Promise<void>>();
const plain = (result: {
  rows: unknown[];
  affectedRows?: number;
  fields: unknown[];
}): QueryResult => ({
  rows: result.rows,
  affectedRows: result.affectedRows,
  fields: result.fields,
});

try {
  const client = await createPglite(dataDir, copy, engine);

  function begin(id: number) {
    const transaction: { done?: Promise<unknown> } = {};
    let began = false;
    transaction.done = client.transaction(async (tx) => {
      const ended = new Promise<boolean>((resolve) => {
        open.set(id, { tx, finish: resolve, done: transaction.done! });
      });
      began = true;
      reply({ id, ok: true });
      // A thrown value is how PGlite's transaction() is told to roll back.
      if (!(await ended)) throw ROLLBACK;
    });
    transaction.done.catch((error) => {
      if (!began) reply({ id, ok: false, error: sendableError(error) });
    });
  }

  /** PGlite itself, or the open transaction a statement belongs to. */
  function targetOf(tx: number | undefined) {
    if (tx === undefined) return client;
    const transaction = open.get(tx);
    if (!transaction) throw new Error(`transaction ${tx} is not open`);
    return transaction.tx;
  }

  async function handle(
    request: Request,
  ): Promise<QueryResult | QueryResult[] | Uint8Array | undefined> {
    switch (request.op) {
      case "query":
        return plain(
          await targetOf(request.tx).query(request.sql, request.params, request.options),
        );
      case "exec":
        return (await targetOf(request.tx).exec(request.sql)).map(plain);
      case "end": {
        const transaction = open.get(request.tx);
        if (!transaction) throw new Error(`transaction ${request.tx} is not open`);
        open.delete(request.tx);
        transaction.finish(request.commit);
        await transaction.done.catch((error) => {
          if (error !== ROLLBACK) throw error;
        });
        return undefined;
      }
      case "listen":
        // One LISTEN per channel; the store's thread fans a notice out to its own subscribers.
        if (!listening.has(request.channel)) {
          const channel = request.channel;
          const stop = await client.listen(channel, (payload) =>
            port.postMessage({ notice: true, channel, payload } satisfies Notice),
          );
          listening.set(channel, stop);
        }
        return undefined;
      case "unlisten": {
        const stop = listening.get(request.channel);
        listening.delete(request.channel);
        await stop?.();
        return undefined;
      }
      case "close":
        await client.close();
        return undefined;
      case "dump":
        // PGlite runs it between statements and outside any transaction: a consistent copy.
        return new Uint8Array(await (await client.dumpDataDir("gzip")).arrayBuffer());
      default:
        throw new Error(`unknown request ${(request as { op: string }).op}`);
    }
  }

  port.on("message", (request: Request) => {
    if (request.op === "begin") return begin(request.id);
    handle(request)
      .then((result) => reply({ id: request.id, ok: true, result }))
      // Also when the result itself could not be sent (a value that cannot be copied).
      .catch((error) => reply({ id: request.id, ok: false, error: sendableError(error) }));
  });
  port.postMessage({ ready: true } satisfies Startup);
} catch (error) {
  port.postMessage({ ready: false, error: sendableError(error) } satisfies Startup);
}
