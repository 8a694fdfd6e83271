import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { notifyStaff } from "../live/index.ts";
import { RATING_EVENT } from "../support/index.ts";
import { findOwnOrder, type Reader } from "./order-access.ts";
import { orders } from "./schema.ts";

/** Stores the shopper's 1-5 rating of their order; a later choice replaces an earlier one. */
export async function rateOrder(db: Database, orderNumber: string, reader: Reader, rating: number) {
  const order = await findOwnOrder(db, orderNumber, reader);
  await db.transaction(async (tx) => {
    await tx.update(orders).set({ rating, ratedAt: sql`now()` }).where(eq(orders.id, order.id));
    await notifyStaff(tx, { ...RATING_EVENT, id: orderNumber });
  });
}
