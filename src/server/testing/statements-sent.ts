// The statements a store sends its database, as the database receives them: one per round trip.
// Both drivers (node-postgres' pool, the PGlite thread) take every statement through `query`.
import type { Database } from "../db/client.ts";

type Client = { query: (...args: unknown[]) => unknown };

/** The instance heartbeat beats on a timer, whatever the requests being watched do. */
const OWN_TIMER = /store_instances/;

/** Every statement `db` is sent while `run` runs (the text, whitespace squeezed), in order. */
export async function statementsSentBy(
  db: Database,
  run: () => Promise<unknown>,
): Promise<string[]> {
  const client = (db as unknown as { $client: Client }).$client;
  const query = client.query;
  const sent: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const statement = args[0] as string | { text: string };
    const text = (typeof statement === "string" ? statement : statement.text)
      .replace(/\s+/g, " ")
      .trim();
    if (!OWN_TIMER.test(text)) sent.push(text);
    return query.apply(this, args);
  };
  try {
    await run();
  } finally {
    client.query = query;
  }
  return sent;
}
