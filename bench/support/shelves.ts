// Stock for a benchmark's shop, put on the shelves as the store does it: a count in the ledger
// per product, so the lots (decision 52) hold what the shelf holds and every sale finds its lot.
// And what a buyer may ask for: whole steps of each product (decision 53), never a loose gram.
import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "../../src/server/db/client.ts";
import { mustMove } from "../../src/server/modules/inventory/index.ts";

/** A product as a bench buyer needs it: how it is sold. */
export type ShelfProduct = { id: string; unit: string; step: number; minimum: number };

/** The shop's products on sale, by id. */
export async function productsOnSale(db: Database): Promise<ShelfProduct[]> {
  const rows = rowsOf<ShelfProduct>(
    await db.execute(
      sql`select id, unit, step, minimum from products where archived_at is null order by id`,
    ),
  );
  return rows.map((row) => ({ ...row, step: Number(row.step), minimum: Number(row.minimum) }));
}

/** `picks` of the product's smallest purchase: 1 is its minimum, 2 one step more, and so on. */
export const quantityOf = (product: ShelfProduct, picks: number) =>
  product.minimum + (picks - 1) * product.step;

/** Counts `stockOf(product)` onto each product's shelf through the ledger. */
export async function countOnto(
  db: Database,
  products: readonly ShelfProduct[],
  stockOf: (product: ShelfProduct) => number,
) {
  for (const product of products) {
    await mustMove(db, {
      productId: product.id,
      kind: "count",
      counted: stockOf(product),
      note: "Benchmark stock",
    });
  }
}
