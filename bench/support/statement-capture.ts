// Runs inside the server child (serve-app.ts with `capture: true`): records every statement a
// POST /api/orders request hands the database driver, with its values as text, between
// "capture:start" and "capture:stop". bench:checkout turns one cash order's statements into the
// pgbench script (bench/pgbench/), so the script is always what the store sends today.
//
// Why the driver and not a TCP proxy or log_statement: it is one mechanism for both databases
// (PGlite has no wire), it sees a named prepared statement's text on every execution (the wire
// carries it once per connection), and what the driver is given is what it sends: pg puts the
// text and the values (as pg.utils.prepareValue makes them text) on the wire unchanged, and
// PGlite runs them as given. A transaction on PGlite is the thread's BEGIN and COMMIT around its
// statements, recorded as such. Installed at the first "capture:start", so a run that never
// captures goes through no wrapper.
import { AsyncLocalStorage } from "node:async_hooks";
import type { Server } from "node:http";
import { createRequire } from "node:module";
import pg from "pg";
import type { DatabaseHandle } from "../../src/server/db/client.ts";

/** A statement as sent: its text and its values as text (null for SQL NULL). */
export type SentStatement = { text: string; params: (string | null)[] };
export type CapturedRequest = { path: string; status: number; statements: SentStatement[] };

type AnyFunction = (...args: unknown[]) => unknown;
type Live = { statements: SentStatement[] };

const { prepareValue } = createRequire(import.meta.url)("pg/lib/utils.js") as {
  prepareValue: (value: unknown) => unknown;
};

function asText(value: unknown): string | null {
  const prepared = prepareValue(value);
  if (prepared === null || prepared === undefined) return null;
  if (Buffer.isBuffer(prepared)) return `\\x${prepared.toString("hex")}`;
  return String(prepared);
}

const sent = (text: string, params: unknown[] | undefined): SentStatement => ({
  text,
  params: (params ?? []).map(asText),
});

export function installStatementCapture(server: Server, database: DatabaseHandle) {
  const storage = new AsyncLocalStorage<Live | null>();
  let installed = false;
  let active = false;
  let captured: CapturedRequest[] = [];
  const current = () => (active ? (storage.getStore() ?? undefined) : undefined);

  function install() {
    installed = true;
    server.prependListener("request", (request, response) => {
      if (!active) return;
      if (request.method !== "POST" || request.url?.split("?")[0] !== "/api/orders") {
        // A keep-alive socket's next request would otherwise inherit the last one's store.
        storage.enterWith(null);
        return;
      }
      const live: Live = { statements: [] };
      storage.enterWith(live);
      response.once("finish", () =>
        captured.push({ path: "/api/orders", status: response.statusCode, ...live }),
      );
    });
    const client = (database.db as unknown as { $client: Record<string, AnyFunction> }).$client;
    if (database.kind === "pglite") wrapPglite(client);
    else wrapPostgres();
  }

  function wrapPglite(pglite: Record<string, AnyFunction>) {
    const recorded = (original: AnyFunction): AnyFunction =>
      function (this: unknown, ...args: unknown[]) {
        current()?.statements.push(sent(String(args[0]), args[1] as unknown[] | undefined));
        return original.apply(this, args);
      };
    pglite.query = recorded(pglite.query!.bind(pglite));
    pglite.exec = recorded(pglite.exec!.bind(pglite));
    const transaction = pglite.transaction!.bind(pglite);
    pglite.transaction = (...args: unknown[]) => {
      const live = current();
      const callback = args[0] as (tx: Record<string, AnyFunction>) => Promise<unknown>;
      if (!live) return transaction(callback);
      return transaction(async (tx: Record<string, AnyFunction>) => {
        live.statements.push(sent("begin", []));
        tx.query = recorded(tx.query!);
        tx.exec = recorded(tx.exec!);
        const result = await callback(tx);
        live.statements.push(sent("commit", []));
        return result;
      });
    };
  }

  function wrapPostgres() {
    const clientQuery = pg.Client.prototype.query as unknown as AnyFunction;
    (pg.Client.prototype as unknown as { query: AnyFunction }).query = function (
      this: pg.Client,
      ...args: unknown[]
    ) {
      const live = current();
      if (live) {
        const first = args[0] as string | { text?: string; values?: unknown[] };
        const text = typeof first === "string" ? first : (first?.text ?? "");
        const values =
          typeof first === "string"
            ? (args[1] as unknown[] | undefined)
            : (first?.values ?? (args[1] as unknown[] | undefined));
        live.statements.push(sent(text, Array.isArray(values) ? values : undefined));
      }
      return clientQuery.apply(this, args);
    };
  }

  return {
    start() {
      if (!installed) install();
      captured = [];
      active = true;
    },
    stop(): CapturedRequest[] {
      active = false;
      const done = captured;
      captured = [];
      return done;
    },
  };
}
