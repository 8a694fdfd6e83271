import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { orders } from "../../db/schema/index.ts";
import { AppError } from "../../http/app-error.ts";

export type Reader = {
  browserKeyHash?: string | undefined;
  customerId?: string | null | undefined;
};

/**
 * The order, if this reader placed it (same browser, or same signed-in customer). Anyone else is
 * told it does not exist, so order numbers cannot be probed.
 */
export async function findOwnOrder(db: Database, orderNumber: string, reader: Reader) {
  const [order] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
  const mine =
    order &&
    ((reader.browserKeyHash && order.browserKeyHash === reader.browserKeyHash) ||
      (reader.customerId && order.customerId === reader.customerId));
  if (!mine) throw new AppError("NOT_FOUND", `No order ${orderNumber} was found for you.`);
  return order;
}
