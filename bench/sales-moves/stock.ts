import { seedDatabase } from "../../src/server/db/seed/seed.ts";
import { MAX_MOVEMENT_QUANTITY } from "../../src/shared/rules/stock-movement.ts";
import type { FreshDatabase } from "../support/fresh-database.ts";
import { countOnto, productsOnSale } from "../support/shelves.ts";

/**
 * Stock enough that no buyer is turned away for it: the load is orders, not quick refusals. The
 * most one count may set: a weighed product counts grams, and a million sold out within a minute.
 */
export async function stockUp(fresh: FreshDatabase) {
  const database = await fresh.open();
  try {
    await database.migrate();
    await seedDatabase(database.db);
    await countOnto(database.db, await productsOnSale(database.db), () => MAX_MOVEMENT_QUANTITY);
  } finally {
    await database.close();
  }
}
