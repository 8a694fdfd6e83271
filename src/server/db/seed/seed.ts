import { sql } from "drizzle-orm";
import { pricedPer } from "../../../shared/rules/measure.ts";
import { giveDemoPasswords, seedStaffMembers } from "../../modules/staff/index.ts";
import type { Database } from "../client.ts";
import { categories, products, stockMovements } from "../schema/index.ts";
import { seedCategories, seedProducts } from "./catalogue-data.ts";
import { seedLocalDescriptions } from "./local-descriptions.ts";
import { seedLocalNames } from "./local-names.ts";

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
  await nameSeedProducts(db);
  await describeSeedProducts(db);
  await seedStaffMembers(db);
  if (options.demoStaffPasswords) await giveDemoPasswords(db);
}

/**
 * The Hindi and Odia names of the starter produce, also into a store seeded before they were
 * written: only where the shop has given none and still calls the product what the seed did.
 */
async function nameSeedProducts(db: Database): Promise<void> {
  const named = seedProducts.flatMap((product) => {
    const names = seedLocalNames[product.id];
    return names ? [sql`(${product.id}, ${product.name}, ${names.or}, ${names.hi})`] : [];
  });
  await db.execute(sql`
    update products set name_or = seed.name_or, name_hi = seed.name_hi
    from (values ${sql.join(named, sql`, `)}) as seed (id, name, name_or, name_hi)
    where products.id = seed.id and products.name = seed.name
      and products.name_or is null and products.name_hi is null`);
}

/**
 * Their descriptions likewise, on the same terms: a shop that rewrote the English has made the
 * seed's Hindi and Odia describe something else, and one that wrote either has chosen its own.
 */
async function describeSeedProducts(db: Database): Promise<void> {
  const described = seedProducts.flatMap((product) => {
    const texts = seedLocalDescriptions[product.id];
    return texts ? [sql`(${product.id}, ${product.description}, ${texts.or}, ${texts.hi})`] : [];
  });
  await db.execute(sql`
    update products set description_or = seed.description_or, description_hi = seed.description_hi
    from (values ${sql.join(described, sql`, `)})
      as seed (id, description, description_or, description_hi)
    where products.id = seed.id and products.description = seed.description
      and products.description_or is null and products.description_hi is null`);
}

export async function countProducts(db: Database): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(products);
  return row?.count ?? 0;
}
