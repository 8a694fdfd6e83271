import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { SALES_API, type SalesOrder } from "../../../shared/contracts/sales.ts";
import type { ForwardMove } from "../../../shared/rules/order-fulfilment.ts";
import { testProduct } from "../../testing/inventory.ts";
import { placeTestOrder, salesManager } from "../../testing/sales.ts";
import { statementsSentBy } from "../../testing/statements-sent.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

const withoutNow = ({ now: _, ...order }: SalesOrder) => order;

describe.each(testDatabaseKinds)("a move sent with an Idempotency-Key on %s", (kind) => {
  const ctx = useTestApp(kind);
  let manager: Awaited<ReturnType<typeof salesManager>>;
  let product = "";

  beforeAll(async () => {
    manager = await salesManager(ctx.app);
    product = `keyed-trips-${process.pid}`;
    await testProduct(ctx, product, 100);
  });

  const moveWithKey = (orderNumber: string, to: ForwardMove, key = randomUUID()) =>
    manager.request({
      method: "POST",
      url: `${SALES_API}/orders/${orderNumber}/moves`,
      payload: { to },
      headers: { "idempotency-key": key },
    });

  // The staff guard's two reads, the move's transaction (its change, the order's view for the
  // email, the invoice number when it leaves the store, one statement for the rest and the key),
  // and the answer read after the commit.
  const ROUND_TRIPS: Record<ForwardMove, number> = {
    confirmed: 8,
    packed: 7,
    out_for_delivery: 9,
    delivered: 8,
  };

  it("writes the key in the move's own last statement, no round trip of its own", async () => {
    const { orderNumber } = await placeTestOrder(ctx.app, [{ productId: product, quantity: 1 }]);
    for (const to of ["confirmed", "packed", "out_for_delivery", "delivered"] as const) {
      const key = randomUUID();
      const sent = await statementsSentBy(ctx.database.db, async () => {
        expect((await moveWithKey(orderNumber, to, key)).statusCode).toBe(200);
      });
      const keyed = sent.filter((text) => text.includes("idempotency_keys"));
      expect(keyed, to).toHaveLength(1);
      expect(keyed[0], to).toMatch(/^with write_0 as \(insert into "order_events"/);
      const inside = sent.slice(sent.indexOf("begin"), sent.indexOf("commit"));
      expect(inside, to).toContain(keyed[0]);
      expect(sent, to).toHaveLength(ROUND_TRIPS[to]);
      // The key answers a replay: the first answer, the move not made again.
      const again = await moveWithKey(orderNumber, to, key);
      expect(again.statusCode, to).toBe(200);
      const timeline = (again.json() as SalesOrder).timeline;
      expect(timeline.filter((entry) => entry.status === to)).toHaveLength(1);
    }
  });

  it("answers each move with the order as it reads afterwards", async () => {
    const { orderNumber } = await placeTestOrder(ctx.app, [{ productId: product, quantity: 1 }]);
    for (const to of ["confirmed", "packed", "out_for_delivery", "delivered"] as const) {
      const moved = await moveWithKey(orderNumber, to);
      expect(moved.statusCode, to).toBe(200);
      const read = await manager.request({
        method: "GET",
        url: `${SALES_API}/orders/${orderNumber}`,
      });
      // Everything but the moment each answer was made.
      expect(withoutNow(moved.json()), to).toEqual(withoutNow(read.json()));
      expect((moved.json() as SalesOrder).status).toBe(to);
    }
  });

  it("moves once for one key pressed twice at once, each press answered with the order", async () => {
    const { orderNumber } = await placeTestOrder(ctx.app, [{ productId: product, quantity: 1 }]);
    const key = randomUUID();
    const answers = await Promise.all([
      moveWithKey(orderNumber, "confirmed", key),
      moveWithKey(orderNumber, "confirmed", key),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    for (const answer of answers) {
      const timeline = (answer.json() as SalesOrder).timeline;
      expect(timeline.filter((entry) => entry.status === "confirmed")).toHaveLength(1);
    }
  });
});
