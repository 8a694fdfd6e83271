import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BULK_PIPELINE_API } from "../../../shared/contracts/bulk-pipeline.ts";
import { SALES_API } from "../../../shared/contracts/sales.ts";
import { SALES_SUMMARY_PATH } from "../../../shared/contracts/sales-figures.ts";
import { shopDate } from "../../../shared/rules/bulk-delivery-date.ts";
import { CANCELLATION_FEE_PERCENT } from "../../../shared/rules/bulk-order-status.ts";
import { EVENT_ORDER_TEXT } from "../../../shared/rules/event-orders.ts";
import { lineAmountPaise } from "../../../shared/rules/measure.ts";
import { bulkOrders, orderLines, orders, payments, refunds } from "../../db/schema/index.ts";
import { goodCard, quoteAsRelations, requesterCalls } from "../../testing/bulk-orders.ts";
import { asStaff, auditOf, INVENTORY, productRow, testProduct } from "../../testing/inventory.ts";
import { ledgerOf, salesManager } from "../../testing/sales.ts";
import { signInStaff } from "../../testing/staff.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";
import { salesAlerts } from "../fulfilment/index.ts";
import { createTestGateway } from "../payments/test-gateway.ts";
import { placeDueEventOrders } from "./event-order-placing.ts";

let keys = 0;
/** India time on the shop's today: the board takes event orders from 6 am. */
const todayAt = (hour: number) =>
  new Date(`${shopDate(new Date())}T${String(hour).padStart(2, "0")}:00:00+05:30`);

