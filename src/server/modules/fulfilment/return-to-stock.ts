import { asc, eq } from "drizzle-orm";
import type { Transaction } from "../../db/client.ts";
import { mustMove } from "../inventory/index.ts";
import { orderLines } from "../orders/schema.ts";

/**
 * Puts an order's units back on the shelf through the ledger, when the order will not be sent
 * (cancelled by staff, or never paid). Answers the lines it read.
 */
export async function returnLinesToStock(
  tx: Transaction,
  order: { id: number; staffId?: string; note: string },
) {
  const lines = await tx
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.productId));
  // In product id order, as checkouts lock them, so a release and a checkout never deadlock.
  for (const line of lines) {
    // What left the shelf: the scale's reading once a weighed line is packed (a heavier bag is
    // charged at most the tolerance, but all of it was taken), what is charged otherwise.
    const taken = line.packedQuantity ?? line.quantity;
    if (taken <= 0) continue;
    await mustMove(tx, {
      productId: line.productId,
      kind: "cancellation",
      delta: taken,
      orderId: order.id,
      staffId: order.staffId ?? null,
      note: order.note,
    });
  }
  return lines;
}
