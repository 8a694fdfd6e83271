import { CHECKOUT_MESSAGES } from "../../../shared/contracts/checkout.ts";
import { Lanes } from "../../http/lanes.ts";

/**
 * Checkouts at work at once in one process when CHECKOUT_LANES is unset. More places hardly more
 * orders a second (the database and the CPU are already busy); it only makes every other request
 * wait longer behind them: bench/results/sales-moves.md measures both on both databases.
 */
export const DEFAULT_CHECKOUT_LANES = 8;

/** Checkouts waiting for a lane beyond which the next is told to try again (seconds). */
const QUEUE = 500;
const RETRY_AFTER_SECONDS = 2;

export function checkoutLanes(open: number | undefined): Lanes {
  return new Lanes({
    open: open ?? DEFAULT_CHECKOUT_LANES,
    queue: QUEUE,
    busyMessage: CHECKOUT_MESSAGES.busy,
    retryAfterSeconds: RETRY_AFTER_SECONDS,
  });
}
