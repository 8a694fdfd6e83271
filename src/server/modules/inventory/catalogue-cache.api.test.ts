import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products } from "../../db/schema/index.ts";
import { useTestApp } from "../../testing/test-app.ts";

describe("the product list cache", () => {
  const ctx = useTestApp("pglite", { CATALOGUE_CACHE_SECONDS: "0" });
  const paneerStock = async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/products?category=dairy" });
    return (response.json() as { products: { id: string; stock: number }[] }).products.find(
      (product) => product.id === "paneer",
    )!.stock;
  };

  it("answers from memory and picks up database changes in the background", async () => {
    const before = await paneerStock();
    await ctx.database.db
      .update(products)
      .set({ stock: before - 7 })
      .where(eq(products.id, "paneer"));
    // The expired list answers once more while the fresh one loads; then the change shows.
    await expect.poll(paneerStock, { timeout: 5000 }).toBe(before - 7);
  });
});
