/**
 * Errors that say the database cannot be reached right now (refused, dropped, restarting, out of
 * connections), not that a statement was wrong: the request may succeed if sent again shortly.
 */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND"]);
// PostgreSQL's SQLSTATEs: connection exceptions (08), shutting down or starting (57P01-57P03),
// too many connections (53300).
const SERVER_STATES = /^(08\d{3}|57P0[123]|53300)$/;
const DRIVER_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error",
  "Cannot use a pool after calling end",
];

export function isDatabaseUnreachable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    if (typeof cause !== "object") return false;
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (NETWORK_CODES.has(code) || SERVER_STATES.test(code))) {
      return true;
    }
    if (typeof message === "string" && DRIVER_MESSAGES.some((text) => message.includes(text))) {
      return true;
    }
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

// PostgreSQL's SQLSTATEs for a statement it gave up on: cancelled (57014, statement_timeout among
// others) and a lock it would not wait longer for (55P03, lock_timeout).
const GAVE_UP_STATES = new Set(["57014", "55P03"]);

/**
 * Errors that say the database gave up on a statement that ran or waited too long (its
 * transaction is rolled back whole): the database is there, but busy or held up by another
 * connection's lock, and the request may succeed if sent again shortly.
 */
export function isDatabaseTimeout(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    if (typeof cause !== "object") return false;
    const { code } = cause as { code?: unknown };
    if (typeof code === "string" && GAVE_UP_STATES.has(code)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
