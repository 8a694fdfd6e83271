// The statements a store sends its database, as the database receives them: one per round trip.
// Both drivers take every statement through a `query`: node-postgres' on each of the pool's
// connections (a transaction holds one of its own), the PGlite thread's outside a transaction or
// on the one its `transaction` hands over (whose begin and end are round trips of their own).
import pg from "pg";
import type { Database } from "../db/client.ts";

type Query = (...args: unknown[]) => unknown;
type Client = {
  query: Query;
  transaction?: (run: (tx: { query: Query }) => Promise<unknown>) => Promise<unknown>;
  _clients?: unknown[];
};

/** The instance heartbeat beats on a timer, whatever the requests being watched do. */
const OWN_TIMER = /store_instances/;

/** A statement as sent: its text, whitespace squeezed, and its name when it is prepared by one. */
export type Sent = { text: string; name: string | undefined };

const sentOf = (statement: unknown): Sent => {
  const { text, name } =
    typeof statement === "string"
      ? { text: statement, name: undefined }
      : (statement as { text: string; name?: string });
  return { text: text.replace(/\s+/g, " ").trim(), name: name || undefined };
};

/** Every statement `db` is sent while `run` runs (the text, whitespace squeezed), in order. */
export async function statementsSentBy(
  db: Database,
  run: () => Promise<unknown>,
): Promise<string[]> {
  return (await sentBy(db, run)).map((statement) => statement.text);
}

/** Every statement `db` is sent while `run` runs, with the name it is prepared by. */
export async function sentBy(db: Database, run: () => Promise<unknown>): Promise<Sent[]> {
  const client = (db as unknown as { $client: Client }).$client;
  const sent: Sent[] = [];
  const record = (statement: Sent) => {
    if (!OWN_TIMER.test(statement.text)) sent.push(statement);
  };
  const recording = (query: Query): Query =>
    function (this: unknown, ...args: unknown[]) {
      record(sentOf(args[0]));
      return query.apply(this, args);
    };
  const restore: (() => void)[] = [];
  if (client instanceof pg.Pool) {
    // Every statement runs on one of the pool's connections, a transaction's too.
    const pool = client as unknown as Client;
    const query = pg.Client.prototype.query as Query;
    pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
      if (pool._clients?.includes(this)) record(sentOf(args[0]));
      return query.apply(this, args);
    } as typeof pg.Client.prototype.query;
    restore.push(() => {
      pg.Client.prototype.query = query as typeof pg.Client.prototype.query;
    });
  } else {
    const query = client.query;
    client.query = recording(query);
    restore.push(() => {
      client.query = query;
    });
    const transaction = client.transaction;
    if (transaction) {
      client.transaction = async function (this: unknown, work) {
        record(sentOf("begin"));
        try {
          const result = await transaction.call(this, (tx) =>
            work({ ...tx, query: recording(tx.query.bind(tx)) }),
          );
          record(sentOf("commit"));
          return result;
        } catch (error) {
          record(sentOf("rollback"));
          throw error;
        }
      };
      restore.push(() => {
        client.transaction = transaction;
      });
    }
  }
  try {
    await run();
  } finally {
    for (const undo of restore) undo();
  }
  return sent;
}
