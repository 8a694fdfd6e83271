import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type BoardPage, type PickList, SALES_API } from "../../../shared/contracts/sales.ts";
import { shopDate } from "../../../shared/rules/bulk-delivery-date.ts";
import { testProduct } from "../../testing/inventory.ts";
import { APPROVED_CARD, placeTestOrder, salesManager } from "../../testing/sales.ts";
import { testConfig, testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";
import { createTestGateway } from "../payments/test-gateway.ts";

describe.each(testDatabaseKinds)("the sales board on %s", (kind) => {
  const ctx = useTestApp(kind, {}, { gateway: createTestGateway() });
  let manager: Awaited<ReturnType<typeof salesManager>>;
  const board = async (query = "") => {
    const response = await manager.request({ method: "GET", url: `${SALES_API}/orders${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as BoardPage;
  };
  const pickList = async (query = "") => {
    const response = await manager.request({
      method: "GET",
      url: `${SALES_API}/pick-list${query}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as PickList;
  };
  const product = `board-${process.pid}`;
  const placed: Awaited<ReturnType<typeof placeTestOrder>>[] = [];

  it("shows new orders first, a page at a time, with nothing skipped or repeated", async () => {
    manager = await salesManager(ctx.app);
    await testProduct(ctx, product, 500);
    for (let index = 0; index < 7; index++) {
      placed.push(
        await placeTestOrder(
          ctx.app,
          [{ productId: product, quantity: 1 + index }],
          index % 2 ? APPROVED_CARD : { method: "cash" },
        ),
      );
    }
    const seen: string[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const page = await board(`?limit=3${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.orders.length).toBeLessThanOrEqual(3);
      seen.push(...page.orders.map((order) => order.orderNumber));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(placed.map((order) => order.orderNumber).reverse());
  });

  it("filters by state, payment and day, and finds an order by number, phone or email", async () => {
    await manager.bringTo(placed[0]!.orderNumber, "confirmed");
    await manager.bringTo(placed[1]!.orderNumber, "cancelled");
    const confirmed = await board("?status=confirmed");
    expect(confirmed.orders.map((order) => order.orderNumber)).toEqual([placed[0]!.orderNumber]);
    const open = await board("?status=open");
    expect(open.orders.map((order) => order.orderNumber)).not.toContain(placed[1]!.orderNumber);
    expect(open.orders).toHaveLength(6);
    const card = await board("?paymentMethod=card");
    expect(card.orders.every((order) => order.paymentMethod === "card")).toBe(true);
    expect(card.orders).toHaveLength(3);
    const refunded = await board("?paymentStatus=refunded");
    expect(refunded.orders.map((order) => order.orderNumber)).toEqual([placed[1]!.orderNumber]);
    const today = shopDate(new Date());
    expect((await board(`?from=${today}&to=${today}`)).orders).toHaveLength(7);
    expect((await board("?from=2020-01-01&to=2020-01-31")).orders).toHaveLength(0);
    const target = placed[3]!;
    for (const q of [
      target.orderNumber,
      target.orderNumber.slice(4),
      target.phone,
      target.email.toUpperCase(),
    ]) {
      const found = await board(`?q=${encodeURIComponent(q)}`);
      expect(
        found.orders.map((order) => order.orderNumber),
        q,
      ).toEqual([target.orderNumber]);
    }
  });

  it("marks orders at risk and late against the 30-60 minute promise", async () => {
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    await ctx.database.db.execute(
      sql`update orders set placed_at = ${at(45)}::timestamptz where order_number = ${placed[2]!.orderNumber}`,
    );
    await ctx.database.db.execute(
      sql`update orders set placed_at = ${at(70)}::timestamptz where order_number = ${placed[4]!.orderNumber}`,
    );
    const page = await board("?status=open");
    const promise = (orderNumber: string) =>
      page.orders.find((order) => order.orderNumber === orderNumber)!.promise;
    expect(promise(placed[2]!.orderNumber)).toBe("at_risk");
    expect(promise(placed[4]!.orderNumber)).toBe("late");
    expect(promise(placed[6]!.orderNumber)).toBe("on_time");
    const late = await board("?late=true");
    expect(late.orders.map((order) => order.orderNumber)).toEqual([placed[4]!.orderNumber]);
  });

  it("refuses filters it cannot read with a clear 400", async () => {
    for (const query of [
      "?status=lost",
      "?from=2026-02-31",
      "?from=2026-03-02&to=2026-03-01",
      "?cursor=abc",
      "?limit=500",
      "?q=tomatoes",
      "?unknown=1",
    ]) {
      const response = await manager.request({ method: "GET", url: `${SALES_API}/orders${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toBeTruthy();
    }
  });

  it("lists confirmed orders' lines by product for picking", async () => {
    const other = `board-other-${process.pid}`;
    await testProduct(ctx, other, 50);
    await ctx.database.db.execute(
      sql`update products set shelf_location = 'Cold room, shelf B2' where id = ${other}`,
    );
    const first = await placeTestOrder(ctx.app, [
      { productId: product, quantity: 2 },
      { productId: other, quantity: 1 },
    ]);
    const second = await placeTestOrder(ctx.app, [{ productId: product, quantity: 3 }]);
    await manager.bringTo(first.orderNumber, "confirmed");
    await manager.bringTo(second.orderNumber, "confirmed");
    const list = await pickList("?status=confirmed");
    expect(list.statuses).toEqual(["confirmed"]);
    const line = list.products.find((entry) => entry.productId === product)!;
    // placed[0] was confirmed earlier with one unit.
    expect(line.totalUnits).toBe(1 + 2 + 3);
    expect(line.orders).toEqual([
      { orderNumber: placed[0]!.orderNumber, quantity: 1, status: "confirmed" },
      { orderNumber: first.orderNumber, quantity: 2, status: "confirmed" },
      { orderNumber: second.orderNumber, quantity: 3, status: "confirmed" },
    ]);
    expect(list.products.find((entry) => entry.productId === other)).toMatchObject({
      totalUnits: 1,
      shelfLocation: "Cold room, shelf B2",
    });
    expect(line.shelfLocation).toBeNull();
    expect(list.orderCount).toBe(3);
  });

  it("gathers placed orders beside confirmed ones by default, each with its state, or either alone", async () => {
    const shelf = `board-shelf-${process.pid}`;
    await testProduct(ctx, shelf, 50);
    const waiting = await placeTestOrder(ctx.app, [{ productId: shelf, quantity: 4 }], {
      method: "cash",
    });
    const ready = await placeTestOrder(ctx.app, [{ productId: shelf, quantity: 5 }], {
      method: "cash",
    });
    const gone = await placeTestOrder(ctx.app, [{ productId: shelf, quantity: 6 }], {
      method: "cash",
    });
    await manager.bringTo(ready.orderNumber, "confirmed");
    await manager.bringTo(gone.orderNumber, "packed");
    const shelfLine = (list: PickList) => list.products.find((entry) => entry.productId === shelf);

    const both = await pickList();
    expect(both.statuses).toEqual(["placed", "confirmed"]);
    expect(shelfLine(both)!.orders).toEqual([
      { orderNumber: waiting.orderNumber, quantity: 4, status: "placed" },
      { orderNumber: ready.orderNumber, quantity: 5, status: "confirmed" },
    ]);
    expect(shelfLine(both)!.totalUnits).toBe(9);
    // Named either way round, the states read in the shop's order.
    expect(await pickList("?status=confirmed,placed")).toMatchObject({
      statuses: ["placed", "confirmed"],
    });
    const placedOnly = await pickList("?status=placed");
    expect(shelfLine(placedOnly)!.orders.map((order) => order.orderNumber)).toEqual([
      waiting.orderNumber,
    ]);
    expect(
      placedOnly.products.every((entry) => entry.orders.every((o) => o.status === "placed")),
    ).toBe(true);
    const confirmedOnly = await pickList("?status=confirmed");
    expect(shelfLine(confirmedOnly)!.orders.map((order) => order.orderNumber)).toEqual([
      ready.orderNumber,
    ]);
  });

  it("names the shop for the packing slip as its invoices do: name, address and GSTIN", async () => {
    const response = await manager.request({ method: "GET", url: `${SALES_API}/seller` });
    expect(response.statusCode, response.body).toBe(200);
    const { seller } = testConfig();
    expect(response.json()).toEqual({
      name: seller.name,
      address: seller.address,
      gstin: seller.gstin,
    });
    expect(response.json().gstin).toMatch(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/);
  });

  it("refuses a pick list of states it does not gather with a clear 400", async () => {
    for (const query of ["?status=packed", "?status=", "?status=placed,lost", "?other=1"]) {
      const response = await manager.request({
        method: "GET",
        url: `${SALES_API}/pick-list${query}`,
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toBeTruthy();
    }
  });

  it("pages through orders placed within one millisecond without skipping one", async () => {
    // The database keeps microseconds; a cursor cut to milliseconds would lose the orders of the
    // same millisecond below the page's last one.
    const numbers: string[] = [];
    for (let index = 0; index < 4; index++) {
      const order = await placeTestOrder(ctx.app, [{ productId: product, quantity: 1 }], {
        method: "cash",
      });
      numbers.push(order.orderNumber);
    }
    for (const [index, orderNumber] of numbers.entries()) {
      await ctx.database.db.execute(
        sql`update orders set placed_at = ${`2026-01-15T06:30:00.123${400 + index}Z`}::timestamptz
            where order_number = ${orderNumber}`,
      );
    }
    const seen: string[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const page = await board(`?to=2026-01-15&limit=1${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...page.orders.map((order) => order.orderNumber));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual([...numbers].reverse());
  });
});
