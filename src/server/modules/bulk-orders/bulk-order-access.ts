import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../http/app-error.ts";
import { isLinkToken } from "./bulk-order-link.ts";
import { bulkOrders } from "./schema.ts";

export type BulkOrderRow = typeof bulkOrders.$inferSelect;

export type BulkReader = {
  browserKeyHash?: string | undefined;
  customerId?: string | null | undefined;
  /** The emailed link's token. */
  token?: string | undefined;
};

/**
 * The request, if this reader made it: the same browser, the same signed-in customer, or the
 * emailed link. Anyone else is told it does not exist, so tickets cannot be probed.
 */
export async function findOwnBulkOrder(
  db: Database,
  linkSecret: string,
  ticketId: string,
  reader: BulkReader,
): Promise<BulkOrderRow> {
  const [row] = await db.select().from(bulkOrders).where(eq(bulkOrders.ticketId, ticketId));
  const mine =
    row &&
    ((reader.browserKeyHash && row.browserKeyHash === reader.browserKeyHash) ||
      (reader.customerId && row.customerId === reader.customerId) ||
      isLinkToken(linkSecret, ticketId, reader.token));
  if (!mine)
    throw new AppError("NOT_FOUND", `No bulk order request ${ticketId} was found for you.`);
  return row;
}
