import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { SALES_API, type SalesOrder } from "../../../shared/contracts/sales.ts";
import { rowsOf } from "../../db/client.ts";
import { testProduct } from "../../testing/inventory.ts";
import { APPROVED_CARD, mailsTo, placeTestOrder, salesManager } from "../../testing/sales.ts";
import { asRelations, fileTicket, TICKETS } from "../../testing/support.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";
import { createTestGateway } from "../payments/test-gateway.ts";

describe.each(testDatabaseKinds.slice(-1))("review %s", (kind) => {
  const gateway = createTestGateway();
  const ctx = useTestApp(kind, {}, { gateway });
  let ids = 0;
  const freshProduct = async (stock: number, pricePaise: number, gstRateBps: number) => {
    const id = `zzrev-${process.pid}-${++ids}`;
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

  it("GST drift", async () => {
    const p = await freshProduct(30, 2510, 500);
    const order = await placeTestOrder(ctx.app, [{ productId: p, quantity: 5 }], APPROVED_CARD);
    await manager.bringTo(order.orderNumber, "delivered");
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await manager.refund(order.orderNumber, { lines: [{ productId: p, quantity: 1 }] })).statusCode);
    const r5 = await manager.refund(order.orderNumber, { lines: [{ productId: p, amountPaise: 2633 }] });
    codes.push(r5.statusCode);
    const detail = r5.json() as SalesOrder;
    console.log("left after 5", JSON.stringify(detail.afterDelivery?.refundable));
    const r6 = await manager.refund(order.orderNumber, { lines: [{ productId: p, quantity: 1 }] });
    codes.push(r6.statusCode);
    console.log("codes", codes, r6.body.slice(0, 200));
    const line = rowsOf(await ctx.database.db.execute(sql`select l.taxable_paise, l.gst_paise from order_lines l join orders o on o.id=l.order_id where o.order_number=${order.orderNumber}`));
    const notes = rowsOf(await ctx.database.db.execute(sql`select c.number, c.taxable_paise, c.gst_paise, c.total_paise from credit_notes c join orders o on o.id=c.order_id where o.order_number=${order.orderNumber} order by c.id`));
    console.log("line", line, "notes", notes);
  });

  it("late note goes to the shopper", async () => {
    const p = await freshProduct(30, 1000, 0);
    const order = await placeTestOrder(ctx.app, [{ productId: p, quantity: 2 }], APPROVED_CARD);
    await manager.bringTo(order.orderNumber, "delivered");
    const r = await manager.refund(order.orderNumber, { reason: "goodwill", note: "INTERNAL-ONLY serial complainer, approved by Raj", lines: [{ productId: p, quantity: 1 }] });
    expect(r.statusCode, r.body).toBe(200);
    const mail = (await mailsTo(ctx, order.email)).at(-1)!;
    console.log("attachment has note:", mail.attachments[0]!.content.includes("INTERNAL-ONLY serial complainer"), "text has:", mail.text_body.includes("INTERNAL-ONLY"));
  });

  it("anonymous ticket with victim's email; replay adds requestId", async () => {
    const p = await freshProduct(30, 1000, 0);
    const order = await placeTestOrder(ctx.app, [{ productId: p, quantity: 2 }], APPROVED_CARD);
    await manager.bringTo(order.orderNumber, "delivered");
    const { reference } = await fileTicket(ctx, { email: order.email.toUpperCase(), queryType: "refund_request", orderNumber: order.orderNumber, message: "refund me" });
    const desk = await asRelations(ctx);
    const hist = await desk({ method: "GET", url: `${TICKETS}/${reference}/customer` });
    console.log("customer", hist.statusCode, hist.json().orders.map((o: { orderNumber: string }) => o.orderNumber), order.orderNumber);
    const ask = await desk({ method: "POST", url: `${TICKETS}/${reference}/refund-requests`, payload: { orderNumber: order.orderNumber, note: "refund it" } });
    console.log("ask", ask.statusCode);
    const key = randomUUID();
    const first = await manager.refund(order.orderNumber, { key, lines: [{ productId: p, quantity: 1 }] });
    const reqs = (await manager.request({ method: "GET", url: `${SALES_API}/refund-requests` })).json().requests as { id: number; orderNumber: string }[];
    const mine = reqs.find((q) => q.orderNumber === order.orderNumber)!;
    const replay = await manager.refund(order.orderNumber, { key, lines: [{ productId: p, quantity: 1 }], requestId: mine.id, note: "different note" });
    const after = (await manager.request({ method: "GET", url: `${SALES_API}/refund-requests` })).json().requests as { id: number }[];
    console.log("first", first.statusCode, "replay", replay.statusCode, "still open:", after.some((q) => q.id === mine.id));
    // customer session / other dashboard
    const inv = await ctx.app.inject({ method: "POST", url: `${SALES_API}/orders/${order.orderNumber}/refunds`, payload: { key: randomUUID(), reason: "quality", lines: [{ productId: p, quantity: 1 }] }, headers: { cookie: order.cookie } });
    const deskRefund = await desk({ method: "POST", url: `${SALES_API}/orders/${order.orderNumber}/refunds`, payload: { key: randomUUID(), reason: "quality", lines: [{ productId: p, quantity: 1 }] } });
    const anonHist = await ctx.app.inject({ method: "GET", url: `${TICKETS}/${reference}/customer` });
    console.log("customer cookie refund", inv.statusCode, "desk refund", deskRefund.statusCode, "anon /customer", anonHist.statusCode);
  });

  it("stuck request and concurrent keys", async () => {
    const p = await freshProduct(30, 1000, 0);
    const order = await placeTestOrder(ctx.app, [{ productId: p, quantity: 2 }], APPROVED_CARD);
    await manager.bringTo(order.orderNumber, "delivered");
    const both = await Promise.all([
      manager.refund(order.orderNumber, { lines: [{ productId: p, quantity: 2 }], deliveryFee: true }),
      manager.refund(order.orderNumber, { lines: [{ productId: p, amountPaise: 2000 }], deliveryFee: true }),
    ]);
    console.log("concurrent", both.map((b) => b.statusCode));
    const { reference } = await fileTicket(ctx, { email: order.email, queryType: "refund_request", orderNumber: order.orderNumber, message: "refund me" });
    const desk = await asRelations(ctx);
    const ask = await desk({ method: "POST", url: `${TICKETS}/${reference}/refund-requests`, payload: { orderNumber: order.orderNumber, note: "refund it" } });
    const reqs = (await manager.request({ method: "GET", url: `${SALES_API}/refund-requests` })).json().requests as { id: number; orderNumber: string }[];
    const mine = reqs.find((q) => q.orderNumber === order.orderNumber)!;
    const close1 = await manager.refund(order.orderNumber, { lines: [{ productId: p, amountPaise: 1 }], requestId: mine.id });
    const close2 = await manager.refund(order.orderNumber, { lines: [], deliveryFee: true, requestId: mine.id });
    console.log("ask on fully refunded", ask.statusCode, "close attempts", close1.statusCode, close1.json().message, close2.statusCode, close2.json().message);
  });

  it("refund vs checkout vs refund stress", async () => {
    const a = await freshProduct(500, 1000, 500);
    const b = await freshProduct(500, 1000, 500);
    const codes: number[] = [];
    const orders = [];
    for (let i = 0; i < 6; i++) {
      const o = await placeTestOrder(ctx.app, [{ productId: a, quantity: 5 }, { productId: b, quantity: 5 }], APPROVED_CARD);
      await manager.bringTo(o.orderNumber, "delivered");
      orders.push(o);
    }
    for (let round = 0; round < 3; round++) {
      const jobs: Promise<number>[] = [];
      for (const o of orders) {
        jobs.push(manager.refund(o.orderNumber, { lines: [{ productId: b, quantity: 1 }, { productId: a, quantity: 1 }] }).then((r) => r.statusCode));
        jobs.push(placeTestOrder(ctx.app, [{ productId: b, quantity: 1 }, { productId: a, quantity: 1 }]).then(() => 201, (e) => { console.log(String(e).slice(0, 200)); return 500; }));
      }
      codes.push(...(await Promise.all(jobs)));
    }
    console.log("stress codes", JSON.stringify(codes));
  });
});
