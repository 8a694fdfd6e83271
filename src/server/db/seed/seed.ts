import { sql } from "drizzle-orm";
import { pricedPer } from "../../../shared/rules/measure.ts";
import { giveDemoPasswords, seedStaffMembers } from "../../modules/staff/index.ts";
import type { Database } from "../client.ts";
import { categories, products, stockMovements } from "../schema/index.ts";
import { seedCategories, seedProducts } from "./catalogue-data.ts";

const LOW_STOCK_UNITS = 10;

/**
 * Inserts the starter catalogue. Rows that exist are left alone, so staff edits to prices,
 * stock or photos survive every restart.
 */
export type SeedOptions = {
  /** Demo mode: staff members without a password get their published demo password. */
  demoStaffPasswords?: boolean;
};

export async function seedDatabase(db: Database, options: SeedOptions = {}): Promise<void> {
  await db
    .insert(categories)
    .values(seedCategories.map((category, position) => ({ ...category, position })))
    .onConflictDoNothing();
  // A product the seed adds starts its ledger with its opening stock; one already there keeps
  // whatever its ledger says.
  await db.transaction(async (tx) => {
    const added = await tx
      .insert(products)
      .values(
        seedProducts.map(({ category, ...product }, position) => ({
          ...product,
          categoryId: category,
          // Ten kilos or ten units: the dashboard's default "running low".
          lowStockThreshold: LOW_STOCK_UNITS * pricedPer(product.unit),
          position,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: products.id, stock: products.stock });
    if (added.length === 0) return;
    await tx.insert(stockMovements).values(
      added.map(({ id, stock }) => ({
        productId: id,
        kind: "count",
        quantity: stock,
        stockAfter: stock,
        note: "Opening stock",
      })),
    );
  });
  await seedStaffMembers(db);
  if (options.demoStaffPasswords) await giveDemoPasswords(db);
}

export async function countProducts(db: Database): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(products);
  return row?.count ?? 0;
}
