/**
 * How an error is written to the log. Drizzle puts a failed statement's parameters in its error
 * (`params`, and after "params:" in its message), and PostgreSQL quotes the offending row in
 * `detail`: a customer's name, email, phone or address, an email's whole body. The log keeps
 * what failed and why, and leaves those out.
 */
const WITHHELD = new Set(["params", "detail", "queryOptions"]);
const MAX_CAUSES = 4;
const PARAMS = /\nparams: [\s\S]*$/;

export type LoggedError = { type: string; message: string; stack: string; [key: string]: unknown };

export function logSafeError(error: Error, depth = 0): LoggedError {
  const message = error.message.replace(PARAMS, "\nparams: (not logged)");
  const frames = (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
  const logged: LoggedError = {
    type: error.constructor.name,
    message,
    stack: [`${error.name}: ${message}`, ...frames].join("\n"),
  };
  for (const [key, value] of Object.entries(error)) {
    if (WITHHELD.has(key) || key in logged || key === "cause") continue;
    // Plain values only: an object here (a request, a row) could hold anything.
    if (value === null || ["string", "number", "boolean"].includes(typeof value)) {
      logged[key] = value;
    }
  }
  if (error.cause instanceof Error && depth < MAX_CAUSES) {
    logged.cause = logSafeError(error.cause, depth + 1);
  }
  return logged;
}
