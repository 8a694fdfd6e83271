import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { OrderView } from "../../../shared/contracts/orders.ts";
import { SALES_API, type SalesOrder } from "../../../shared/contracts/sales.ts";
import {
  ORDER_LINES_CSV_COLUMNS,
  ORDER_LINES_CSV_PATH,
} from "../../../shared/contracts/sales-figures.ts";
import { parseCsv } from "../../../shared/rules/csv-text.ts";
import { DELIVERED_REFUND_MESSAGES } from "../../../shared/rules/delivered-refund.ts";
import { rowsOf } from "../../db/client.ts";
import { asStaff, auditOf, productRow, testProduct } from "../../testing/inventory.ts";
import {
  APPROVED_CARD,
  ledgerOf,
  mailsTo,
  placeTestOrder,
  salesManager,
} from "../../testing/sales.ts";
import { rawDayFigures } from "../../testing/sales-figures.ts";
import { signInStaff } from "../../testing/staff.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";
import { createTestGateway } from "../payments/test-gateway.ts";
import { rollUpClosedDays } from "./figures/order-rollup.ts";

describe.each(testDatabaseKinds)("refunds after delivery on %s", (kind) => {
  const gateway = createTestGateway();
  const ctx = useTestApp(kind, {}, { gateway });
  let ids = 0;
  /** A product of its own, priced and taxed as given. */
  const freshProduct = async (stock: number, pricePaise = 4000, gstRateBps = 0) => {
    const id = `refund-${process.pid}-${++ids}`;
    await testProduct(ctx, id, stock);
    await ctx.database.db.execute(
      sql`update products set price_paise = ${pricePaise}, gst_rate_bps = ${gstRateBps} where id = ${id}`,
    );
    return id;
  };
  let manager: Awaited<ReturnType<typeof salesManager>>;

  beforeAll(async () => {
    manager = await salesManager(ctx.app);
  });

  const readOrder = async (orderNumber: string) =>
    (
      await manager.request({ method: "GET", url: `${SALES_API}/orders/${orderNumber}` })
    ).json() as SalesOrder;

  const creditNotesOf = async (orderNumber: string) =>
    rowsOf<{ number: string; total_paise: number; taxable_paise: number; gst_paise: number }>(
      await ctx.database.db.execute(sql`
        select c.number, c.total_paise, c.taxable_paise, c.gst_paise from credit_notes c
        join orders o on o.id = c.order_id where o.order_number = ${orderNumber} order by c.id`),
    );

  /** A delivered card order of 3 of a taxed product and 2 of an untaxed one, with a delivery fee. */
  async function deliveredCardOrder() {
    const curd = await freshProduct(30, 4550, 500);
    const beans = await freshProduct(30);
    const order = await placeTestOrder(
      ctx.app,
      [
        { productId: curd, quantity: 3 },
        { productId: beans, quantity: 2 },
      ],
      APPROVED_CARD,
    );
    await manager.bringTo(order.orderNumber, "delivered");
    return { order, curd, beans };
  }

  it("refunds units of a line: a credit note with the tax split, the provider refunds once, stock back, the shopper emailed", async () => {
    const { order, curd } = await deliveredCardOrder();
    expect(order.deliveryFeePaise).toBeGreaterThan(0);
    const before = gateway.refunds.length;
    const key = randomUUID();
    const body = { key, reason: "quality", lines: [{ productId: curd, quantity: 2 }] };
    const answers = await Promise.all([
      manager.refund(order.orderNumber, body),
      manager.refund(order.orderNumber, body),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const again = await manager.refund(order.orderNumber, body);
    expect(again.statusCode).toBe(200);

    // 2 x ₹45.50 at 5%: ₹91.00 taxable, ₹4.55 GST.
    const notes = await creditNotesOf(order.orderNumber);
    expect(notes).toEqual([
      expect.objectContaining({ taxable_paise: 9100, gst_paise: 455, total_paise: 9555 }),
    ]);
    expect(gateway.refunds.slice(before)).toEqual([expect.objectContaining({ amountPaise: 9555 })]);
    expect((await productRow(ctx, curd)).stock).toBe(29);
    const ledger = await ledgerOf(ctx, order.orderNumber);
    expect(
      ledger.filter((row) => row.product_id === curd).map((row) => [row.kind, row.quantity]),
    ).toEqual([
      ["sale", -3],
      ["refund", 2],
    ]);

    const detail = again.json() as SalesOrder;
    const left = detail.afterDelivery!.refundable.lines.find((line) => line.productId === curd)!;
    expect(left).toEqual({ productId: curd, units: 1, taxablePaise: 4550, gstPaise: 228 });
    expect(detail.afterDelivery!.refunds).toEqual([
      expect.objectContaining({
        creditNoteNumber: notes[0]!.number,
        totalPaise: 9555,
        goods: "restock",
        paidBackBy: null,
      }),
    ]);
    expect(detail.refunds).toEqual([expect.objectContaining({ amountPaise: 9555, state: "done" })]);
    expect(detail.creditNotes.map((note) => note.number)).toEqual([notes[0]!.number]);

    const mail = (await mailsTo(ctx, order.email)).at(-1)!;
    expect(mail.subject).toBe(`A refund for your order ${order.orderNumber}`);
    expect(mail.text_body).toContain("₹95.55 will be refunded");
    expect(mail.attachments.map((file) => file.filename)).toEqual([
      `credit-note-${notes[0]!.number.replaceAll("/", "-")}.html`,
    ]);
    expect(mail.attachments[0]!.content).toContain(detail.invoiceNumber ?? "never");

    // The shopper's own page lists the credit note.
    const mine = await ctx.app.inject({
      method: "GET",
      url: `/api/orders/${order.orderNumber}`,
      headers: { cookie: order.cookie },
    });
    expect((mine.json() as OrderView).creditNotes.map((note) => note.number)).toEqual([
      notes[0]!.number,
    ]);
    const audit = (await auditOf(ctx, order.orderNumber)).filter(
      (row) => row.action === "order.refund",
    );
    expect(audit).toHaveLength(1);
  });

  it("exports each line with what was ordered, packed and refunded, and the credit notes that credit it", async () => {
    const curd = await freshProduct(30, 4550, 500);
    const beans = await freshProduct(30);
    const order = await placeTestOrder(ctx.app, [
      { productId: curd, quantity: 3 },
      { productId: beans, quantity: 2 },
    ]);
    await manager.bringTo(order.orderNumber, "confirmed");
    expect(
      (
        await manager.move(order.orderNumber, "packed", [
          { productId: beans, quantity: 1, reason: "spoiled" },
        ])
      ).statusCode,
    ).toBe(200);
    for (const to of ["out_for_delivery", "delivered"] as const) {
      expect((await manager.move(order.orderNumber, to)).statusCode).toBe(200);
    }
    const refunded = await manager.refund(order.orderNumber, {
      paidBackBy: "cash",
      lines: [{ productId: curd, quantity: 2 }],
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const note = (refunded.json() as SalesOrder).afterDelivery!.refunds[0]!.creditNoteNumber;
    const [day] = rowsOf<{ day: string }>(
      await ctx.database.db.execute(sql`
        select (placed_at at time zone 'Asia/Kolkata')::date::text as day from orders
        where order_number = ${order.orderNumber}`),
    );
    const csv = await manager.request({
      method: "GET",
      url: `${ORDER_LINES_CSV_PATH}?from=${day!.day}&to=${day!.day}`,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const records = parseCsv(csv.body).records;
    expect(records[0]!.cells).toEqual([...ORDER_LINES_CSV_COLUMNS]);
    const rows = records
      .slice(1)
      .map((record) =>
        Object.fromEntries(
          ORDER_LINES_CSV_COLUMNS.map((column, index) => [column, record.cells[index]]),
        ),
      )
      .filter((row) => row.order_number === order.orderNumber);
    expect(rows).toEqual([
      expect.objectContaining({
        product_id: curd,
        ordered: "3",
        packed: "3",
        gst_rate: "5%",
        line_total: "143.33",
        refunded_units: "2",
        refunded: "95.55",
        credit_notes: note,
        counted: "yes",
      }),
      expect.objectContaining({
        product_id: beans,
        ordered: "2",
        packed: "1",
        refunded_units: "0",
        refunded: "0",
        credit_notes: "",
      }),
    ]);
  });

  it("answers a replayed key with other details with 409, and refunds nothing more", async () => {
    const { order, curd, beans } = await deliveredCardOrder();
    const key = randomUUID();
    expect(
      (await manager.refund(order.orderNumber, { key, lines: [{ productId: curd, quantity: 1 }] }))
        .statusCode,
    ).toBe(200);
    const other = await manager.refund(order.orderNumber, {
      key,
      lines: [{ productId: beans, quantity: 1 }],
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(DELIVERED_REFUND_MESSAGES.replayDiffers);
    expect(await creditNotesOf(order.orderNumber)).toHaveLength(1);
  });

  it("splits an amount at the line's rate and never gives back more than the line, the fee or the payment", async () => {
    const { order, curd, beans } = await deliveredCardOrder();
    const before = gateway.refunds.length;
    const amount = await manager.refund(order.orderNumber, {
      reason: "goodwill",
      lines: [{ productId: curd, amountPaise: 5000 }],
    });
    expect(amount.statusCode, amount.body).toBe(200);
    // ₹50.00 with 5% GST inside: ₹47.62 taxable and ₹2.38 GST, no units back.
    expect((await creditNotesOf(order.orderNumber))[0]).toMatchObject({
      taxable_paise: 4762,
      gst_paise: 238,
    });
    expect((await ledgerOf(ctx, order.orderNumber)).filter((row) => row.kind === "refund")).toEqual(
      [],
    );

    // 3 units are still deliverable back, but the line has only ₹93.33 of value left.
    const tooMuch = await manager.refund(order.orderNumber, {
      lines: [{ productId: curd, amountPaise: 9334 }],
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toContain("At most ₹93.33 is left");

    const rest = await manager.refund(order.orderNumber, {
      reason: "missing",
      lines: [
        { productId: curd, quantity: 3 },
        { productId: beans, quantity: 2 },
      ],
      deliveryFee: true,
    });
    expect(rest.statusCode, rest.body).toBe(200);
    const notes = await creditNotesOf(order.orderNumber);
    const credited = notes.reduce((sum, note) => sum + note.total_paise, 0);
    expect(credited).toBe(order.totalPaise);
    expect(gateway.refunds.slice(before).reduce((sum, paid) => sum + paid.amountPaise, 0)).toBe(
      order.totalPaise,
    );

    for (const ask of [
      { lines: [{ productId: curd, quantity: 1 }] },
      { lines: [{ productId: beans, amountPaise: 1 }] },
      { lines: [], deliveryFee: true },
    ]) {
      const refused = await manager.refund(order.orderNumber, ask);
      expect(refused.statusCode, JSON.stringify(ask)).toBe(400);
    }
    const detail = await readOrder(order.orderNumber);
    expect(detail.afterDelivery!.refundable.deliveryFeePaise).toBe(0);
    expect(
      detail.afterDelivery!.refundable.lines.every(
        (line) => line.units === 0 && line.taxablePaise === 0 && line.gstPaise === 0,
      ),
    ).toBe(true);
  });

  it("records how a cash order's money went back, and writes returned goods off through the ledger when asked", async () => {
    const mangoes = await freshProduct(10);
    const order = await placeTestOrder(ctx.app, [{ productId: mangoes, quantity: 4 }]);
    await manager.bringTo(order.orderNumber, "delivered");
    const before = gateway.refunds.length;
    const unsaid = await manager.refund(order.orderNumber, {
      lines: [{ productId: mangoes, quantity: 1 }],
    });
    expect(unsaid.statusCode).toBe(400);
    expect(unsaid.json().message).toBe(DELIVERED_REFUND_MESSAGES.paidBackByRequired);

    const refunded = await manager.refund(order.orderNumber, {
      reason: "damaged",
      goods: "write_off",
      paidBackBy: "upi",
      lines: [{ productId: mangoes, quantity: 1 }],
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(gateway.refunds.length).toBe(before);
    const detail = refunded.json() as SalesOrder;
    expect(detail.afterDelivery!.refunds).toEqual([
      expect.objectContaining({ paidBackBy: "upi", goods: "write_off", totalPaise: 4000 }),
    ]);
    expect(detail.refunds).toEqual([]);
    expect((await productRow(ctx, mangoes)).stock).toBe(6);
    expect(
      (await ledgerOf(ctx, order.orderNumber)).map((row) => [row.kind, row.quantity, row.reason]),
    ).toEqual([
      ["sale", -4, null],
      ["refund", 1, null],
      ["write_off", -1, "damaged"],
    ]);
    expect((await mailsTo(ctx, order.email)).at(-1)!.text_body).toContain(
      "₹40.00 was paid back to you by UPI",
    );
  });

  it("asks why once the shop's window has passed, and keeps the note", async () => {
    const mangoes = await freshProduct(10);
    const order = await placeTestOrder(ctx.app, [{ productId: mangoes, quantity: 2 }]);
    await manager.bringTo(order.orderNumber, "delivered");
    await ctx.database.db.execute(sql`
      update orders set delivered_at = now() - interval '25 hours'
      where order_number = ${order.orderNumber}`);
    const body = { paidBackBy: "cash", lines: [{ productId: mangoes, quantity: 1 }] };
    const late = await manager.refund(order.orderNumber, body);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({
      message: DELIVERED_REFUND_MESSAGES.lateNoteRequired(24),
      field: "note",
    });
    const noted = await manager.refund(order.orderNumber, {
      ...body,
      note: "Called on day two: sour",
    });
    expect(noted.statusCode, noted.body).toBe(200);
    const audit = (await auditOf(ctx, order.orderNumber)).filter(
      (row) => row.action === "order.refund",
    );
    expect(audit[0]!.after).toMatchObject({ late: true, note: "Called on day two: sour" });
    // The note is the staff's: the shopper's email and credit note give the reason alone.
    const mail = (await mailsTo(ctx, order.email)).at(-1)!;
    expect(mail.subject).toBe(`A refund for your order ${order.orderNumber}`);
    expect(`${mail.text_body}${mail.attachments[0]!.content}`).not.toContain("day two");
  });

  it("refuses an order not yet delivered, a line it does not have, and other dashboards' staff", async () => {
    const mangoes = await freshProduct(10);
    const order = await placeTestOrder(ctx.app, [{ productId: mangoes, quantity: 2 }]);
    await manager.bringTo(order.orderNumber, "out_for_delivery");
    const early = await manager.refund(order.orderNumber, {
      paidBackBy: "cash",
      lines: [{ productId: mangoes, quantity: 1 }],
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(DELIVERED_REFUND_MESSAGES.notDelivered);
    expect((await manager.move(order.orderNumber, "delivered")).statusCode).toBe(200);
    const unknown = await manager.refund(order.orderNumber, {
      paidBackBy: "cash",
      lines: [{ productId: "no-such", quantity: 1 }],
    });
    expect(unknown.statusCode).toBe(400);
    const both = await manager.refund(order.orderNumber, {
      paidBackBy: "cash",
      lines: [{ productId: mangoes, quantity: 1, amountPaise: 100 }],
    });
    expect(both.statusCode).toBe(400);
    const inventory = asStaff(ctx.app, await signInStaff(ctx.app, "inventory"));
    const forbidden = await inventory({
      method: "POST",
      url: `${SALES_API}/orders/${order.orderNumber}/refunds`,
      payload: {
        key: randomUUID(),
        reason: "quality",
        paidBackBy: "cash",
        lines: [{ productId: mangoes, quantity: 1 }],
      },
    });
    expect(forbidden.statusCode).toBe(403);
    expect(await creditNotesOf(order.orderNumber)).toEqual([]);
  });

  it("takes a refund off its order's day in the figures, a closed day's rollup included", async () => {
    const { order, curd } = await deliveredCardOrder();
    // The order belongs to a day that has closed and been rolled up.
    await ctx.database.db.execute(sql`
      update orders set placed_at = placed_at - interval '2 days'
      where order_number = ${order.orderNumber}`);
    const [placed] = rowsOf<{ day: string }>(
      await ctx.database.db.execute(sql`
        select (placed_at at time zone 'Asia/Kolkata')::date::text as day from orders
        where order_number = ${order.orderNumber}`),
    );
    const day = placed!.day;
    await rollUpClosedDays(ctx.database.db);
    const stored = async () =>
      rowsOf<{
        revenue_paise: string;
        products: Record<string, { units: number; revenuePaise: number }>;
      }>(
        await ctx.database.db.execute(
          sql`select revenue_paise, products from daily_order_figures where day = ${day}::date`,
        ),
      )[0]!;
    const before = await stored();
    const refunded = await manager.refund(order.orderNumber, {
      lines: [{ productId: curd, quantity: 2 }],
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const after = await stored();
    expect(Number(before.revenue_paise) - Number(after.revenue_paise)).toBe(9555);
    expect(after.products[curd]).toEqual({ units: 1, revenuePaise: 4550 });
    const [raw] = await rawDayFigures(ctx.database.db, day, day);
    expect(Number(after.revenue_paise)).toBe(raw!.revenuePaise);
    expect(after.products).toEqual(raw!.products);
  });

  it("lets one of two refunds of the same units win at once; the other is told what is left", async () => {
    const { order, curd } = await deliveredCardOrder();
    const answers = await Promise.all([
      manager.refund(order.orderNumber, { lines: [{ productId: curd, quantity: 3 }] }),
      manager.refund(order.orderNumber, { lines: [{ productId: curd, quantity: 3 }] }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.statusCode === 400)!.json().message).toContain(
      DELIVERED_REFUND_MESSAGES.moreUnitsThanLeft(0, "each"),
    );
    expect(await creditNotesOf(order.orderNumber)).toHaveLength(1);
    expect(
      (await ledgerOf(ctx, order.orderNumber)).filter((row) => row.kind === "refund"),
    ).toHaveLength(1);
  });

  it("serialises a refund against a cancel: the delivered order is refunded, the one on the road cancelled", async () => {
    const { order: delivered, curd } = await deliveredCardOrder();
    const onRoad = await placeTestOrder(ctx.app, [{ productId: curd, quantity: 1 }], APPROVED_CARD);
    await manager.bringTo(onRoad.orderNumber, "out_for_delivery");
    const [refundDelivered, cancelDelivered, refundOnRoad, cancelOnRoad] = await Promise.all([
      manager.refund(delivered.orderNumber, { lines: [{ productId: curd, quantity: 1 }] }),
      manager.cancel(delivered.orderNumber),
      manager.refund(onRoad.orderNumber, { lines: [{ productId: curd, quantity: 1 }] }),
      manager.cancel(onRoad.orderNumber),
    ]);
    expect(
      [refundDelivered, cancelDelivered, refundOnRoad, cancelOnRoad].map(
        (answer) => answer!.statusCode,
      ),
    ).toEqual([200, 409, 409, 200]);
    const onRoadNotes = await creditNotesOf(onRoad.orderNumber);
    // The cancel's own credit note (it had left the store with its invoice), and no other.
    expect(onRoadNotes).toHaveLength(1);
    expect(onRoadNotes[0]!.total_paise).toBe(onRoad.totalPaise);
  });
});
