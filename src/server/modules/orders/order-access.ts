import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { preparedOnce } from "../../db/statement-once.ts";
import { AppError } from "../../http/app-error.ts";
import { readWholeOrder } from "./order-view.ts";
import { orders } from "./schema.ts";

export type Reader = {
  browserKeyHash?: string | undefined;
  customerId?: string | null | undefined;
  /** Orders this browser opened from the links in their emails (order-link.ts). */
  linkedOrders?: ReadonlySet<string>;
};

// Every order page and payment report asks it: made once.
const orderByNumber = preparedOnce("order_by_number", (db, name) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.orderNumber, sql.placeholder("orderNumber")))
    .prepare(name),
);

/**
 * The order, if this reader placed it (same browser, or same signed-in customer) or opened its
 * emailed link. Anyone else is told it does not exist, so order numbers cannot be probed.
 */
export async function findOwnOrder(db: Database, orderNumber: string, reader: Reader) {
  const [order] = await orderByNumber(db).execute({ orderNumber });
  return mineOrRefused(order, orderNumber, reader);
}

/** The same, read whole (lines, payments, credit notes) in the same one statement. */
export async function findOwnWholeOrder(db: Database, orderNumber: string, reader: Reader) {
  return mineOrRefused(await readWholeOrder(db, orderNumber), orderNumber, reader);
}

function mineOrRefused<T extends Pick<typeof orders.$inferSelect, "browserKeyHash" | "customerId">>(
  order: T | undefined,
  orderNumber: string,
  reader: Reader,
): T {
  const mine =
    order &&
    ((reader.browserKeyHash && order.browserKeyHash === reader.browserKeyHash) ||
      (reader.customerId && order.customerId === reader.customerId) ||
      reader.linkedOrders?.has(orderNumber));
  if (!mine) throw new AppError("NOT_FOUND", `No order ${orderNumber} was found for you.`);
  return order;
}
