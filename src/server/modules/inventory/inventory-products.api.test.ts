import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CSV_MESSAGES } from "../../../shared/contracts/inventory.ts";
import { HSN_CODE_MESSAGE } from "../../../shared/rules/hsn-code.ts";
import { pricedUnitLabel } from "../../../shared/rules/measure.ts";
import { PRICE_CHANGE_MESSAGES } from "../../../shared/rules/price-change.ts";
import { PRODUCT_FORM_MESSAGES } from "../../../shared/rules/product-form.ts";
import { orderLines, products } from "../../db/schema/index.ts";
import {
  asStaff,
  auditOf,
  INVENTORY,
  placeShopOrder,
  productRow,
  testProduct,
} from "../../testing/inventory.ts";
import { signInStaff } from "../../testing/staff.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

const form = {
  name: "Alphonso Mangoes",
  description: "Ratnagiri, hand picked",
  category: "fruits",
  unit: "dozen",
  pricePaise: 60000,
  gstRateBps: 0,
  hsnCode: "0804",
  organic: true,
  local: false,
  inSeason: true,
  featured: false,
  lowStockThreshold: 6,
};

describe.each(testDatabaseKinds)("inventory products on %s", (kind) => {
  // The shop's cache is on, as in production: edits must still show at once.
  const ctx = useTestApp(kind, { CATALOGUE_CACHE_SECONDS: "60" });
  let staff: ReturnType<typeof asStaff>;
  let ids = 0;
  const freshId = (name: string) => `${name}-${process.pid}-${++ids}`;
  const shopIds = async () =>
    (await ctx.app.inject({ method: "GET", url: "/api/products" }))
      .json()
      .products.map((p: { id: string }) => p.id);

  beforeAll(async () => {
    staff = asStaff(ctx.app, await signInStaff(ctx.app, "inventory"));
  });

  /** Saves the form as the product was opened, with `changes` (and the version opened). */
  const saveOpened = (id: string, opened: Record<string, unknown>, changes: object) =>
    staff({
      method: "PUT",
      url: `${INVENTORY}/products/${id}`,
      payload: {
        name: opened.name,
        category: opened.category,
        unit: opened.unit,
        pricePaise: opened.pricePaise,
        gstRateBps: opened.gstRateBps,
        hsnCode: opened.hsnCode,
        lowStockThreshold: opened.lowStockThreshold,
        organic: opened.organic,
        local: opened.local,
        inSeason: opened.inSeason,
        featured: opened.featured,
        ...changes,
      },
    });

  it("refuses a bad form with a clear message per field", async () => {
    const cases: [object, string][] = [
      [{ pricePaise: 0 }, PRODUCT_FORM_MESSAGES.priceNotPositive],
      [{ pricePaise: -500 }, PRODUCT_FORM_MESSAGES.priceNotPositive],
      [{ category: "spices" }, PRODUCT_FORM_MESSAGES.categoryUnknown],
      [{ hsnCode: "08041" }, HSN_CODE_MESSAGE],
      [{ hsnCode: "08O4" }, HSN_CODE_MESSAGE],
      [{ name: "  " }, PRODUCT_FORM_MESSAGES.nameRequired],
      [{ gstRateBps: 700 }, PRODUCT_FORM_MESSAGES.gstRateUnknown],
      [{ lowStockThreshold: -1 }, PRODUCT_FORM_MESSAGES.thresholdInvalid],
    ];
    for (const [change, message] of cases) {
      const response = await staff({
        method: "POST",
        url: `${INVENTORY}/products`,
        payload: { ...form, ...change },
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().message).toContain(message);
    }
  });

  it("adds a product under a unique slug of its name, with no stock, and audits it", async () => {
    const first = await staff({ method: "POST", url: `${INVENTORY}/products`, payload: form });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ id: "alphonso-mangoes", stock: 0, version: 1 });
    const second = await staff({ method: "POST", url: `${INVENTORY}/products`, payload: form });
    expect(second.json().id).toBe("alphonso-mangoes-2");
    expect(await auditOf(ctx, "alphonso-mangoes")).toMatchObject([
      {
        action: "product.create",
        before: null,
        after: { name: "Alphonso Mangoes", pricePaise: 60000 },
      },
    ]);
    expect(await shopIds()).toContain("alphonso-mangoes-2");
  });

  it("saves an edit over the version opened and refuses the second of two", async () => {
    const id = freshId("edit");
    await testProduct(ctx, id, 12);
    const opened = (await staff({ method: "GET", url: `${INVENTORY}/products/${id}` })).json();
    const body = (price: number) => ({
      ...form,
      name: opened.name,
      category: "vegetables",
      // The test product is counted, and a product keeps its unit.
      unit: opened.unit,
      pricePaise: price,
      version: opened.version,
    });
    const [a, b] = await Promise.all([
      staff({ method: "PUT", url: `${INVENTORY}/products/${id}`, payload: body(4500) }),
      staff({ method: "PUT", url: `${INVENTORY}/products/${id}`, payload: body(4900) }),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const refused = a.statusCode === 409 ? a : b;
    const saved = a.statusCode === 200 ? a : b;
    expect(refused.json()).toMatchObject({
      code: "CONFLICT",
      message: PRODUCT_FORM_MESSAGES.versionConflict,
    });
    expect(saved.json().version).toBe(opened.version + 1);
    const row = await productRow(ctx, id);
    expect(row.pricePaise).toBe(saved.json().pricePaise);
    expect(row.stock).toBe(12);
    const audit = await auditOf(ctx, id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "product.update",
      before: { pricePaise: 4000, version: 1 },
      after: { pricePaise: saved.json().pricePaise, version: 2 },
    });
    // The shop shows the new price at once, cache or not.
    const shop = await ctx.app.inject({ method: "GET", url: "/api/products?category=vegetables" });
    const card = shop.json().products.find((p: { id: string }) => p.id === id);
    expect(card.pricePaise).toBe(saved.json().pricePaise);
  });

  it("refuses a price more than half up or down unless the request confirms it", async () => {
    const id = freshId("jump");
    await testProduct(ctx, id, 5);
    const opened = (await staff({ method: "GET", url: `${INVENTORY}/products/${id}` })).json();
    const put = (pricePaise: number, extra: object = {}) =>
      staff({
        method: "PUT",
        url: `${INVENTORY}/products/${id}`,
        payload: {
          ...form,
          name: opened.name,
          category: opened.category,
          unit: opened.unit,
          hsnCode: opened.hsnCode,
          pricePaise,
          version: opened.version,
          ...extra,
        },
      });
    // ₹40 → ₹1,00,000: refused, saved nothing, audited nothing.
    for (const extra of [{}, { confirmPriceChange: false }]) {
      const refused = await put(10_000_000, extra);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({
        code: "CONFIRMATION_REQUIRED",
        field: "pricePaise",
        message: PRICE_CHANGE_MESSAGES.unconfirmed(
          `₹40 → ₹1,00,000 ${pricedUnitLabel(opened.unit)}: 2,500 times the old price.`,
        ),
      });
    }
    expect(await put(1_900)).toMatchObject({ statusCode: 422 });
    expect((await productRow(ctx, id)).pricePaise).toBe(4000);
    expect(await auditOf(ctx, id)).toHaveLength(0);

    const confirmed = await put(10_000_000, { confirmPriceChange: true });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ pricePaise: 10_000_000, version: opened.version + 1 });
    expect(await auditOf(ctx, id)).toMatchObject([
      { action: "product.update", after: { pricePaise: 10_000_000 } },
    ]);
  });

  it("keeps a shelf location of up to 40 characters, audited and exported", async () => {
    const id = freshId("shelf");
    await testProduct(ctx, id, 2);
    const opened = (await staff({ method: "GET", url: `${INVENTORY}/products/${id}` })).json();
    expect(opened.shelfLocation).toBeNull();
    const put = (shelfLocation: string, version: number) =>
      saveOpened(id, opened, { shelfLocation, version });
    const tooLong = await put("x".repeat(41), opened.version);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain(PRODUCT_FORM_MESSAGES.shelfLocationTooLong);
    const saved = await put("  Cold room, shelf B2 ", opened.version);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().shelfLocation).toBe("Cold room, shelf B2");
    expect(await auditOf(ctx, id)).toMatchObject([
      {
        action: "product.update",
        before: { shelfLocation: null },
        after: { shelfLocation: "Cold room, shelf B2" },
      },
    ]);
    const exported = (await staff({ method: "GET", url: `${INVENTORY}/export.csv` })).body;
    expect(exported).toContain(`,0709,"Cold room, shelf B2",2,`);
    // Emptied, it is null again rather than an empty text.
    const cleared = await put("", saved.json().version);
    expect(cleared.json().shelfLocation).toBeNull();
  });

  it("keeps a product's Odia and Hindi names, which the shop shows and finds at once", async () => {
    const id = freshId("local-names");
    await testProduct(ctx, id, 2);
    const opened = (await staff({ method: "GET", url: `${INVENTORY}/products/${id}` })).json();
    expect(opened).toMatchObject({ nameOr: null, nameHi: null, descriptionOr: null });
    const put = (names: Record<string, string>, version: number) =>
      saveOpened(id, opened, { ...names, version });
    const tooLong = await put({ nameHi: "क".repeat(81) }, opened.version);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain(PRODUCT_FORM_MESSAGES.localNameTooLong);
    const saved = await put(
      { nameOr: " ସାରୁ ", nameHi: "अरबी", descriptionHi: "नरम और ताज़ा" },
      opened.version,
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      nameOr: "ସାରୁ",
      nameHi: "अरबी",
      descriptionOr: null,
      descriptionHi: "नरम और ताज़ा",
    });
    expect((await auditOf(ctx, id))[0]).toMatchObject({
      before: { nameOr: null, nameHi: null },
      after: { nameOr: "ସାରୁ", nameHi: "अरबी" },
    });
    const shop = (await ctx.app.inject({ method: "GET", url: "/api/products" })).json();
    expect(shop.products.find((p: { id: string }) => p.id === id)).toMatchObject({
      nameOr: "ସାରୁ",
      nameHi: "अरबी",
    });
    const found = async (search: string) =>
      (
        await ctx.app.inject({
          method: "GET",
          url: `/api/products?search=${encodeURIComponent(search)}`,
        })
      )
        .json()
        .products.map((p: { id: string }) => p.id);
    expect(await found("ସାରୁ")).toEqual([id]);
    expect(await found("arabi")).toEqual([id]);
    // Emptied, the shop shows the English again.
    const cleared = await put({ nameOr: "", nameHi: "" }, saved.json().version);
    expect(cleared.json()).toMatchObject({ nameOr: null, nameHi: null });
  });

  it("archives a product: gone from the shop and its checkout at once, kept in orders", async () => {
    const created = await staff({
      method: "POST",
      url: `${INVENTORY}/products`,
      payload: { ...form, name: freshId("Archive me") },
    });
    const id = created.json().id as string;
    await staff({
      method: "POST",
      url: `${INVENTORY}/products/${id}/movements`,
      payload: { kind: "receipt", quantity: 20, supplier: "Farm", harvestedOn: "2026-01-02" },
    });
    const order = await placeShopOrder(ctx.app, [{ productId: id, quantity: 1 }]);
    expect(order.statusCode).toBe(201);
    expect(await shopIds()).toContain(id);

    const archived = await staff({ method: "POST", url: `${INVENTORY}/products/${id}/archive` });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json()).toMatchObject({ archived: true, archivedAt: expect.any(String) });
    expect(await shopIds()).not.toContain(id);
    expect((await ctx.app.inject({ method: "GET", url: `/api/products/${id}` })).statusCode).toBe(
      404,
    );
    const refused = await placeShopOrder(ctx.app, [{ productId: id, quantity: 1 }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain(id);
    const lines = await ctx.database.db
      .select({ productId: orderLines.productId, name: orderLines.name })
      .from(orderLines)
      .where(eq(orderLines.productId, id));
    expect(lines).toHaveLength(1);

    const list = (await staff({ method: "GET", url: `${INVENTORY}/products` })).json();
    expect(list.products.map((p: { id: string }) => p.id)).not.toContain(id);
    const all = (
      await staff({ method: "GET", url: `${INVENTORY}/products?includeArchived=true` })
    ).json();
    expect(all.products.find((p: { id: string }) => p.id === id)).toMatchObject({ archived: true });

    const restored = await staff({
      method: "POST",
      url: `${INVENTORY}/products/${id}/restore`,
      payload: { version: archived.json().version },
    });
    expect(restored.json().archived).toBe(false);
    expect(await shopIds()).toContain(id);
    expect((await auditOf(ctx, id)).map((entry) => entry.action)).toEqual([
      "product.create",
      "stock.receive",
      "product.archive",
      "product.restore",
    ]);
  });

  it("filters, sorts and flags low stock against each product's threshold", async () => {
    const low = freshId("lowstock");
    const out = freshId("outstock");
    await testProduct(ctx, low, 3);
    await testProduct(ctx, out, 0);
    const lows = (await staff({ method: "GET", url: `${INVENTORY}/products?lowOnly=true` })).json();
    const ids = lows.products.map((p: { id: string }) => p.id);
    expect(ids).toEqual(expect.arrayContaining([low, out]));
    expect(
      lows.products.every((p: { low: boolean; outOfStock: boolean }) => p.low || p.outOfStock),
    ).toBe(true);
    const byStock = (
      await staff({ method: "GET", url: `${INVENTORY}/products?sort=stock&category=vegetables` })
    ).json().products;
    const stocks = byStock.map((p: { stock: number }) => p.stock);
    expect(stocks).toEqual([...stocks].sort((a, b) => a - b));
    expect(byStock.every((p: { category: string }) => p.category === "vegetables")).toBe(true);
    const found = (
      await staff({ method: "GET", url: `${INVENTORY}/products?search=${low}` })
    ).json();
    expect(found.products).toMatchObject([{ id: low, low: true, lowStockThreshold: 5 }]);
  });

  it("exports the catalogue and imports it back: preview every row, then all or nothing", async () => {
    const a = freshId("csv-a");
    const b = freshId("csv-b");
    await testProduct(ctx, a, 10);
    await testProduct(ctx, b, 10);
    const exported = await staff({ method: "GET", url: `${INVENTORY}/export.csv` });
    expect(exported.headers["content-type"]).toContain("text/csv");
    expect(exported.headers["content-disposition"]).toMatch(/^attachment; filename="catalogue-/);
    const lines = exported.body.trim().split("\r\n");
    expect(lines[0]).toBe(
      "id,name,category,unit,price,gst_rate,hsn_code,shelf_location,stock,low_stock_threshold,unit_cost,harvested_on,archived",
    );
    expect(lines.find((line) => line.startsWith(`${a},`))).toContain(",40,0%,0709,,10,");

    // The exported file imports as "no change".
    const same = await staff({
      method: "POST",
      url: `${INVENTORY}/import/preview`,
      payload: { csv: exported.body },
    });
    expect(same.json()).toMatchObject({ changes: 0, errors: 0, fileErrors: [] });

    const bad = `id,price,stock\r\n${a},45.50,8\r\n${b},0,12\r\nno-such-thing,10,1\r\n${a},50,1\r\n`;
    const preview = (
      await staff({ method: "POST", url: `${INVENTORY}/import/preview`, payload: { csv: bad } })
    ).json();
    expect(preview.rows).toMatchObject([
      {
        line: 2,
        id: a,
        price: { fromPaise: 4000, toPaise: 4550 },
        stock: { from: 10, to: 8 },
        error: null,
      },
      { line: 3, id: b, error: CSV_MESSAGES.priceInvalid },
      { line: 4, id: "no-such-thing", error: CSV_MESSAGES.unknownProduct },
      { line: 5, id: a, error: CSV_MESSAGES.duplicateRow },
    ]);
    expect(preview).toMatchObject({ changes: 1, errors: 3 });
    const refused = await staff({
      method: "POST",
      url: `${INVENTORY}/import/apply`,
      payload: { csv: bad, token: preview.token },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(CSV_MESSAGES.hasErrors);
    expect(await productRow(ctx, a)).toMatchObject({ pricePaise: 4000, stock: 10 });

    const good = `id,price,stock\n${a},45.50,8\n${b},,14\n`;
    const goodPreview = (
      await staff({ method: "POST", url: `${INVENTORY}/import/preview`, payload: { csv: good } })
    ).json();
    expect(goodPreview).toMatchObject({ changes: 2, errors: 0 });

    // Something changed between preview and apply: refused, nothing applied.
    await placeShopOrder(ctx.app, [{ productId: b, quantity: 1 }]);
    const stale = await staff({
      method: "POST",
      url: `${INVENTORY}/import/apply`,
      payload: { csv: good, token: goodPreview.token },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(CSV_MESSAGES.changedSinceAnalysis);
    expect((await productRow(ctx, a)).pricePaise).toBe(4000);

    const fresh = (
      await staff({ method: "POST", url: `${INVENTORY}/import/preview`, payload: { csv: good } })
    ).json();
    const applied = await staff({
      method: "POST",
      url: `${INVENTORY}/import/apply`,
      payload: { csv: good, token: fresh.token },
    });
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toEqual({ applied: 2, priceChanges: 1, stockChanges: 2 });
    expect(await productRow(ctx, a)).toMatchObject({ pricePaise: 4550, stock: 8, version: 2 });
    expect(await productRow(ctx, b)).toMatchObject({ pricePaise: 4000, stock: 14 });
    const ledger = (
      await staff({ method: "GET", url: `${INVENTORY}/products/${b}/movements` })
    ).json();
    expect(ledger.movements[0]).toMatchObject({
      kind: "count",
      quantity: 5,
      stockAfter: 14,
      note: "CSV import",
    });
    expect((await auditOf(ctx, a)).at(-1)).toMatchObject({
      action: "product.import",
      before: { pricePaise: 4000, stock: 10 },
      after: { pricePaise: 4550, stock: 8 },
    });
    // Applying the same file again finds the catalogue changed since that preview.
    const replay = await staff({
      method: "POST",
      url: `${INVENTORY}/import/apply`,
      payload: { csv: good, token: fresh.token },
    });
    expect(replay.statusCode).toBe(409);
  });

  it("imports its own export back unchanged, skipping archived products with a note", async () => {
    const kept = freshId("round-kept");
    const gone = freshId("round-gone");
    await testProduct(ctx, kept, 10);
    await testProduct(ctx, gone, 3);
    const archived = await staff({
      method: "POST",
      url: `${INVENTORY}/products/${gone}/archive`,
      payload: {},
    });
    expect(archived.statusCode).toBe(200);
    const exported = (await staff({ method: "GET", url: `${INVENTORY}/export.csv` })).body;
    expect(exported).toContain(`${gone},Test ${gone},vegetables,each,40,0%,0709,,3,5,,,yes`);

    const preview = async (csv: string) =>
      (
        await staff({ method: "POST", url: `${INVENTORY}/import/preview`, payload: { csv } })
      ).json();
    const same = await preview(exported);
    expect(same).toMatchObject({ changes: 0, errors: 0, fileErrors: [], largePriceChanges: 0 });
    expect(same.skipped).toBeGreaterThanOrEqual(1);
    expect(same.unchanged).toBe(same.rows.length - same.skipped);
    expect(same.rows.find((row: { id: string }) => row.id === gone)).toMatchObject({
      status: "skipped",
      error: null,
    });

    // Changed in a spreadsheet: an Indian-grouped price, a jump, and the archived row edited too.
    const edited = exported
      .replace(
        `${kept},Test ${kept},vegetables,each,40,`,
        `${kept},Test ${kept},vegetables,each,"1,00,000",`,
      )
      .replace(
        `${gone},Test ${gone},vegetables,each,40,`,
        `${gone},Test ${gone},vegetables,each,45,`,
      );
    const changed = await preview(edited);
    expect(changed).toMatchObject({ changes: 1, errors: 0, largePriceChanges: 1 });
    expect(changed.rows.find((row: { id: string }) => row.id === kept)).toMatchObject({
      status: "changed",
      price: { fromPaise: 4000, toPaise: 10_000_000, large: true },
    });
    const apply = (extra: object) =>
      staff({
        method: "POST",
        url: `${INVENTORY}/import/apply`,
        payload: { csv: edited, token: changed.token, ...extra },
      });
    const unconfirmed = await apply({});
    expect(unconfirmed.statusCode).toBe(422);
    expect(unconfirmed.json()).toMatchObject({
      code: "CONFIRMATION_REQUIRED",
      message: CSV_MESSAGES.largeUnconfirmed(1),
    });
    expect((await productRow(ctx, kept)).pricePaise).toBe(4000);
    const confirmed = await apply({ confirmLargePriceChanges: true });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ applied: 1, priceChanges: 1, stockChanges: 0 });
    expect((await productRow(ctx, kept)).pricePaise).toBe(10_000_000);
    expect((await productRow(ctx, gone)).pricePaise).toBe(4000);
    expect(await auditOf(ctx, gone)).toMatchObject([{ action: "product.archive" }]);
  });

  it("reads grouped prices and names an ambiguous one on its row", async () => {
    const id = freshId("grouped");
    await testProduct(ctx, id, 1);
    const one = async (price: string) =>
      (
        await staff({
          method: "POST",
          url: `${INVENTORY}/import/preview`,
          payload: { csv: `id,price\n${id},"${price}"\n` },
        })
      ).json().rows[0];
    expect(await one("1,200")).toMatchObject({
      status: "changed",
      price: { fromPaise: 4000, toPaise: 120_000, large: true },
    });
    expect(await one("1,2,00")).toMatchObject({
      status: "error",
      error: CSV_MESSAGES.priceGrouping("1,2,00"),
    });
    expect(await one("12,5")).toMatchObject({
      status: "error",
      error: CSV_MESSAGES.priceDecimalComma("12,5"),
    });
    expect(await one("45")).toMatchObject({
      status: "changed",
      price: { toPaise: 4500, large: false },
    });
    expect(await one("40")).toMatchObject({ status: "unchanged", price: null });
  });

  it("reads a weighed product's stock in whole grams and refuses kilos with decimals", async () => {
    const [tomatoes] = await ctx.database.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, "tomatoes"));
    const preview = async (csv: string) =>
      (
        await staff({ method: "POST", url: `${INVENTORY}/import/preview`, payload: { csv } })
      ).json();
    expect((await preview("id,stock\ntomatoes,12.5\n")).rows).toMatchObject([
      { id: "tomatoes", error: CSV_MESSAGES.stockInvalid },
    ]);
    expect((await preview("id,stock\ntomatoes,12500\n")).rows).toMatchObject([
      { id: "tomatoes", stock: { from: tomatoes!.stock, to: 12_500 }, error: null },
    ]);
  });

  it("names what is wrong with a file that cannot be read", async () => {
    const noId = (
      await staff({
        method: "POST",
        url: `${INVENTORY}/import/preview`,
        payload: { csv: "name,price\nApples,10\n" },
      })
    ).json();
    expect(noId.fileErrors).toEqual([CSV_MESSAGES.noIdColumn]);
    const tooBig = await staff({
      method: "POST",
      url: `${INVENTORY}/import/preview`,
      payload: { csv: "x".repeat(1_000_001) },
    });
    expect(tooBig.statusCode).toBe(400);
  });
});
