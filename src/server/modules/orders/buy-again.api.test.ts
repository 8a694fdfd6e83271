import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  buyAgainPath,
  buyAgainSchema,
  USUAL_PRODUCTS_PATH,
} from "../../../shared/contracts/buy-again.ts";
import { planBuyAgain } from "../../../shared/rules/buy-again.ts";
import { signUpCustomer } from "../../testing/customers.ts";
import { setShelf, shopOrderRequest, testProduct } from "../../testing/inventory.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

describe.each(testDatabaseKinds)("buying an order again on %s", (kind) => {
  const ctx = useTestApp(kind);

  const place = async (cookie: string, items: { productId: string; quantity: number }[]) => {
    const response = await ctx.app.inject(shopOrderRequest(items, { cookie }));
    expect(response.statusCode, response.body).toBe(201);
    return response.json().orderNumber as string;
  };
  const buyAgain = (orderNumber: string, cookie?: string) =>
    ctx.app.inject({
      method: "GET",
      url: buyAgainPath(orderNumber),
      headers: cookie ? { cookie } : {},
    });

  it("answers the order's products at today's price and stock, without what is no longer sold", async () => {
    const ids = ["again-kept", "again-archived", "again-sold-out", "again-repriced", "again-short"];
    for (const id of ids) await testProduct(ctx, `${id}-${kind}`, 20);
    const [kept, archived, soldOut, repriced, short] = ids.map((id) => `${id}-${kind}`) as [
      string,
      string,
      string,
      string,
      string,
    ];
    const { cookie } = await signUpCustomer(ctx.app);
    const orderNumber = await place(cookie, [
      { productId: kept, quantity: 3 },
      { productId: archived, quantity: 1 },
      { productId: soldOut, quantity: 2 },
      { productId: repriced, quantity: 4 },
      { productId: short, quantity: 5 },
    ]);
    const { db } = ctx.database;
    await db.execute(sql`update products set archived_at = now() where id = ${archived}`);
    await setShelf(ctx, soldOut, 0);
    await db.execute(sql`update products set price_paise = 5500 where id = ${repriced}`);
    // Short-picked at packing: 2 of the 5 went out, but the shopper wanted 5.
    await setShelf(ctx, short, 3);
    await db.execute(sql`
      update order_lines set ordered_quantity = 5, quantity = 2
      where product_id = ${short} and order_id =
        (select id from orders where order_number = ${orderNumber})`);

    const response = await buyAgain(orderNumber, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    const answer = buyAgainSchema.parse(response.json());
    const byId = (a: { productId: string }, b: { productId: string }) =>
      a.productId.localeCompare(b.productId);
    expect(answer.lines.sort(byId)).toEqual(
      [
        { productId: kept, wanted: 3 },
        { productId: archived, wanted: 1 },
        { productId: soldOut, wanted: 2 },
        { productId: repriced, wanted: 4 },
        { productId: short, wanted: 5 },
      ]
        .map((line) => ({ ...line, name: `Test ${line.productId}`, unit: "each" }))
        .sort(byId),
    );
    expect(answer.today.map((product) => product.id).sort()).toEqual(
      [kept, soldOut, repriced, short].sort(),
    );

    const plan = planBuyAgain(
      answer.lines,
      new Map(answer.today.map((product) => [product.id, product])),
    );
    expect(
      plan.items.map((item) => [item.product.id, item.quantity, item.product.pricePaise]),
    ).toEqual([
      [kept, 3, 4000],
      [repriced, 4, 5500],
      [short, 3, 4000],
    ]);
    expect(plan.left).toEqual([
      { productId: archived, name: `Test ${archived}`, reason: "archived" },
      { productId: soldOut, name: `Test ${soldOut}`, reason: "sold_out" },
    ]);
    expect(plan.reduced).toMatchObject([{ productId: short, wanted: 5, quantity: 3 }]);
  });

  it("is refused to anyone but the order's customer, as if the order did not exist", async () => {
    const { cookie } = await signUpCustomer(ctx.app);
    const other = await signUpCustomer(ctx.app);
    const orderNumber = await place(cookie, [{ productId: "tomatoes", quantity: 1_000 }]);
    for (const answer of [await buyAgain(orderNumber, other.cookie), await buyAgain(orderNumber)]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe(`No order ${orderNumber} was found for you.`);
    }
    expect((await buyAgain("FHH-999999", cookie)).statusCode).toBe(404);
  });

  it("lists a customer's usual products, most often bought first, without archived ones", async () => {
    const ids = ["usual-often", "usual-once", "usual-archived"].map((id) => `${id}-${kind}`) as [
      string,
      string,
      string,
    ];
    for (const id of ids) await testProduct(ctx, id, 50);
    const [often, once, archived] = ids;
    const { cookie } = await signUpCustomer(ctx.app);
    await place(cookie, [{ productId: often, quantity: 1 }]);
    await place(cookie, [
      { productId: often, quantity: 2 },
      { productId: archived, quantity: 1 },
    ]);
    await place(cookie, [
      { productId: once, quantity: 1 },
      { productId: archived, quantity: 1 },
    ]);
    await ctx.database.db.execute(
      sql`update products set archived_at = now() where id = ${archived}`,
    );
    // Another shopper's orders are theirs alone.
    const other = await signUpCustomer(ctx.app);
    await place(other.cookie, [{ productId: "spinach", quantity: 1 }]);

    const usual = await ctx.app.inject({ url: USUAL_PRODUCTS_PATH, headers: { cookie } });
    expect(usual.statusCode).toBe(200);
    expect(usual.headers["cache-control"]).toBe("private, no-store");
    expect(usual.json().products.map((product: { id: string }) => product.id)).toEqual([
      often,
      once,
    ]);

    const fresh = await signUpCustomer(ctx.app);
    const none = await ctx.app.inject({
      url: USUAL_PRODUCTS_PATH,
      headers: { cookie: fresh.cookie },
    });
    expect(none.json()).toEqual({ products: [] });
    const guest = await ctx.app.inject({ url: USUAL_PRODUCTS_PATH });
    expect(guest.statusCode).toBe(401);
  });
});
