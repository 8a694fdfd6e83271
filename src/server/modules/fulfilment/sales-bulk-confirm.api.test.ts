import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { SALES_API, type SalesOrder } from "../../../shared/contracts/sales.ts";
import { BULK_CONFIRM_MAX, type BulkConfirmResult } from "../../../shared/contracts/sales-bulk.ts";
import { STAFF_TEAM } from "../../../shared/rules/staff.ts";
import { rowsOf } from "../../db/client.ts";
import { freshAddress, TEST_ORIGIN } from "../../testing/customers.ts";
import { testProduct } from "../../testing/inventory.ts";
import { placeTestOrder, salesManager } from "../../testing/sales.ts";
import { signInStaff } from "../../testing/staff.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

const CONFIRMATIONS = `${SALES_API}/orders/confirmations`;

describe.each(testDatabaseKinds)("confirming several orders at once on %s", (kind) => {
  const ctx = useTestApp(kind);
  let ids = 0;
  let product = "";
  let manager: Awaited<ReturnType<typeof salesManager>>;

  beforeAll(async () => {
    manager = await salesManager(ctx.app);
    product = `bulk-${process.pid}-${++ids}`;
    await testProduct(ctx, product, 1000);
  });

  const placed = async () =>
    (await placeTestOrder(ctx.app, [{ productId: product, quantity: 1 }])).orderNumber;
  const confirm = (orders: unknown, key: string = randomUUID()) =>
    manager.request({
      method: "POST",
      url: CONFIRMATIONS,
      payload: { orders },
      headers: { "idempotency-key": key },
    });
  const statusOf = async (orderNumber: string) =>
    rowsOf<{ status: string }>(
      await ctx.database.db.execute(
        sql`select status from orders where order_number = ${orderNumber}`,
      ),
    )[0]?.status;
  const confirmedEvents = async (orderNumber: string) =>
    rowsOf<{ n: number }>(
      await ctx.database.db.execute(sql`
        select count(*)::int as n from order_events e join orders o on o.id = e.order_id
        where o.order_number = ${orderNumber} and e.kind = 'status' and e.status = 'confirmed'`),
    )[0]!.n;
  const confirmAudits = async (orderNumber: string) =>
    rowsOf<{ n: number }>(
      await ctx.database.db.execute(sql`
        select count(*)::int as n from audit_log
        where action = 'order.confirmed' and target_type = 'order' and target_id = ${orderNumber}`),
    )[0]!.n;

  it("confirms the placed orders, and names the one in another state, since when and by whom", async () => {
    const [a, b, packed] = [await placed(), await placed(), await placed()];
    await manager.bringTo(packed, "packed");
    const response = await confirm([a, b, packed]);
    expect(response.statusCode, response.body).toBe(200);
    const { results } = response.json() as BulkConfirmResult;
    expect(results.map((result) => [result.orderNumber, result.outcome])).toEqual([
      [a, "confirmed"],
      [b, "confirmed"],
      [packed, "refused"],
    ]);
    expect(results[2]!.message).toMatch(
      new RegExp(
        `^This order has already moved: it is now packed, since .+ \\(${STAFF_TEAM.sales.name}\\)\\.`,
      ),
    );
    expect([await statusOf(a), await statusOf(b), await statusOf(packed)]).toEqual([
      "confirmed",
      "confirmed",
      "packed",
    ]);
    // One timeline entry and one audit entry per order confirmed, as a single move writes.
    for (const orderNumber of [a, b]) {
      expect(await confirmedEvents(orderNumber)).toBe(1);
      expect(await confirmAudits(orderNumber)).toBe(1);
    }
    // The packed order was confirmed once, on its way to packing, not again.
    expect(await confirmAudits(packed)).toBe(1);
  });

  it("answers a replay of its key with the first answer and moves nothing again", async () => {
    const [a, b] = [await placed(), await placed()];
    const key = randomUUID();
    const first = await confirm([a, b], key);
    const again = await confirm([a, b], key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(
      (again.json() as BulkConfirmResult).results.every((r) => r.outcome === "confirmed"),
    ).toBe(true);
    expect(await confirmAudits(a)).toBe(1);
    expect(await confirmedEvents(b)).toBe(1);
    // The same key for other orders is another request: refused, not answered with the first.
    const other = await confirm([await placed()], key);
    expect(other.statusCode).toBe(422);
  });

  it("loses no race with a single move: each order is confirmed once, and the loser is told who won", async () => {
    for (let round = 0; round < 3; round++) {
      const [a, b] = [await placed(), await placed()];
      const [bulk, single] = await Promise.all([confirm([a, b]), manager.move(b, "confirmed")]);
      expect(bulk.statusCode).toBe(200);
      const result = (bulk.json() as BulkConfirmResult).results.find((r) => r.orderNumber === b)!;
      // Exactly one of the two confirmed b.
      expect(
        [result.outcome === "confirmed", single.statusCode === 200].filter(Boolean),
      ).toHaveLength(1);
      if (result.outcome === "refused")
        expect(result.message).toMatch(/already moved: it is now confirmed, since/);
      else expect(single.json().message).toMatch(/already moved/);
      expect(await confirmedEvents(b)).toBe(1);
      expect(await confirmAudits(b)).toBe(1);
      expect(await statusOf(a)).toBe("confirmed");
    }
  });

  it("refuses more than the cap, an empty list, a repeated order and a missing key with 400", async () => {
    const tooMany = Array.from(
      { length: BULK_CONFIRM_MAX + 1 },
      (_, index) => `FHH-${String(900000 + index)}`,
    );
    const cases = [
      await confirm(tooMany),
      await confirm([]),
      await confirm(["FHH-123456", "FHH-123456"]),
      await confirm(["not-an-order"]),
      await manager.request({
        method: "POST",
        url: CONFIRMATIONS,
        payload: { orders: [await placed()] },
      }),
    ];
    expect(cases.map((response) => response.statusCode)).toEqual([400, 400, 400, 400, 400]);
    expect(cases[0]!.json().message).toMatch(`at most ${BULK_CONFIRM_MAX}`);
  });

  it("names an order that does not exist and still confirms the rest", async () => {
    const a = await placed();
    const response = await confirm(["FHH-000001", a]);
    const { results } = response.json() as BulkConfirmResult;
    expect(results[0]).toEqual({
      orderNumber: "FHH-000001",
      outcome: "refused",
      message: "No order has that number.",
    });
    expect(results[1]!.outcome).toBe("confirmed");
  });

  it("is the sales manager's alone: 401 without a session, 403 for the other dashboards", async () => {
    const a = await placed();
    const who: [string, string | undefined, number][] = [
      ["nobody", undefined, 401],
      ["inventory", await signInStaff(ctx.app, "inventory"), 403],
      ["customer-relations", await signInStaff(ctx.app, "customer-relations"), 403],
    ];
    for (const [name, cookie, status] of who) {
      const response = await ctx.app.inject({
        method: "POST",
        url: CONFIRMATIONS,
        payload: { orders: [a] },
        headers: {
          origin: TEST_ORIGIN,
          "idempotency-key": randomUUID(),
          ...(cookie ? { cookie } : {}),
        },
        remoteAddress: freshAddress(),
      });
      expect(response.statusCode, name).toBe(status);
    }
    expect(await statusOf(a)).toBe("placed");
  });
});

describe.each(testDatabaseKinds)("a single move sent with its key on %s", (kind) => {
  const ctx = useTestApp(kind);
  let manager: Awaited<ReturnType<typeof salesManager>>;
  let product = "";

  beforeAll(async () => {
    manager = await salesManager(ctx.app);
    product = `keyed-${process.pid}`;
    await testProduct(ctx, product, 100);
  });

  const moveWithKey = (orderNumber: string, to: string, key: string) =>
    manager.request({
      method: "POST",
      url: `${SALES_API}/orders/${orderNumber}/moves`,
      payload: { to },
      headers: { "idempotency-key": key },
    });

  it("is made once however often it is sent again (a browser back online, a lost answer)", async () => {
    const { orderNumber } = await placeTestOrder(ctx.app, [{ productId: product, quantity: 1 }]);
    const key = randomUUID();
    const answers = [
      await moveWithKey(orderNumber, "confirmed", key),
      await moveWithKey(orderNumber, "confirmed", key),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect((answers[1]!.json() as SalesOrder).status).toBe("confirmed");
    const detail = (answers[1]!.json() as SalesOrder).timeline;
    expect(detail.filter((entry) => entry.status === "confirmed")).toHaveLength(1);
    const audits = rowsOf<{ n: number }>(
      await ctx.database.db.execute(sql`
        select count(*)::int as n from audit_log
        where action = 'order.confirmed' and target_id = ${orderNumber}`),
    );
    expect(audits[0]!.n).toBe(1);
  });

  it("keeps a refusal as the key's answer, with who moved the order first", async () => {
    const { orderNumber } = await placeTestOrder(ctx.app, [{ productId: product, quantity: 1 }]);
    await manager.move(orderNumber, "confirmed");
    const key = randomUUID();
    const first = await moveWithKey(orderNumber, "confirmed", key);
    const again = await moveWithKey(orderNumber, "confirmed", key);
    expect([first.statusCode, again.statusCode]).toEqual([409, 409]);
    expect(again.json().message).toBe(first.json().message);
    expect(first.json().message).toMatch(`(${STAFF_TEAM.sales.name})`);
    // Another move under the same key is another request.
    expect((await moveWithKey(orderNumber, "packed", key)).statusCode).toBe(422);
  });

  it("refuses a malformed key with 400", async () => {
    const { orderNumber } = await placeTestOrder(ctx.app, [{ productId: product, quantity: 1 }]);
    expect((await moveWithKey(orderNumber, "confirmed", "bad key!")).statusCode).toBe(400);
  });
});
