import { setTimeout as sleep } from "node:timers/promises";
import type { StoreApp } from "./app.ts";
import type { DatabaseHandle } from "./db/client.ts";

/** How long requests in flight may take to finish once the instance stops taking new ones. */
export const IN_FLIGHT_LIMIT_MS = 10_000;
const IDLE_SWEEP_MS = 100;

/**
 * A stop that loses nothing: readiness says no first (the proxy moves new requests elsewhere
 * during `delayMs`), then the listener closes and the requests in flight finish (keep-alive
 * connections are told to close; after `inFlightMs` the rest are cut), the workers stop (unsent
 * mail stays in the outbox), and the database closes last.
 */
export async function drainAndClose(
  app: StoreApp,
  database: Pick<DatabaseHandle, "close">,
  { delayMs, inFlightMs = IN_FLIGHT_LIMIT_MS }: { delayMs: number; inFlightMs?: number },
): Promise<void> {
  app.readiness.drain();
  if (delayMs > 0) await sleep(delayMs);
  await app.mail.stop();
  const cut = setTimeout(() => app.server.closeAllConnections(), inFlightMs);
  // A keep-alive connection whose last answer was sent after the listener closed would stay open
  // until its client gives up: closed as soon as it is idle.
  const idle = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  try {
    await app.close();
  } finally {
    clearTimeout(cut);
    clearInterval(idle);
  }
  await database.close();
}
