import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestDatabase, testDatabaseKinds } from "../../testing/test-app.ts";
import { products } from "../schema/index.ts";
import { seedProducts } from "./catalogue-data.ts";
import { countProducts, seedDatabase } from "./seed.ts";

describe.each(testDatabaseKinds)("seed on %s", (kind) => {
  it("can run on every start without duplicating or overwriting anything", async () => {
    const { handle, drop } = await createTestDatabase(kind, { empty: true });
    try {
      await handle.migrate();
      await seedDatabase(handle.db);
      expect(await countProducts(handle.db)).toBe(seedProducts.length);

      // A staff member changes a price; the next start must keep it.
      await handle.db.update(products).set({ pricePaise: 12345 }).where(eq(products.id, "mangoes"));
      await handle.migrate();
      await seedDatabase(handle.db);
      expect(await countProducts(handle.db)).toBe(seedProducts.length);
      const [mangoes] = await handle.db.select().from(products).where(eq(products.id, "mangoes"));
      expect(mangoes!.pricePaise).toBe(12345);
    } finally {
      await handle.close();
      await drop();
    }
    // Migrates and seeds twice from nothing (demo passwords hashed with Argon2 each time): a
    // bound for a busy two-core machine, not a measure of speed.
  }, 120_000);

  it("refuses negative stock in the database itself", async () => {
    const { handle, drop } = await createTestDatabase(kind);
    try {
      const refused = await handle.db
        .update(products)
        .set({ stock: -1 })
        .where(eq(products.id, "mangoes"))
        .then(
          () => undefined,
          (error: { cause?: unknown }) => error.cause ?? error,
        );
      expect(refused).toMatchObject({ code: "23514", constraint: "products_stock_nonnegative" });
    } finally {
      await handle.close();
      await drop();
    }
  });
});
