import { AppError } from "../../http/app-error.ts";
import type { Metrics } from "../../observability/metrics.ts";
import type { StoredResponse } from "../idempotency/index.ts";

/**
 * Counts a checkout's answer by outcome: the order's state when it was taken (placed,
 * awaiting_payment), or the code that refused it (OUT_OF_STOCK, PAYMENT_DECLINED, UNAVAILABLE...).
 * A retry answered with the first run's answer was counted when that run ended.
 */
export async function countedOrder(
  metrics: Pick<Metrics, "orders">,
  place: () => Promise<StoredResponse>,
): Promise<StoredResponse> {
  try {
    const result = await place();
    if (result.replayed) return result;
    const body = (result.body ?? {}) as { status?: unknown; code?: unknown };
    const outcome = result.status === 201 ? body.status : body.code;
    metrics.orders.inc({ outcome: typeof outcome === "string" ? outcome : String(result.status) });
    return result;
  } catch (error) {
    metrics.orders.inc({ outcome: error instanceof AppError ? error.code : "INTERNAL" });
    throw error;
  }
}
