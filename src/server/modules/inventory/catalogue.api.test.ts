import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { Product } from "../../../shared/catalogue.ts";
import { seedProducts } from "../../db/seed/catalogue-data.ts";
import { seedLocalDescriptions } from "../../db/seed/local-descriptions.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

describe.each(testDatabaseKinds)("catalogue API on %s", (kind) => {
  const ctx = useTestApp(kind);

  async function list(query = "") {
    const response = await ctx.app.inject({ method: "GET", url: `/api/products${query}` });
    return { response, body: response.json() as { products: Product[]; total: number } };
  }

  it("lists the whole seeded catalogue with the spec's category counts", async () => {
    const { response, body } = await list();
    expect(response.statusCode).toBe(200);
    expect(body.total).toBe(seedProducts.length);
    const count = (category: string) => body.products.filter((p) => p.category === category).length;
    expect([count("fruits"), count("vegetables"), count("dairy"), count("herbs")]).toEqual([
      22, 30, 4, 5,
    ]);
  });

  it("carries price, stock, GST rate and HSN code for each product", async () => {
    const { body } = await list();
    const ghee = body.products.find((p) => p.id === "desi-ghee")!;
    expect(ghee).toMatchObject({ pricePaise: 100000, unit: "liter", gstRateBps: 500 });
    expect(ghee.hsnCode).toBe("0405");
    const kiwi = body.products.find((p) => p.id === "kiwi")!;
    expect(kiwi.local).toBe(false);
    expect(body.products.every((p) => p.organic && p.inSeason)).toBe(true);
    expect(body.products.every((p) => p.stock > 0)).toBe(true);
    const prices = body.products.map((p) => p.pricePaise);
    expect(Math.min(...prices)).toBe(1000);
    expect(Math.max(...prices)).toBe(100000);
  });

  it("filters by category, search, and toggles, all combined", async () => {
    const fruits = await list("?category=fruits");
    expect(fruits.body.total).toBe(22);
    expect(fruits.body.products.every((p) => p.category === "fruits")).toBe(true);

    const search = await list("?search=MANGO");
    expect(search.body.products.map((p) => p.id)).toContain("mangoes");

    const local = await list("?category=fruits&local=true");
    expect(local.body.total).toBe(21);
    expect(local.body.products.some((p) => p.id === "kiwi")).toBe(false);

    const featured = await list("?featured=true");
    expect(featured.body.products.map((p) => p.id).sort()).toEqual(
      [
        "brinjal",
        "cucumber",
        "jackfruit",
        "kashmir-apples",
        "mangoes",
        "mint",
        "paneer",
        "tomatoes",
        "watermelon",
      ].sort(),
    );
  });

  it("carries each product's Hindi and Odia names, and finds it by any of them", async () => {
    const { body } = await list();
    expect(body.products.find((p) => p.id === "okra")).toMatchObject({
      name: "Okra",
      nameHi: "भिंडी",
      nameOr: "ଭେଣ୍ଡି",
      descriptionOr: seedLocalDescriptions.okra!.or,
    });
    expect(
      body.products.every((p) => p.nameOr && p.nameHi && p.descriptionOr && p.descriptionHi),
    ).toBe(true);
    const found = async (search: string) =>
      (await list(`?search=${encodeURIComponent(search)}`)).body.products.map((p) => p.id);
    expect(await found("ଭେଣ୍ଡି")).toEqual(["okra"]);
    expect(await found("भिंडी")).toEqual(["okra"]);
    // As a shopper types it on a Latin keyboard.
    expect(await found("bhendi")).toEqual(["okra"]);
    expect(await found("tamatar")).toEqual(["tomatoes"]);
    expect(await found("aloo")).toEqual(["potatoes"]);
    expect(await found("baingan")).toEqual(["brinjal"]);
  });

  it("searches descriptions as well as names", async () => {
    const withWord = seedProducts.find((p) => !p.name.toLowerCase().includes("sweet"))!;
    const word = withWord.description.split(/\W+/).find((w) => w.length > 6)!;
    const { body } = await list(`?search=${encodeURIComponent(word)}`);
    expect(body.products.map((p) => p.id)).toContain(withWord.id);
  });

  it("sends the list compressed to clients that accept it", async () => {
    const plain = await ctx.app.inject({ method: "GET", url: "/api/products" });
    for (const [encoding, decode] of [
      ["br", brotliDecompressSync],
      ["gzip", gunzipSync],
    ] as const) {
      const response = await ctx.app.inject({
        method: "GET",
        url: "/api/products",
        headers: { "accept-encoding": `${encoding}, deflate` },
      });
      expect(response.headers["content-encoding"]).toBe(encoding);
      expect(response.headers.vary).toContain("accept-encoding");
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(decode(response.rawPayload).toString()).toBe(plain.body);
    }
    expect(plain.headers["content-encoding"]).toBeUndefined();
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const first = await list("?category=dairy");
    const etag = first.response.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await ctx.app.inject({
      method: "GET",
      url: "/api/products?category=dairy",
      headers: { "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("refuses an unknown category or query field with a 400 naming the field", async () => {
    const badCategory = await list("?category=meat");
    expect(badCategory.response.statusCode).toBe(400);
    expect(badCategory.response.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      field: "category",
    });

    const unknown = await list("?colour=red");
    expect(unknown.response.statusCode).toBe(400);
    expect(unknown.response.json()).toMatchObject({ field: "colour" });

    const longSearch = await list(`?search=${"a".repeat(101)}`);
    expect(longSearch.response.statusCode).toBe(400);
    expect(longSearch.response.json().message).toContain("search");
  });

  it("returns one product, and 404 for an unknown id", async () => {
    const found = await ctx.app.inject({ method: "GET", url: "/api/products/paneer" });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ id: "paneer", category: "dairy", featured: true });

    const missing = await ctx.app.inject({ method: "GET", url: "/api/products/no-such-fruit" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: "NOT_FOUND" });
  });

  it("lists the four categories in order, herbs on the default image", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/categories" });
    const { categories } = response.json() as { categories: { id: string; image: string }[] };
    expect(categories.map((c) => c.id)).toEqual(["fruits", "vegetables", "dairy", "herbs"]);
    expect(categories.find((c) => c.id === "herbs")!.image).toBe("/images/categories/default.svg");
  });
});
