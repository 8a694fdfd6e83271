import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type CustomerHistory,
  REFUND_REQUEST_MESSAGES,
  type RefundRequestList,
} from "../../../shared/contracts/refund-requests.ts";
import { SALES_API, type SalesOrder } from "../../../shared/contracts/sales.ts";
import type { StaffTicket } from "../../../shared/contracts/support-inbox.ts";
import { rowsOf } from "../../db/client.ts";
import { freshAddress, TEST_ORIGIN } from "../../testing/customers.ts";
import { testProduct } from "../../testing/inventory.ts";
import { placeTestOrder, salesManager } from "../../testing/sales.ts";
import {
  asRelations,
  fileTicket,
  latestMailTo,
  TICKETS,
  ticketLinkIn,
} from "../../testing/support.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

describe.each(testDatabaseKinds)("refund requests from a ticket on %s", (kind) => {
  const ctx = useTestApp(kind);
  let ids = 0;
  let manager: Awaited<ReturnType<typeof salesManager>>;
  let desk: Awaited<ReturnType<typeof asRelations>>;

  beforeAll(async () => {
    manager = await salesManager(ctx.app);
    desk = await asRelations(ctx);
  });

  const freshProduct = async () => {
    const id = `request-${process.pid}-${++ids}`;
    await testProduct(ctx, id, 50);
    return id;
  };

  /** A shopper with a delivered order (2 units, 1 packed short) and a ticket about it. */
  async function customerWithTicket() {
    const product = await freshProduct();
    const other = await freshProduct();
    const order = await placeTestOrder(ctx.app, [
      { productId: product, quantity: 3 },
      { productId: other, quantity: 1 },
    ]);
    await manager.bringTo(order.orderNumber, "confirmed");
    const packed = await manager.move(order.orderNumber, "packed", [
      { productId: product, quantity: 2, reason: "spoiled" },
    ]);
    expect(packed.statusCode, packed.body).toBe(200);
    for (const to of ["out_for_delivery", "delivered"] as const) {
      expect((await manager.move(order.orderNumber, to)).statusCode).toBe(200);
    }
    const { reference } = await fileTicket(ctx, {
      email: order.email,
      queryType: "refund_request",
      orderNumber: order.orderNumber,
      message: "The tomatoes were bruised.",
    });
    return { order, product, other, reference };
  }

  const ask = (reference: string, payload: object) =>
    desk({ method: "POST", url: `${TICKETS}/${reference}/refund-requests`, payload });
  const openRequests = async () =>
    (
      (
        await manager.request({ method: "GET", url: `${SALES_API}/refund-requests` })
      ).json() as RefundRequestList
    ).requests;

  it("shows the desk the customer's orders and earlier tickets beside a ticket, read-only", async () => {
    const { order, product, reference } = await customerWithTicket();
    const newer = await placeTestOrder(ctx.app, [{ productId: product, quantity: 1 }]);
    await ctx.database.db.execute(
      sql`update orders set email = ${order.email} where order_number = ${newer.orderNumber}`,
    );
    const { reference: later } = await fileTicket(ctx, { email: order.email.toUpperCase() });
    const response = await desk({ method: "GET", url: `${TICKETS}/${later}/customer` });
    expect(response.statusCode, response.body).toBe(200);
    const history = response.json() as CustomerHistory;
    expect(history.orders.map((row) => row.orderNumber)).toEqual([
      newer.orderNumber,
      order.orderNumber,
    ]);
    const delivered = history.orders[1]!;
    expect(delivered.status).toBe("delivered");
    expect(delivered.deliveredAt).not.toBeNull();
    expect(delivered.lines).toEqual(
      expect.arrayContaining([expect.objectContaining({ ordered: 3, supplied: 2 })]),
    );
    expect(history.tickets.map((ticket) => ticket.reference)).toEqual([reference]);
    // Anyone can type an address into the contact form: it is proven once they answer from
    // the link the shop emailed to it.
    expect(history.emailProven).toBe(false);
    const seen = (await desk({ method: "GET", url: `${TICKETS}/${later}` })).json() as StaffTicket;
    const replied = await desk({
      method: "POST",
      url: `${TICKETS}/${later}/replies`,
      payload: { body: "Could you confirm the order number?", version: seen.version },
    });
    expect(replied.statusCode, replied.body).toBe(200);
    const { token } = ticketLinkIn(
      (await latestMailTo(ctx, order.email.toUpperCase())).textBody,
      "Read and answer",
    );
    const answered = await ctx.app.inject({
      method: "POST",
      url: `/api/support/tickets/${later}/answers`,
      payload: { token, body: "It is me, from my own inbox." },
      headers: { origin: TEST_ORIGIN },
      remoteAddress: freshAddress(),
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const proven = (
      await desk({ method: "GET", url: `${TICKETS}/${later}/customer` })
    ).json() as CustomerHistory;
    expect(proven.emailProven).toBe(true);
    // Nobody else's orders or tickets.
    const other = await fileTicket(ctx);
    const theirs = (
      await desk({ method: "GET", url: `${TICKETS}/${other.reference}/customer` })
    ).json() as CustomerHistory;
    expect(theirs).toEqual({ emailProven: false, orders: [], tickets: [] });
  });

  it("asks Sales once per order and ticket; Sales' refund naming it marks it done on the ticket", async () => {
    const { order, product, other, reference } = await customerWithTicket();
    const asked = await ask(reference, {
      orderNumber: order.orderNumber,
      note: "Bruised tomatoes: refund 2 kg",
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect((asked.json() as StaffTicket).refundRequests).toEqual([
      expect.objectContaining({ orderNumber: order.orderNumber, state: "open", doneAt: null }),
    ]);
    const twice = await ask(reference, { orderNumber: order.orderNumber, note: "Again" });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(REFUND_REQUEST_MESSAGES.alreadyAsked);

    const waiting = (await openRequests()).filter(
      (request) => request.ticketReference === reference,
    );
    expect(waiting).toHaveLength(1);
    const requestId = waiting[0]!.id;

    const refunded = await manager.refund(order.orderNumber, {
      requestId,
      paidBackBy: "upi",
      lines: [{ productId: product, quantity: 2 }],
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const note = (refunded.json() as SalesOrder).afterDelivery!.refunds[0]!;

    const ticket = (
      await desk({ method: "GET", url: `${TICKETS}/${reference}` })
    ).json() as StaffTicket;
    expect(ticket.refundRequests).toEqual([
      expect.objectContaining({
        state: "done",
        refundedPaise: note.totalPaise,
        creditNoteNumber: note.creditNoteNumber,
        doneBy: expect.any(String),
      }),
    ]);
    expect(ticket.refundRequests[0]!.doneAt).not.toBeNull();
    expect((await openRequests()).some((request) => request.id === requestId)).toBe(false);

    // A second refund naming the answered request is refused, and refunds nothing.
    const again = await manager.refund(order.orderNumber, {
      key: randomUUID(),
      requestId,
      paidBackBy: "upi",
      lines: [{ productId: other, amountPaise: 100 }],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REFUND_REQUEST_MESSAGES.notOpen);
    const notes = rowsOf<{ n: number }>(
      await ctx.database.db.execute(sql`
        select count(*)::int as n from credit_notes c join orders o on o.id = c.order_id
        where o.order_number = ${order.orderNumber}`),
    );
    expect(notes[0]!.n).toBe(1);
  });

  it("refuses someone else's order, an order not delivered, and a request another order's refund names", async () => {
    const { order, reference } = await customerWithTicket();
    const stranger = await placeTestOrder(ctx.app, [
      { productId: await freshProduct(), quantity: 1 },
    ]);
    await manager.bringTo(stranger.orderNumber, "delivered");
    const notTheirs = await ask(reference, { orderNumber: stranger.orderNumber, note: "Refund" });
    expect(notTheirs.statusCode).toBe(400);
    expect(notTheirs.json().message).toBe(REFUND_REQUEST_MESSAGES.notTheirs);

    const pendingProduct = await freshProduct();
    const pending = await placeTestOrder(ctx.app, [{ productId: pendingProduct, quantity: 1 }]);
    await ctx.database.db.execute(
      sql`update orders set email = ${order.email} where order_number = ${pending.orderNumber}`,
    );
    const early = await ask(reference, { orderNumber: pending.orderNumber, note: "Refund" });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(REFUND_REQUEST_MESSAGES.notDelivered);

    const blank = await ask(reference, { orderNumber: order.orderNumber, note: "   " });
    expect(blank.statusCode).toBe(400);

    expect(
      (await ask(reference, { orderNumber: order.orderNumber, note: "Refund it" })).statusCode,
    ).toBe(200);
    const requestId = (await openRequests()).find(
      (request) => request.ticketReference === reference,
    )!.id;
    // The stranger's order cannot be refunded "for" this ticket's request.
    const wrong = await manager.refund(stranger.orderNumber, {
      requestId,
      paidBackBy: "cash",
      lines: [
        {
          productId: (
            await rowsOf<{ product_id: string }>(
              await ctx.database.db.execute(
                sql`select l.product_id from order_lines l join orders o on o.id = l.order_id where o.order_number = ${stranger.orderNumber}`,
              ),
            )
          )[0]!.product_id,
          quantity: 1,
        },
      ],
    });
    expect(wrong.statusCode).toBe(409);
    expect((await openRequests()).some((request) => request.id === requestId)).toBe(true);
  });

  it("refuses to ask for a refund of an order refunded in full, which Sales could never answer", async () => {
    const { order, product, other, reference } = await customerWithTicket();
    const all = await manager.refund(order.orderNumber, {
      paidBackBy: "cash",
      lines: [
        { productId: product, quantity: 2 },
        { productId: other, quantity: 1 },
      ],
      ...(order.deliveryFeePaise > 0 ? { deliveryFee: true } : {}),
    });
    expect(all.statusCode, all.body).toBe(200);
    const asked = await ask(reference, { orderNumber: order.orderNumber, note: "Refund it" });
    expect(asked.statusCode).toBe(409);
    expect(asked.json().message).toBe(REFUND_REQUEST_MESSAGES.nothingLeft);
  });

  it("lets Sales decline a request saying why; the ticket shows it, and nothing can answer it after", async () => {
    const { order, product, reference } = await customerWithTicket();
    expect(
      (await ask(reference, { orderNumber: order.orderNumber, note: "Refund all" })).statusCode,
    ).toBe(200);
    const requestId = (await openRequests()).find(
      (request) => request.ticketReference === reference,
    )!.id;
    const decline = (id: number | string, note: string) =>
      manager.request({
        method: "POST",
        url: `${SALES_API}/refund-requests/${id}/decline`,
        payload: { note },
      });
    expect((await decline(requestId, "  ")).statusCode).toBe(400);
    const declined = await decline(
      requestId,
      "Delivered fresh: the photo shows another shop's bag.",
    );
    expect(declined.statusCode, declined.body).toBe(200);
    expect(
      (declined.json() as RefundRequestList).requests.some((request) => request.id === requestId),
    ).toBe(false);
    const ticket = (
      await desk({ method: "GET", url: `${TICKETS}/${reference}` })
    ).json() as StaffTicket;
    expect(ticket.refundRequests).toEqual([
      expect.objectContaining({
        state: "declined",
        declineNote: "Delivered fresh: the photo shows another shop's bag.",
        doneBy: expect.any(String),
      }),
    ]);
    expect((await decline(requestId, "Again")).statusCode).toBe(409);
    expect((await decline(2_000_000_000, "No such")).statusCode).toBe(404);
    expect((await decline("abc", "No such")).statusCode).toBe(400);
    const refunded = await manager.refund(order.orderNumber, {
      requestId,
      paidBackBy: "cash",
      lines: [{ productId: product, quantity: 1 }],
    });
    expect(refunded.statusCode).toBe(409);
    const deskDeclines = await desk({
      method: "POST",
      url: `${SALES_API}/refund-requests/${requestId}/decline`,
      payload: { note: "From the desk" },
    });
    expect(deskDeclines.statusCode).toBe(403);
  });

  it("keeps each side to its own dashboard", async () => {
    const { order, reference } = await customerWithTicket();
    const salesAsks = await manager.request({
      method: "POST",
      url: `${TICKETS}/${reference}/refund-requests`,
      payload: { orderNumber: order.orderNumber, note: "Refund" },
    });
    expect(salesAsks.statusCode).toBe(403);
    const salesReads = await manager.request({
      method: "GET",
      url: `${TICKETS}/${reference}/customer`,
    });
    expect(salesReads.statusCode).toBe(403);
    expect((await desk({ method: "GET", url: `${SALES_API}/refund-requests` })).statusCode).toBe(
      403,
    );
    const deskRefunds = await desk({
      method: "POST",
      url: `${SALES_API}/orders/${order.orderNumber}/refunds`,
      payload: {
        key: randomUUID(),
        reason: "quality",
        paidBackBy: "cash",
        lines: [],
        deliveryFee: true,
      },
    });
    expect(deskRefunds.statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      method: "GET",
      url: `${TICKETS}/${reference}/customer`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
