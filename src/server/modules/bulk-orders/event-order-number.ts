import { eq } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.ts";
import { orders } from "../orders/schema.ts";

/** The order number of an event order on the board, if it is there. */
export async function eventOrderNumber(
  db: Database | Transaction,
  ticketId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ orderNumber: orders.orderNumber })
    .from(orders)
    .where(eq(orders.eventTicket, ticketId));
  return row?.orderNumber ?? null;
}
