// A baseline store's database made ready by the baseline's own code: run as
// `node --import tsx bench/checkout/stock-up-child.ts '{"root": ..., "env": {...}}'`, it imports
// the migrations, seed and (when that tree has them) shelves of the tree at `root`, migrates,
// seeds, puts the stock on the shelves as bench:checkout does (every product PLENTIFUL_STOCK of its
// smallest purchase, the first featured one SCARCE_STOCK), and prints the catalogue as JSON on
// its last line. A tree from before the stock ledger (no bench/support/shelves.ts) gets its
// stock set straight, as its own bench set it; one from before weights sells whole units.
import { existsSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../../src/server/db/client.ts";
import type { ShelfProduct } from "../support/shelves.ts";
import { PLENTIFUL_STOCK, SCARCE_STOCK, shelfStock } from "./load-model.ts";

type Options = { root: string; env: { DATA_DIR?: string; DATABASE_URL?: string } };
type Shelves = {
  productsOnSale(db: unknown): Promise<ShelfProduct[]>;
  countOnto(
    db: unknown,
    products: ShelfProduct[],
    stockOf: (p: ShelfProduct) => number,
  ): Promise<void>;
};

async function main() {
  const { root, env } = JSON.parse(process.argv[2]!) as Options;
  const from = (file: string) => import(path.join(root, file));
  const { openDatabase } = (await from("src/server/db/client.ts")) as {
    openDatabase(options: { databaseUrl?: string; dataDir?: string }): Promise<DatabaseHandle>;
  };
  const { seedDatabase } = (await from("src/server/db/seed/seed.ts")) as {
    seedDatabase(db: unknown): Promise<void>;
  };
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
  try {
    await database.migrate();
    await seedDatabase(database.db);
    const [first] = await rows<{ id: string }>(
      sql`select id from products order by featured desc, position limit 1`,
    );
    const scarce = first!.id;
    let onSale: ShelfProduct[];
    if (existsSync(path.join(root, "bench/support/shelves.ts"))) {
      const shelves = (await from("bench/support/shelves.ts")) as Shelves;
      onSale = await shelves.productsOnSale(database.db);
      await shelves.countOnto(database.db, onSale, (product) => shelfStock(product, scarce));
    } else {
      onSale = (
        await rows<{ id: string; unit: string }>(
          sql`select id, unit from products where archived_at is null order by id`,
        )
      ).map((row) => ({ ...row, step: 1, minimum: 1 }));
      await database.db.execute(sql`update products set stock = ${PLENTIFUL_STOCK}`);
      await database.db.execute(
        sql`update products set stock = ${SCARCE_STOCK} where id = ${scarce}`,
      );
    }
    const stock = await rows<{ id: string; stock: number }>(sql`select id, stock from products`);
    console.log(
      JSON.stringify({
        initialStock: stock.map((row) => [row.id, Number(row.stock)]),
        plentiful: onSale.map((product) => product.id).filter((id) => id !== scarce),
        scarce,
        products: onSale.map((product) => [product.id, product]),
      }),
    );
  } finally {
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error("stock-up-child:", error);
    process.exit(1);
  },
);
