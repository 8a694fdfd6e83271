import { seedDatabase } from "../../src/server/db/seed/seed.ts";
import type { FreshDatabase } from "../support/fresh-database.ts";
import { countOnto, productsOnSale } from "../support/shelves.ts";

/** Stock enough that no buyer is turned away for it: the load is orders, not quick refusals. */
export async function stockUp(fresh: FreshDatabase) {
  const database = await fresh.open();
  try {
    await database.migrate();
    await seedDatabase(database.db);
    await countOnto(database.db, await productsOnSale(database.db), () => 1_000_000);
  } finally {
    await database.close();
  }
}
