import { PGlite, type Transaction as PgliteTransaction, types } from "@electric-sql/pglite";

type Queryable = Pick<PGlite, "query" | "transaction">;

const asText = (value: string) => value;
/** The parsers Drizzle passes with every query: dates, times and intervals stay text. */
const DRIZZLE_PARSERS = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText, // numeric[]
  1115: asText, // timestamp[]
  1185: asText, // timestamptz[]
  1187: asText, // interval[]
  1182: asText, // date[]
};

/**
 * PGlite merges per-query parsers into its whole parser table (about 300 entries) on every query,
 * and Drizzle sends its nine with each one: a tenth of a checkout's CPU. PGlite gets them once,
 * at start, and this view of it drops them from each query; results are the same. Whatever is
 * assigned to the view (a benchmark's timing wrapper, say) takes the place of what it replaces.
 */
function withoutPerQueryParsers<T extends Queryable | PgliteTransaction>(client: T): T {
  const own = new Map<PropertyKey, unknown>([
    [
      "query",
      (query: string, params?: unknown[], options?: { parsers?: unknown }) => {
        if (!options?.parsers) return client.query(query, params, options as never);
        const { parsers: _sameAsGlobal, ...rest } = options;
        return client.query(query, params, rest);
      },
    ],
    [
      "transaction",
      (run: (tx: PgliteTransaction) => Promise<unknown>) =>
        (client as Queryable).transaction((tx) => run(withoutPerQueryParsers(tx))),
    ],
  ]);
  return new Proxy(client, {
    get(target, property, receiver) {
      if (own.has(property)) return own.get(property);
      const value = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
    set(_target, property, value) {
      own.set(property, value);
      return true;
    },
  });
}

/** Embedded PostgreSQL in dataDir (in memory without one), and the client Drizzle should use. */
export async function createPglite(dataDir: string | undefined) {
  const options = { parsers: DRIZZLE_PARSERS };
  const client = dataDir ? await PGlite.create(dataDir, options) : await PGlite.create(options);
  return { client, forDrizzle: withoutPerQueryParsers(client) };
}
