// The messages between the store's thread and the thread that runs PGlite (pglite-worker.ts).

export type QueryOptions = { rowMode?: "array" | "object" };

export type Request =
  | { id: number; op: "query"; sql: string; params: unknown[]; options: QueryOptions; tx?: number }
  | { id: number; op: "exec"; sql: string; tx?: number }
  | { id: number; op: "begin" }
  | { id: number; op: "end"; tx: number; commit: boolean }
  | { id: number; op: "close" }
  | { id: number; op: "dump" }
  | { id: number; op: "listen"; channel: string }
  | { id: number; op: "unlisten"; channel: string };

export type QueryResult = { rows: unknown[]; affectedRows?: number; fields: unknown[] };

/** A database error's own fields (code, constraint, detail, ...), which cloning an Error drops. */
export type SentError = { name: string; message: string; fields: Record<string, unknown> };

export type Reply =
  | { id: number; ok: true; result?: QueryResult | QueryResult[] | Uint8Array }
  | { id: number; ok: false; error: SentError };

/** A NOTIFY on a channel the store's thread listens on, sent unasked (it has no request id). */
export type Notice = { notice: true; channel: string; payload: string };

export type Startup = { ready: true } | { ready: false; error: SentError };

/** Statement parameters stay behind: they may hold a customer's personal details. */
const WITHHELD = new Set(["params", "queryOptions", "stack"]);

export function sendableError(error: unknown): SentError {
  if (!(error instanceof Error)) return { name: "Error", message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    // Plain values only, so the reply can always be copied to the other thread.
    const plain = value === null || ["string", "number", "boolean"].includes(typeof value);
    if (!WITHHELD.has(key) && plain) fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}

export function receivedError(sent: SentError): Error {
  const error = Object.assign(new Error(sent.message), sent.fields);
  error.name = sent.name;
  return error;
}
