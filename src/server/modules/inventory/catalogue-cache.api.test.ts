import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products } from "../../db/schema/index.ts";
import { asStaff, INVENTORY } from "../../testing/inventory.ts";
import { signInStaff } from "../../testing/staff.ts";
import { type TestContext, useTestApp } from "../../testing/test-app.ts";

/** Paneer's stock as the shop's product list shows it. */
const paneerStock = async (ctx: TestContext) => {
  const response = await ctx.app.inject({ method: "GET", url: "/api/products?category=dairy" });
  return (response.json() as { products: { id: string; stock: number }[] }).products.find(
    (product) => product.id === "paneer",
  )!.stock;
};

/** A change made behind the store's back: no edit of the store's own tells the cache of it. */
const setPaneerStockInDatabase = (ctx: TestContext, stock: number) =>
  ctx.database.db.update(products).set({ stock }).where(eq(products.id, "paneer"));

describe("the product list cache, while it holds", () => {
  // Longer than any run of this suite: the list never expires here.
  const ctx = useTestApp("pglite", { CATALOGUE_CACHE_SECONDS: "3600" });
  let staff: ReturnType<typeof asStaff>;
  beforeAll(async () => {
    staff = asStaff(ctx.app, await signInStaff(ctx.app, "inventory"));
  });

  it("answers from memory: a change the store did not make is not seen until a staff edit drops the list", async () => {
    const before = await paneerStock(ctx);
    await setPaneerStockInDatabase(ctx, before - 7);
    for (let asked = 0; asked < 3; asked++) expect(await paneerStock(ctx)).toBe(before);

    const written = await staff({
      method: "POST",
      url: `${INVENTORY}/products/paneer/movements`,
      payload: { kind: "write_off", quantity: 1, reason: "spoiled" },
    });
    expect(written.statusCode, written.body).toBe(201);
    // The edit's instance reads the database again: both changes show.
    expect(await paneerStock(ctx)).toBe(before - 8);
  });
});

describe("the product list cache, once it expires", () => {
  const ctx = useTestApp("pglite", { CATALOGUE_CACHE_SECONDS: "0" });

  it("answers the expired list once more from memory and picks up database changes in the background", async () => {
    const before = await paneerStock(ctx);
    await setPaneerStockInDatabase(ctx, before - 7);
    // The expired list answers at once while the fresh one loads; no request waits on it.
    expect(await paneerStock(ctx)).toBe(before);
    await expect.poll(() => paneerStock(ctx), { timeout: 5000 }).toBe(before - 7);
  });
});
