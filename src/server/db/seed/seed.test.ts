import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestDatabase, testDatabaseKinds } from "../../testing/test-app.ts";
import { products } from "../schema/index.ts";
import { seedProducts } from "./catalogue-data.ts";
import { seedLocalDescriptions } from "./local-descriptions.ts";
import { seedLocalNames } from "./local-names.ts";
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

  it("names the starter produce in Hindi and Odia in a store seeded before, unless the shop has", async () => {
    const { handle, drop } = await createTestDatabase(kind);
    try {
      const read = async (id: string) =>
        (await handle.db.select().from(products).where(eq(products.id, id)))[0]!;
      // As a store seeded before the names were written: none, one renamed, one named by the shop.
      await handle.db.update(products).set({ nameOr: null, nameHi: null });
      await handle.db
        .update(products)
        .set({ name: "Lady's Finger" })
        .where(eq(products.id, "okra"));
      await handle.db
        .update(products)
        .set({ nameHi: "लाल टमाटर" })
        .where(eq(products.id, "tomatoes"));
      await seedDatabase(handle.db);
      expect(await read("potatoes")).toMatchObject({ nameOr: "ଆଳୁ", nameHi: "आलू" });
      expect(await read("okra")).toMatchObject({ nameOr: null, nameHi: null });
      expect(await read("tomatoes")).toMatchObject({ nameOr: null, nameHi: "लाल टमाटर" });
      expect(Object.keys(seedLocalNames).sort()).toEqual(seedProducts.map((p) => p.id).sort());
    } finally {
      await handle.close();
      await drop();
    }
  });

  it("describes the starter produce in Hindi and Odia in a store seeded before, unless the shop has", async () => {
    const { handle, drop } = await createTestDatabase(kind);
    try {
      const read = async (id: string) =>
        (await handle.db.select().from(products).where(eq(products.id, id)))[0]!;
      // As a store seeded before the descriptions were written: none, one whose English the shop
      // rewrote, one the shop described in Odia itself.
      await handle.db.update(products).set({ descriptionOr: null, descriptionHi: null });
      await handle.db
        .update(products)
        .set({ description: "From Sahu's farm in Pipili, picked this morning." })
        .where(eq(products.id, "okra"));
      await handle.db
        .update(products)
        .set({ descriptionOr: "ଆମ ବିଲର ଟମାଟୋ" })
        .where(eq(products.id, "tomatoes"));
      await seedDatabase(handle.db);
      expect(await read("potatoes")).toMatchObject({
        descriptionOr: seedLocalDescriptions.potatoes!.or,
        descriptionHi: seedLocalDescriptions.potatoes!.hi,
      });
      expect(await read("okra")).toMatchObject({ descriptionOr: null, descriptionHi: null });
      expect(await read("tomatoes")).toMatchObject({
        descriptionOr: "ଆମ ବିଲର ଟମାଟୋ",
        descriptionHi: null,
      });
    } finally {
      await handle.close();
      await drop();
    }
  });

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

describe("the starter produce's Hindi and Odia descriptions", () => {
  it("describe every product, each in its own script", () => {
    expect(Object.keys(seedLocalDescriptions).sort()).toEqual(seedProducts.map((p) => p.id).sort());
    for (const [id, { hi, or }] of Object.entries(seedLocalDescriptions)) {
      expect(hi, `${id} in Hindi`).toMatch(/[\u0900-\u097F]/);
      expect(or, `${id} in Odia`).toMatch(/[\u0B00-\u0B7F]/);
    }
  });
});