describe.each(testDatabaseKinds)("event orders on the Sales board on %s", (kind) => {
  const gateway = createTestGateway();
  const ctx = useTestApp(kind, {}, { gateway });
  const calls = requesterCalls(ctx);
  const desk = async () => asStaff(ctx.app, await signInStaff(ctx.app, "customer-relations"));
  const products = [1, 2].map((n) => `event-${process.pid}-${n}-${kind}`);

  /** An event order quoted, its advance paid, confirmed, and its day brought to today. */
  async function confirmedForToday(lines: { productId: string; quantity: number }[]) {
    const { ticketId, browser, body } = await calls.submitted();
    const quoted = await quoteAsRelations(ctx, ticketId, 0, {
      lines,
      discountPercent: 10,
      deliveryChargePaise: 500_00,
    });
    expect(quoted.statusCode, quoted.body).toBe(200);
    const paid = await calls.pay(
      ticketId,
      browser,
      goodCard(),
      `event-order-${process.pid}-${++keys}`,
    );
    expect(paid.statusCode, paid.body).toBe(200);
    const url = `${BULK_PIPELINE_API}/${ticketId}`;
    const { version } = (await (await desk())({ method: "GET", url })).json();
    const confirm = await (await desk())({
      method: "POST",
      url: `${url}/confirm`,
      payload: { version },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    await ctx.database.db
      .update(bulkOrders)
      .set({ deliveryDate: shopDate(new Date()) })
      .where(eq(bulkOrders.ticketId, ticketId));
    return { ticketId, email: body.email as string, quote: quoted.json().quote };
  }
  const orderOf = async (ticketId: string) =>
    (await ctx.database.db.select().from(orders).where(eq(orders.eventTicket, ticketId)))[0];
  const bulkOf = async (ticketId: string) =>
    (await ctx.database.db.select().from(bulkOrders).where(eq(bulkOrders.ticketId, ticketId)))[0]!;

  it("reaches the board once on its day from 6 am, with its quote's lines, taking their stock", async () => {
    for (const id of products) await testProduct(ctx, id, 40);
    const [a, b] = products as [string, string];
    const { ticketId, quote } = await confirmedForToday([
      { productId: a, quantity: 12 },
      { productId: b, quantity: 5 },
    ]);
    expect(await placeDueEventOrders(ctx.database.db, todayAt(5))).toEqual([]);
    // Two instances passing at once place it once.
    const [first, second] = await Promise.all([
      placeDueEventOrders(ctx.database.db, todayAt(7)),
      placeDueEventOrders(ctx.database.db, todayAt(7)),
    ]);
    expect([...first, ...second]).toHaveLength(1);
    expect(await placeDueEventOrders(ctx.database.db, todayAt(8))).toEqual([]);
    const order = (await orderOf(ticketId))!;
    expect(order).toMatchObject({
      status: "placed",
      paymentMethod: "cash",
      totalPaise: quote.totalPaise,
      subtotalPaise: quote.subtotalPaise,
      gstPaise: quote.gstPaise,
      deliveryFeePaise: 500_00,
    });
    const lines = await ctx.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id));
    expect(
      lines.map((line) => [line.productId, line.quantity, line.unitPricePaise]).sort(),
    ).toEqual([
      [a, 12, 3600],
      [b, 5, 3600],
    ]);
    expect((await productRow(ctx, a)).stock).toBe(28);
    expect(await ledgerOf(ctx, order.orderNumber)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ product_id: a, kind: "sale", quantity: -12 }),
      ]),
    );
    const [cash] = await ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, order.id));
    expect(cash).toMatchObject({
      method: "cash",
      status: "pending",
      amountPaise: quote.balancePaise,
    });

    // The Sales Manager sees it as an event order, to collect only the balance.
    const manager = await salesManager(ctx.app);
    const read = await manager.request({
      method: "GET",
      url: `${SALES_API}/orders/${order.orderNumber}`,
    });
    expect(read.json()).toMatchObject({
      eventTicket: ticketId,
      collectPaise: quote.balancePaise,
      promise: "on_time",
    });
    expect(read.json().notes).toContain(ticketId);
    const board = await manager.request({
      method: "GET",
      url: `${SALES_API}/orders?q=${order.orderNumber}`,
    });
    expect(board.json().orders[0]).toMatchObject({ eventTicket: ticketId });
    // Its promise is its day: hours later it is not at risk, as a shop order would be.
    const later = await salesAlerts(
      ctx.database.db,
      new Date(order.placedAt.getTime() + 3 * 3600_000),
    );
    expect(later.alerts.map((alert) => alert.key)).not.toContain(
      `order:${order.orderNumber}:at-risk`,
    );

    // Confirmed, it is on the pick list; the desk can no longer deliver it from the pipeline.
    expect((await manager.move(order.orderNumber, "confirmed")).statusCode).toBe(200);
    const pick = await manager.request({ method: "GET", url: `${SALES_API}/pick-list` });
    const picked = pick
      .json()
      .products.find((product: { productId: string }) => product.productId === a);
    expect(picked.orders).toContainEqual({
      orderNumber: order.orderNumber,
      quantity: 12,
      status: "confirmed",
    });
    const staffView = await (await desk())({
      method: "GET",
      url: `${BULK_PIPELINE_API}/${ticketId}`,
    });
    expect(staffView.json().eventOrderNumber).toBe(order.orderNumber);
    const deliver = await (await desk())({
      method: "POST",
      url: `${BULK_PIPELINE_API}/${ticketId}/deliver`,
      payload: { version: staffView.json().version, balanceMethod: "cash", earlyReason: "x" },
    });
    expect(deliver.statusCode).toBe(409);
    expect(deliver.json().message).toBe(EVENT_ORDER_TEXT.onBoard(ticketId, order.orderNumber));

    // Out of the store it is invoiced from the shop's series; delivered, the event is delivered.
    for (const to of ["packed", "out_for_delivery", "delivered"] as const) {
      expect((await manager.move(order.orderNumber, to)).statusCode).toBe(200);
    }
    const delivered = (await orderOf(ticketId))!;
    expect(delivered.invoiceNumber).toMatch(/^FHH\//);
    expect(delivered.paymentStatus).toBe("paid");
    expect(await bulkOf(ticketId)).toMatchObject({ status: "delivered" });

    // The board filters by kind, and the figures count it among the orders and apart.
    const events = (
      await manager.request({
        method: "GET",
        url: `${SALES_API}/orders?kind=event&status=delivered`,
      })
    ).json().orders;
    expect(events.map((row: { orderNumber: string }) => row.orderNumber)).toContain(
      order.orderNumber,
    );
    expect(events.every((row: { eventTicket: string | null }) => row.eventTicket)).toBe(true);
    const shop = (
      await manager.request({ method: "GET", url: `${SALES_API}/orders?kind=shop` })
    ).json().orders;
    expect(shop.every((row: { eventTicket: string | null }) => row.eventTicket === null)).toBe(
      true,
    );
    const summary = (await manager.request({ method: "GET", url: SALES_SUMMARY_PATH })).json();
    expect(summary.periods.today.eventOrders).toBeGreaterThanOrEqual(1);
    expect(summary.periods.today.eventRevenuePaise).toBeGreaterThanOrEqual(quote.totalPaise);
    expect(summary.periods.today.revenuePaise).toBeGreaterThanOrEqual(
      summary.periods.today.eventRevenuePaise,
    );
  });

  it("waits for stock its shelves lack, and reaches the board once it is received", async () => {
    const id = `event-short-${process.pid}-${kind}`;
    await testProduct(ctx, id, 3);
    const { ticketId } = await confirmedForToday([{ productId: id, quantity: 10 }]);
    const waiting = await placeDueEventOrders(ctx.database.db, todayAt(7));
    expect(waiting).toContainEqual({
      ticketId,
      short: [{ name: `Test ${id}`, unit: "each", missing: 7 }],
    });
    expect(await orderOf(ticketId)).toBeUndefined();
    const inventory = asStaff(ctx.app, await signInStaff(ctx.app, "inventory"));
    const receipt = await inventory({
      method: "POST",
      url: `${INVENTORY}/products/${id}/movements`,
      payload: {
        kind: "receipt",
        quantity: 20,
        supplier: "Khordha Organic Farm",
        harvestedOn: shopDate(new Date()),
      },
    });
    expect(receipt.statusCode, receipt.body).toBe(201);
    const placed = await placeDueEventOrders(ctx.database.db, todayAt(7));
    expect(placed).toContainEqual({ ticketId, orderNumber: expect.stringMatching(/^FHH-/) });
    expect((await productRow(ctx, id)).stock).toBe(13);
  });

  it("cancelled on the board, its stock goes back and the event keeps the terms' fee, refunding the rest", async () => {
    const id = `event-cancel-${process.pid}-${kind}`;
    await testProduct(ctx, id, 30);
    const { ticketId, quote } = await confirmedForToday([{ productId: id, quantity: 10 }]);
    await placeDueEventOrders(ctx.database.db, todayAt(7));
    const order = (await orderOf(ticketId))!;
    const manager = await salesManager(ctx.app);
    const cancelled = await manager.cancel(
      order.orderNumber,
      "customer_request",
      "Event called off",
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await productRow(ctx, id)).stock).toBe(30);
    const fee = Math.min(
      quote.advancePaise,
      Math.ceil((quote.totalPaise * CANCELLATION_FEE_PERCENT) / 100),
    );
    const event = await bulkOf(ticketId);
    expect(event).toMatchObject({
      status: "cancelled",
      feePaise: fee,
      refundPaise: quote.advancePaise - fee,
    });
    const owed = await ctx.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.bulkOrderId, event.id));
    expect(owed).toEqual([
      expect.objectContaining({
        amountPaise: quote.advancePaise - fee,
        reference: `bulk-cancel:${ticketId}`,
      }),
    ]);
  });

  it("the desk sends it to the board before its day only with a reason, as seen, and with its stock", async () => {
    const id = `event-early-${process.pid}-${kind}`;
    await testProduct(ctx, id, 4);
    const { ticketId } = await calls.submitted();
    expect(
      (
        await quoteAsRelations(ctx, ticketId, 0, {
          lines: [{ productId: id, quantity: 6 }],
          approveCod: true,
        })
      ).statusCode,
    ).toBe(200);
    const url = `${BULK_PIPELINE_API}/${ticketId}`;
    const send = async (body: object) =>
      (await desk())({ method: "POST", url: `${url}/to-board`, payload: body });
    const version = async () =>
      (await (await desk())({ method: "GET", url })).json().version as number;
    // Not confirmed yet: nothing to send.
    expect((await send({ version: await version(), reason: "Early" })).statusCode).toBe(409);
    await ctx.database.db
      .update(bulkOrders)
      .set({ status: "confirmed" })
      .where(eq(bulkOrders.ticketId, ticketId));
    const noReason = await send({ version: await version() });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(EVENT_ORDER_TEXT.earlyReasonRequired);
    const stale = await send({ version: (await version()) - 1, reason: "The wedding moved" });
    expect(stale.statusCode).toBe(409);
    const short = await send({ version: await version(), reason: "The wedding moved" });
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toBe(
      EVENT_ORDER_TEXT.waitingForStock(ticketId, `Test ${id} short by 2`),
    );
    expect(await orderOf(ticketId)).toBeUndefined();
    const inventory = asStaff(ctx.app, await signInStaff(ctx.app, "inventory"));
    await inventory({
      method: "POST",
      url: `${INVENTORY}/products/${id}/movements`,
      payload: {
        kind: "receipt",
        quantity: 10,
        supplier: "Khordha Organic Farm",
        harvestedOn: shopDate(new Date()),
      },
    });
    const sent = await send({ version: await version(), reason: "The wedding moved" });
    expect(sent.statusCode, sent.body).toBe(200);
    const order = (await orderOf(ticketId))!;
    expect(sent.json().eventOrderNumber).toBe(order.orderNumber);
    expect(order.status).toBe("placed");
    const audit = await auditOf(ctx, ticketId);
    expect(audit.at(-1)).toMatchObject({
      action: "bulk.to_board",
      after: { orderNumber: order.orderNumber, reason: "The wedding moved" },
    });
    // Sent twice (a second tab): the second is told where it is.
    const again = await send({ version: await version(), reason: "The wedding moved" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(EVENT_ORDER_TEXT.onBoard(ticketId, order.orderNumber));
    // Another dashboard's member cannot send it.
    const sales = await salesManager(ctx.app);
    const foreign = await sales.request({
      method: "POST",
      url: `${url}/to-board`,
      payload: { version: 1 },
    });
    expect(foreign.statusCode).toBe(403);
  });

  it("packed short, it has less to collect: the missing units come off its balance", async () => {
    const id = `event-short-pick-${process.pid}-${kind}`;
    await testProduct(ctx, id, 30);
    const { ticketId, quote } = await confirmedForToday([{ productId: id, quantity: 10 }]);
    await placeDueEventOrders(ctx.database.db, todayAt(7));
    const order = (await orderOf(ticketId))!;
    const manager = await salesManager(ctx.app);
    expect((await manager.move(order.orderNumber, "confirmed")).statusCode).toBe(200);
    const packed = await manager.move(order.orderNumber, "packed", [
      { productId: id, quantity: 8, reason: "spoiled" },
    ]);
    expect(packed.statusCode, packed.body).toBe(200);
    // Two units at the event's price (₹40 less 10%) are not supplied.
    expect(packed.json()).toMatchObject({
      totalPaise: quote.totalPaise - 2 * 3600,
      collectPaise: quote.balancePaise - 2 * 3600,
    });
  });

  it("packed short below its advance, nothing is left to collect and the rest of the advance goes back", async () => {
    const id = `event-short-advance-${process.pid}-${kind}`;
    await testProduct(ctx, id, 30);
    const { ticketId, quote } = await confirmedForToday([{ productId: id, quantity: 20 }]);
    await placeDueEventOrders(ctx.database.db, todayAt(7));
    const order = (await orderOf(ticketId))!;
    const manager = await salesManager(ctx.app);
    expect((await manager.move(order.orderNumber, "confirmed")).statusCode).toBe(200);
    const packed = await manager.move(order.orderNumber, "packed", [
      { productId: id, quantity: 2, reason: "spoiled" },
    ]);
    expect(packed.statusCode, packed.body).toBe(200);
    // 2 of 20 units at ₹36 and the ₹500 delivery: ₹572, against an advance of half the quote.
    const packedTotal = 2 * 3600 + 500_00;
    expect(packed.json()).toMatchObject({ totalPaise: packedTotal, collectPaise: 0 });
    const back = await ctx.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.bulkOrderId, (await bulkOf(ticketId)).id));
    expect(back.map((refund) => [refund.reference, refund.amountPaise, refund.state])).toEqual([
      [`bulk-short:${ticketId}`, quote.advancePaise - packedTotal, "done"],
    ]);
  });

  it("weighed at packing, its balance follows the scale within the tolerance; settled beforehand, it is never charged more", async () => {
    const id = `event-weighed-${process.pid}-${kind}`;
    await testProduct(ctx, id, 40_000, { weighed: true });
    const placed = [];
    for (let event = 0; event < 3; event++) {
      const { ticketId, quote } = await confirmedForToday([{ productId: id, quantity: 10_000 }]);
      placed.push({ ticketId, quote });
    }
    await placeDueEventOrders(ctx.database.db, todayAt(7));
    const manager = await salesManager(ctx.app);
    const [within, beyond, settled] = await Promise.all(
      placed.map(async ({ ticketId, quote }) => ({ order: (await orderOf(ticketId))!, quote })),
    );
    // Nothing left to collect, as the board writes an event order whose balance is already paid.
    await ctx.database.db
      .update(orders)
      .set({ paymentStatus: "paid" })
      .where(eq(orders.id, settled!.order.id));
    await ctx.database.db
      .update(payments)
      .set({ status: "paid", amountPaise: 0 })
      .where(eq(payments.orderId, settled!.order.id));
    const pack = async (order: { orderNumber: string }, grams: number) => {
      expect((await manager.move(order.orderNumber, "confirmed")).statusCode).toBe(200);
      const packed = await manager.move(order.orderNumber, "packed", [
        { productId: id, quantity: grams },
      ]);
      expect(packed.statusCode, packed.body).toBe(200);
      return packed.json();
    };
    // 10 kg at the event's ₹36 a kilo: 10.4 kg packed adds 0.4 kg to the balance.
    const extra = lineAmountPaise(3600, 400, "kg");
    expect(await pack(within!.order, 10_400)).toMatchObject({
      totalPaise: within!.quote.totalPaise + extra,
      collectPaise: within!.quote.balancePaise + extra,
    });
    // 12 kg is charged as 11 kg, the shop's 10% tolerance.
    expect(await pack(beyond!.order, 12_000)).toMatchObject({
      totalPaise: beyond!.quote.totalPaise + lineAmountPaise(3600, 1000, "kg"),
      collectPaise: beyond!.quote.balancePaise + lineAmountPaise(3600, 1000, "kg"),
    });
    // Paid in full before packing: the extra 0.4 kg is on the shop.
    const onUs = await pack(settled!.order, 10_400);
    expect(onUs).toMatchObject({ totalPaise: settled!.quote.totalPaise, collectPaise: 0 });
    expect(onUs.lines[0]).toMatchObject({ quantity: 10_000, packedQuantity: 10_400 });
    expect((await productRow(ctx, id)).stock).toBe(40_000 - 10_400 - 12_000 - 10_400);
  });
});
