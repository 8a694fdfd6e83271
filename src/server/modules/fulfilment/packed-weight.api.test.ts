import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { SalesOrder } from "../../../shared/contracts/sales.ts";
import { lineAmountPaise } from "../../../shared/rules/measure.ts";
import { FULFILMENT_MESSAGES } from "../../../shared/rules/order-fulfilment.ts";
import { PACKED_TEXT } from "../../../shared/rules/packed-weight.ts";
import { rowsOf } from "../../db/client.ts";
import { asStaff, INVENTORY, productRow, testProduct } from "../../testing/inventory.ts";
import {
  APPROVED_CARD,
  ledgerOf,
  mailsTo,
  placeTestOrder,
  salesManager,
} from "../../testing/sales.ts";
import { signInStaff } from "../../testing/staff.ts";
import {
  checkStoreInvariants,
  describeReport,
  takeBaseline,
} from "../../testing/store-invariants.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";
import { createTestGateway } from "../payments/test-gateway.ts";

/** ₹40.00 a kilo (testProduct), so a line's amount is easy to read: 1.04 kg is ₹41.60. */
const PER_KG = 4000;

describe.each(testDatabaseKinds)("weighed at packing on %s", (kind) => {
  const gateway = createTestGateway();
  const ctx = useTestApp(kind, {}, { gateway });
  let manager: Awaited<ReturnType<typeof salesManager>>;
  let ids = 0;
  const weighed = async (grams = 20_000) => {
    const id = `weighed-${process.pid}-${++ids}`;
    await testProduct(ctx, id, grams, { weighed: true });
    return id;
  };
  const counted = async () => {
    const id = `counted-${process.pid}-${++ids}`;
    await testProduct(ctx, id, 50);
    return id;
  };
  const pack = (orderNumber: string, picked: object[]) =>
    manager.move(orderNumber, "packed", picked);
  const lineOf = (order: SalesOrder, productId: string) =>
    order.lines.find((line) => line.productId === productId)!;

  beforeAll(async () => {
    manager = await salesManager(ctx.app);
  });

  it("charges a cash order for the weight packed, within the tolerance, and says so", async () => {
    const tomatoes = await weighed();
    const coriander = await counted();
    const order = await placeTestOrder(ctx.app, [
      { productId: tomatoes, quantity: 1000 },
      { productId: coriander, quantity: 1 },
    ]);
    await manager.bringTo(order.orderNumber, "confirmed");
    const packed = await pack(order.orderNumber, [{ productId: tomatoes, quantity: 1040 }]);
    expect(packed.statusCode, packed.body).toBe(200);
    const detail = packed.json() as SalesOrder;
    expect(lineOf(detail, tomatoes)).toMatchObject({
      quantity: 1040,
      orderedQuantity: 1000,
      packedQuantity: 1040,
      taxablePaise: lineAmountPaise(PER_KG, 1040, "kg"),
    });
    expect(detail.totalPaise).toBe(order.totalPaise + lineAmountPaise(PER_KG, 40, "kg"));
    // The extra 40 g left the shelf as a sale of the order.
    const ledger = (await ledgerOf(ctx, order.orderNumber)).filter(
      (row) => row.product_id === tomatoes,
    );
    expect(ledger.map((row) => [row.kind, row.quantity])).toEqual([
      ["sale", -1000],
      ["sale", -40],
    ]);
    expect((await productRow(ctx, tomatoes)).stock).toBe(20_000 - 1040);
    const mail = (await mailsTo(ctx, order.email)).at(-1)!;
    expect(mail.subject).toContain("is weighed and packed");
    expect(mail.text_body).toContain("1 kg ordered, 1.04 kg packed");
    // What the rider collects is the new total.
    const [cash] = rowsOf<{ total_paise: number }>(
      await ctx.database.db.execute(
        sql`select total_paise from orders where order_number = ${order.orderNumber}`,
      ),
    );
    expect(Number(cash!.total_paise)).toBe(detail.totalPaise);
  });

  it("caps a heavier weighing at the tolerance, and gives a lighter one back to its lot", async () => {
    const tomatoes = await weighed();
    const heavy = await placeTestOrder(ctx.app, [{ productId: tomatoes, quantity: 1000 }]);
    const light = await placeTestOrder(ctx.app, [{ productId: tomatoes, quantity: 1000 }]);
    for (const order of [heavy, light]) await manager.bringTo(order.orderNumber, "confirmed");

    const capped = (
      await pack(heavy.orderNumber, [{ productId: tomatoes, quantity: 1200 }])
    ).json() as SalesOrder;
    // 10% is the shop's tolerance: 1.2 kg packed is charged as 1.1 kg.
    expect(lineOf(capped, tomatoes)).toMatchObject({ quantity: 1100, packedQuantity: 1200 });

    const lighter = (
      await pack(light.orderNumber, [{ productId: tomatoes, quantity: 950 }])
    ).json() as SalesOrder;
    expect(lineOf(lighter, tomatoes)).toMatchObject({ quantity: 950, orderedQuantity: 1000 });
    const ledger = (await ledgerOf(ctx, light.orderNumber)).map((row) => [row.kind, row.quantity]);
    expect(ledger).toEqual([
      ["sale", -1000],
      ["cancellation", 50],
    ]);
    expect((await productRow(ctx, tomatoes)).stock).toBe(20_000 - 1200 - 950);

    // Cancelled once packed, the whole bag comes back, not only what was charged for it.
    const cancelled = await manager.cancel(heavy.orderNumber);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await ledgerOf(ctx, heavy.orderNumber)).map((row) => [row.kind, row.quantity])).toEqual(
      [
        ["sale", -1000],
        ["sale", -200],
        ["cancellation", 1200],
      ],
    );
    expect((await productRow(ctx, tomatoes)).stock).toBe(20_000 - 950);
  });

  it("keeps the shelf and the ledger adding up when bags are packed heavier, then cancelled", async () => {
    const tomatoes = await weighed();
    const baseline = await takeBaseline(ctx.database);
    const cash = await placeTestOrder(ctx.app, [{ productId: tomatoes, quantity: 1000 }]);
    const paid = await placeTestOrder(
      ctx.app,
      [{ productId: tomatoes, quantity: 1000 }],
      APPROVED_CARD,
    );
    const cancelled = await placeTestOrder(ctx.app, [{ productId: tomatoes, quantity: 500 }]);
    for (const order of [cash, paid, cancelled]) {
      await manager.bringTo(order.orderNumber, "confirmed");
    }
    // Above the tolerance (charged 1.1 kg), heavier but prepaid (charged 1 kg), and a bag packed
    // heavy and then cancelled: 1.5 kg, 1.08 kg and 0.6 kg left the shelf.
    for (const [order, grams] of [
      [cash, 1500],
      [paid, 1080],
      [cancelled, 600],
    ] as const) {
      const packed = await pack(order.orderNumber, [{ productId: tomatoes, quantity: grams }]);
      expect(packed.statusCode, packed.body).toBe(200);
    }
    expect((await manager.cancel(cancelled.orderNumber)).statusCode).toBe(200);
    expect((await productRow(ctx, tomatoes)).stock).toBe(20_000 - 1500 - 1080);
    const report = await checkStoreInvariants(ctx.database, {
      baseline,
      acknowledged: [],
      captured: [],
    });
    for (const id of ["stock-conserved", "ledger-accounts-for-stock", "lots-hold-stock"]) {
      const invariant = report.invariants.find((candidate) => candidate.id === id)!;
      expect(invariant.pass, describeReport(report)).toBe(true);
    }
  });

  it("asks the packer to weigh again a reading above twice what was ordered", async () => {
    const tomatoes = await weighed();
    const order = await placeTestOrder(ctx.app, [{ productId: tomatoes, quantity: 1000 }]);
    await manager.bringTo(order.orderNumber, "confirmed");
    // "10" typed for 1.0 kg: refused, nothing taken from the shelf.
    const slip = await pack(order.orderNumber, [{ productId: tomatoes, quantity: 10_000 }]);
    expect(slip.statusCode).toBe(400);
    expect(slip.json().message).toBe(
      PACKED_TEXT.weighAgain(`Test ${tomatoes}`, "kg", 1000, 10_000),
    );
    expect((await productRow(ctx, tomatoes)).stock).toBe(20_000 - 1000);
    // Twice the order is still a bag the scale can read.
    const twice = await pack(order.orderNumber, [{ productId: tomatoes, quantity: 2000 }]);
    expect(twice.statusCode, twice.body).toBe(200);
  });

  it("never charges an order paid online more than it paid, and refunds a lighter weighing once", async () => {
    const tomatoes = await weighed();
    const heavy = await placeTestOrder(
      ctx.app,
      [{ productId: tomatoes, quantity: 1000 }],
      APPROVED_CARD,
    );
    const light = await placeTestOrder(
      ctx.app,
      [{ productId: tomatoes, quantity: 1000 }],
      APPROVED_CARD,
    );
    for (const order of [heavy, light]) await manager.bringTo(order.orderNumber, "confirmed");
    const before = gateway.refunds.length;

    const kept = (
      await pack(heavy.orderNumber, [{ productId: tomatoes, quantity: 1040 }])
    ).json() as SalesOrder;
    expect(lineOf(kept, tomatoes)).toMatchObject({ quantity: 1000, packedQuantity: 1040 });
    expect(kept.totalPaise).toBe(heavy.totalPaise);
    expect(gateway.refunds.length).toBe(before);

    const refunded = await pack(light.orderNumber, [{ productId: tomatoes, quantity: 960 }]);
    expect(refunded.statusCode, refunded.body).toBe(200);
    const difference = PER_KG - lineAmountPaise(PER_KG, 960, "kg");
    expect((refunded.json() as SalesOrder).totalPaise).toBe(light.totalPaise - difference);
    expect(gateway.refunds.slice(before)).toEqual([
      expect.objectContaining({ amountPaise: difference }),
    ]);
    // Packing again is refused as a move already made, and nothing more is refunded.
    const again = await pack(light.orderNumber, [{ productId: tomatoes, quantity: 900 }]);
    expect(again.statusCode).toBe(409);
    expect(gateway.refunds.slice(before)).toHaveLength(1);
  });

  it("asks why beyond the tolerance, and refuses a counted line packed above its order", async () => {
    const tomatoes = await weighed();
    const coriander = await counted();
    const order = await placeTestOrder(ctx.app, [
      { productId: tomatoes, quantity: 1000 },
      { productId: coriander, quantity: 2 },
    ]);
    await manager.bringTo(order.orderNumber, "confirmed");
    const noReason = await pack(order.orderNumber, [{ productId: tomatoes, quantity: 600 }]);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain(FULFILMENT_MESSAGES.shortPickReason);
    const overCounted = await pack(order.orderNumber, [{ productId: coriander, quantity: 3 }]);
    expect(overCounted.statusCode).toBe(400);
    expect(overCounted.json().message).toBe(
      FULFILMENT_MESSAGES.shortPickMore(`Test ${coriander}`, 2),
    );
    const withReason = await pack(order.orderNumber, [
      { productId: tomatoes, quantity: 600, reason: "spoiled" },
    ]);
    expect(withReason.statusCode, withReason.body).toBe(200);
    const ledger = (await ledgerOf(ctx, order.orderNumber))
      .filter((row) => row.product_id === tomatoes)
      .map((row) => [row.kind, row.quantity, row.reason]);
    expect(ledger).toEqual([
      ["sale", -1000, null],
      ["cancellation", 400, null],
      ["write_off", -400, "spoiled"],
    ]);
  });

  it("receives fractional kilos as grams, and refuses a fraction of a counted unit", async () => {
    const staff = asStaff(ctx.app, await signInStaff(ctx.app, "inventory"));
    const spinach = await weighed(0);
    const receive = (id: string, quantity: number) =>
      staff({
        method: "POST",
        url: `${INVENTORY}/products/${id}/movements`,
        payload: {
          kind: "receipt",
          quantity,
          supplier: "Khordha Organic Farm",
          harvestedOn: "2026-11-28",
        },
      });
    const received = await receive(spinach, 12_500);
    expect(received.statusCode, received.body).toBe(201);
    expect(received.json().product).toMatchObject({ stock: 12_500 });
    const half = await receive(await counted(), 1.5);
    expect(half.statusCode).toBe(400);
  });
});
