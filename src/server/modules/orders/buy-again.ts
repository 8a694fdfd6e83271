import { and, eq, inArray, isNull } from "drizzle-orm";
import type { BuyAgain } from "../../../shared/contracts/buy-again.ts";
import type { Database } from "../../db/client.ts";
import { lotFactsOf, readLotFacts, toProduct } from "../inventory/index.ts";
import { products } from "../inventory/schema.ts";
import { orderLines } from "./schema.ts";

/**
 * What an order had, and today's products of it from the database (today's price and stock, not
 * the catalogue's cached copy), for the shop to plan putting it in the cart again.
 */
export async function readBuyAgain(db: Database, orderId: number): Promise<BuyAgain> {
  const rows = await db
    .select({
      productId: orderLines.productId,
      name: orderLines.name,
      unit: orderLines.unit,
      quantity: orderLines.quantity,
      orderedQuantity: orderLines.orderedQuantity,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(orderLines.id);
  const lines = rows
    .map((row) => ({
      productId: row.productId,
      name: row.name,
      unit: row.unit,
      wanted: row.orderedQuantity ?? row.quantity,
    }))
    .filter((line) => line.wanted > 0);
  const ids = [...new Set(lines.map((line) => line.productId))];
  const today =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(products)
          .where(and(inArray(products.id, ids), isNull(products.archivedAt)));
  const lots = await readLotFacts(db, ids);
  return { lines, today: today.map((row) => toProduct(row, lotFactsOf(lots, row.id))) };
}
