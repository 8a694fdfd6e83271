import { and, desc, eq, isNull, notInArray, sql } from "drizzle-orm";
import type { Product } from "../../../shared/catalogue.ts";
import { USUAL_PRODUCTS_SHOWN } from "../../../shared/contracts/buy-again.ts";
import type { Database } from "../../db/client.ts";
import { lotFactsOf, readLotFacts, toProduct } from "../inventory/index.ts";
import { products } from "../inventory/schema.ts";
import { orderLines, orders } from "./schema.ts";

/**
 * The products a customer buys most often: in the most of their orders, the latest first among
 * equals. Orders never paid or cancelled count too: the shopper wanted those products. Products
 * no longer sold are left out.
 */
export async function readUsualProducts(
  db: Database,
  customerId: string,
): Promise<Required<Product>[]> {
  const orderCount = sql<number>`count(distinct ${orders.id})`;
  const rows = await db
    .select({ product: products })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(
      and(
        eq(orders.customerId, customerId),
        isNull(products.archivedAt),
        // A line short-picked to nothing was still wanted; only the awaiting-payment orders a
        // shopper abandoned say little.
        notInArray(orders.status, ["awaiting_payment"]),
      ),
    )
    .groupBy(products.id)
    .orderBy(desc(orderCount), desc(sql`max(${orders.placedAt})`), products.id)
    .limit(USUAL_PRODUCTS_SHOWN);
  const lots = await readLotFacts(
    db,
    rows.map((row) => row.product.id),
  );
  return rows.map((row) => toProduct(row.product, lotFactsOf(lots, row.product.id)));
}
