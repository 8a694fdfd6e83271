import { CHECKOUT_MESSAGES } from "../../../shared/contracts/checkout.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { Lanes } from "../../http/lanes.ts";

/**
 * Checkouts at work at once in one process when CHECKOUT_LANES is unset. More places hardly more
 * orders a second (the database and the CPU are already busy); it only makes every other request
 * wait longer behind them: bench/results/sales-moves.md measures both on both databases. PGlite's
 * one thread runs every statement, and needs more checkouts queued to stay busy.
 */
export const DEFAULT_CHECKOUT_LANES: Record<DatabaseHandle["kind"], number> = {
  postgres: 8,
  pglite: 16,
};

/** Checkouts waiting for a lane beyond which the next is told to try again. */
const QUEUE = 500;
/**
 * A shopper who has waited this long for a lane is told to try again rather than wait on. A lane
 * is never held without end: the payment provider's calls and PostgreSQL's statements in it give
 * up first (PAYMENT_PROVIDER_TIMEOUT_MS, DATABASE_STATEMENT_TIMEOUT_MS).
 */
const MAX_WAIT_MS = 15_000;
const RETRY_AFTER_SECONDS = 2;

export function checkoutLanes(open: number | undefined, kind: DatabaseHandle["kind"]): Lanes {
  return new Lanes({
    open: open ?? DEFAULT_CHECKOUT_LANES[kind],
    queue: QUEUE,
    maxWaitMs: MAX_WAIT_MS,
    busyMessage: CHECKOUT_MESSAGES.busy,
    retryAfterSeconds: RETRY_AFTER_SECONDS,
  });
}
