import { ApiError } from "../../lib/api-client.ts";

/**
 * Whether an answer ends a checkout attempt, so the next press may place a new order under a new
 * Idempotency-Key. Only a final answer does: an order, or a refusal of this request. No answer
 * (the network, a 5xx) and "already being placed" (the first press is still running, and may
 * yet make the order) keep the key, so pressing again can only ever find that one order.
 */
export function endsAttempt(error: unknown): error is ApiError {
  if (!(error instanceof ApiError)) return false;
  if (error.code === "NETWORK" || error.code === "IN_PROGRESS") return false;
  return error.status < 500;
}
