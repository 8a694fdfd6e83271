// The database a run's store starts on: fresh (bench/support/fresh-database.ts), migrated and
// seeded as the server would, every product with plenty of stock but one scarce product, so the
// run shows that contention never oversells.
import { type SQL, sql } from "drizzle-orm";
import type { DatabaseHandle } from "../../src/server/db/client.ts";
import { seedDatabase } from "../../src/server/db/seed/seed.ts";
import { freshDatabase } from "../support/fresh-database.ts";
import { countOnto, productsOnSale } from "../support/shelves.ts";
import { type Catalogue, shelfStock } from "./load-model.ts";
import type { Kind } from "./settings.ts";

export type Prepared = {
  kind: Kind;
  /** What the server child gets on top of serve-app's production defaults. */
  env: Record<string, string>;
  open(): Promise<DatabaseHandle>;
  cleanup(): Promise<void>;
  label: string;
};

export async function rows<T>(db: DatabaseHandle["db"], query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export async function prepare(kind: Kind, testDatabaseUrl: string | undefined): Promise<Prepared> {
  const fresh = await freshDatabase(kind, "checkout", testDatabaseUrl);
  // The server child runs behind TRUST_PROXY=1 (and on PostgreSQL with DATABASE_URL), where demo
  // mode is on only when asked for; the test provider needs it, and the stand-in's http:// address.
  return { kind, ...fresh, env: { ...fresh.env, DEMO_MODE: "true" } };
}

/** Migrates and seeds as the server would, then sets every stock; the server starts on this. */
export async function stockUp(prepared: Prepared): Promise<Catalogue> {
  const database = await prepared.open();
  try {
    await database.migrate();
    await seedDatabase(database.db);
    const [first] = await rows<{ id: string }>(
      database.db,
      sql`select id from products order by featured desc, position limit 1`,
    );
    const scarce = first!.id;
    const onSale = await productsOnSale(database.db);
    await countOnto(database.db, onSale, (product) => shelfStock(product, scarce));
    const stock = await rows<{ id: string; stock: number }>(
      database.db,
      sql`select id, stock from products order by id`,
    );
    return {
      initialStock: new Map(stock.map((row) => [row.id, Number(row.stock)])),
      plentiful: onSale.map((product) => product.id).filter((id) => id !== scarce),
      scarce,
      products: new Map(onSale.map((product) => [product.id, product])),
    };
  } finally {
    await database.close();
  }
}
