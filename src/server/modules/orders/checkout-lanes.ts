import { CHECKOUT_MESSAGES } from "../../../shared/contracts/checkout.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { Lanes } from "../../http/lanes.ts";

/**
 * Checkouts at work at once in one process when CHECKOUT_LANES is unset. More does not place
 * more orders a second (the database and the CPU are already busy), it only makes every other
 * request wait longer: bench/results/checkout-lanes.md. PGlite runs one statement at a time.
 */
export const DEFAULT_CHECKOUT_LANES: Record<DatabaseHandle["kind"], number> = {
  pglite: 2,
  postgres: 4,
};

/** Checkouts waiting for a lane beyond which the next is told to try again (seconds). */
const QUEUE = 500;
const RETRY_AFTER_SECONDS = 2;

export function checkoutLanes(open: number | undefined, kind: DatabaseHandle["kind"]): Lanes {
  return new Lanes({
    open: open ?? DEFAULT_CHECKOUT_LANES[kind],
    queue: QUEUE,
    busyMessage: CHECKOUT_MESSAGES.busy,
    retryAfterSeconds: RETRY_AFTER_SECONDS,
  });
}
