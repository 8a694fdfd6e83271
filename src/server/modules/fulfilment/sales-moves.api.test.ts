import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { SALES_API, type SalesOrder } from "../../../shared/contracts/sales.ts";
import { CANCELLABLE, FORWARD_MOVES, MOVE_FROM } from "../../../shared/rules/order-fulfilment.ts";
import {
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type OrderStatus,
} from "../../../shared/rules/order-status.ts";
import { STAFF_TEAM } from "../../../shared/rules/staff.ts";
import { rowsOf } from "../../db/client.ts";
import { productRow, testProduct } from "../../testing/inventory.ts";
import {
  APPROVED_CARD,
  ledgerOf,
  mailsTo,
  placeTestOrder,
  salesManager,
} from "../../testing/sales.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";
import { payRefunds } from "../payments/refunds.ts";
import { createTestGateway } from "../payments/test-gateway.ts";

// Design decision 4's table, written out here as the oracle the store's own table is checked by.
const ALLOWED: Record<OrderStatus, readonly OrderStatus[]> = {
  // An order awaiting its online payment is the store's to settle, not a manager's (see
  // hosted-checkout.api.test.ts).
  awaiting_payment: [],
  placed: ["confirmed", "cancelled"],
  confirmed: ["packed", "cancelled"],
  packed: ["out_for_delivery", "cancelled"],
  out_for_delivery: ["delivered", "cancelled"],
  delivered: [],
  cancelled: [],
};

describe.each(testDatabaseKinds)("moving orders on %s", (kind) => {
  const gateway = createTestGateway();
  const ctx = useTestApp(kind, {}, { gateway });
  let ids = 0;
  const freshProduct = async (stock: number) => {
    const id = `sales-${process.pid}-${++ids}`;
    await testProduct(ctx, id, stock);
    return id;
  };
  let manager: Awaited<ReturnType<typeof salesManager>>;

  beforeAll(async () => {
    manager = await salesManager(ctx.app);
  });

  it("allows exactly the moves of the transition table, and refuses the rest with 409", async () => {
    const product = await freshProduct(500);
    for (const from of ORDER_STATUSES.filter((status) => status !== "awaiting_payment")) {
      for (const to of [...FORWARD_MOVES, "cancelled" as const]) {
        const order = await placeTestOrder(ctx.app, [{ productId: product, quantity: 1 }]);
        await manager.bringTo(order.orderNumber, from);
        const response =
          to === "cancelled"
            ? await manager.cancel(order.orderNumber)
            : await manager.move(order.orderNumber, to);
        const allowed = ALLOWED[from].includes(to);
        expect(allowed).toBe(
          to === "cancelled" ? CANCELLABLE.includes(from) : MOVE_FROM[to] === from,
        );
        expect(response.statusCode, `${from} -> ${to}: ${response.body}`).toBe(allowed ? 200 : 409);
        if (allowed) expect((response.json() as SalesOrder).status).toBe(to);
        else expect(response.json().message).toMatch(/already moved/);
      }
    }
  });

  it("lets one of two managers pressing at once win; the other gets 409", async () => {
    const product = await freshProduct(50);
    for (let round = 0; round < 5; round++) {
      const order = await placeTestOrder(ctx.app, [{ productId: product, quantity: 1 }]);
      await manager.bringTo(
        order.orderNumber,
        (["placed", "confirmed", "packed"] as const)[round % 3]!,
      );
      const to = (["confirmed", "packed", "out_for_delivery"] as const)[round % 3]!;
      const answers = await Promise.all([
        manager.move(order.orderNumber, to),
        manager.move(order.orderNumber, to),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      // The one who lost is told who got there first, and when (India time).
      const lost = answers.find((answer) => answer.statusCode === 409)!.json().message as string;
      expect(lost).toMatch(
        new RegExp(
          `^This order has already moved: it is now ${ORDER_STATUS_LABELS[to].toLowerCase()}, since \\d{1,2} [A-Z][a-z]{2} \\d{4}, \\d{1,2}:\\d{2} (am|pm) \\(${STAFF_TEAM.sales.name}\\)\\.`,
        ),
      );
      const events = rowsOf<{ status: string }>(
        await ctx.database.db.execute(sql`
          select e.status from order_events e join orders o on o.id = e.order_id
          where o.order_number = ${order.orderNumber} and e.status = ${to}`),
      );
      expect(events).toHaveLength(1);
    }
  });

  it("records who moved the order and when, in its timeline and the audit log", async () => {
    const product = await freshProduct(10);
    const order = await placeTestOrder(ctx.app, [{ productId: product, quantity: 2 }]);
    await manager.bringTo(order.orderNumber, "delivered");
    const detail = (
      await manager.request({ method: "GET", url: `${SALES_API}/orders/${order.orderNumber}` })
    ).json() as SalesOrder;
    expect(detail.timeline.map((entry) => entry.status)).toEqual([
      "placed",
      "confirmed",
      "packed",
      "out_for_delivery",
      "delivered",
    ]);
    expect(detail.timeline.slice(1).every((entry) => entry.staffName)).toBe(true);
    // Cash on delivery is paid when it is delivered.
    expect(detail.payment.status).toBe("paid");
    expect(detail.invoiceNumber).toMatch(/^FHH\/\d{2}-\d{2}\/\d{6}$/);
    const audit = rowsOf<{ action: string; role: string }>(
      await ctx.database.db.execute(
        sql`select action, role from audit_log where target_id = ${order.orderNumber} order by id`,
      ),
    );
    expect(audit.map((entry) => entry.action)).toEqual([
      "order.confirmed",
      "order.packed",
      "order.out_for_delivery",
      "order.delivered",
    ]);
    expect(new Set(audit.map((entry) => entry.role))).toEqual(new Set(["sales"]));
  });

  it("emails the shopper at confirmed, out for delivery (with the invoice) and delivered", async () => {
    const product = await freshProduct(10);
    const order = await placeTestOrder(ctx.app, [{ productId: product, quantity: 1 }]);
    await manager.bringTo(order.orderNumber, "delivered");
    const mails = await mailsTo(ctx, order.email);
    // The confirmation of placing, then one per customer-facing move (packing sends none).
    expect(mails).toHaveLength(4);
    expect(mails[1]!.subject).toMatch(/confirmed/i);
    expect(mails[2]!.subject).toMatch(/on its way|out for delivery/i);
    const invoice = mails[2]!.attachments.find((file) => file.filename.startsWith("invoice-"));
    expect(invoice?.content).toContain("Invoice no.");
    expect(mails[3]!.subject).toMatch(/delivered/i);
  });

  it("shows the shopper the current state and when it got there", async () => {
    const product = await freshProduct(10);
    const order = await placeTestOrder(ctx.app, [{ productId: product, quantity: 1 }]);
    await manager.bringTo(order.orderNumber, "out_for_delivery");
    const view = await ctx.app.inject({
      method: "GET",
      url: `/api/orders/${order.orderNumber}`,
      headers: { cookie: order.cookie },
    });
    expect(view.json()).toMatchObject({ status: "out_for_delivery" });
    expect(Date.parse(view.json().statusAt)).toBeGreaterThan(Date.parse(order.placedAt));
    expect(view.json().invoiceNumber).toMatch(/^FHH\//);
  });

  it("cancels with the stock back through the ledger and refunds a card payment once, however often it is retried", async () => {
    const product = await freshProduct(20);
    const order = await placeTestOrder(
      ctx.app,
      [{ productId: product, quantity: 3 }],
      APPROVED_CARD,
    );
    expect((await productRow(ctx, product)).stock).toBe(17);
    const before = gateway.refunds.length;
    const answers = await Promise.all([
      manager.cancel(order.orderNumber, "out_of_stock"),
      manager.cancel(order.orderNumber, "out_of_stock"),
      manager.cancel(order.orderNumber, "customer_request"),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    const again = await manager.cancel(order.orderNumber, "out_of_stock");
    expect(again.statusCode).toBe(409);
    const refunds = gateway.refunds.slice(before);
    expect(refunds).toEqual([expect.objectContaining({ amountPaise: order.totalPaise })]);
    expect((await productRow(ctx, product)).stock).toBe(20);
    const ledger = await ledgerOf(ctx, order.orderNumber);
    expect(ledger.map((row) => [row.kind, row.quantity])).toEqual([
      ["sale", -3],
      ["cancellation", 3],
    ]);
    const detail = answers.find((answer) => answer.statusCode === 200)!.json() as SalesOrder;
    expect(detail.payment.status).toBe("refunded");
    expect(detail.refunds).toEqual([
      expect.objectContaining({ amountPaise: order.totalPaise, state: "done" }),
    ]);
    const mails = await mailsTo(ctx, order.email);
    expect(mails.at(-1)!.subject).toMatch(/cancelled/i);
  });

  it("keeps a refund the provider refused and pays it once on a later pass", async () => {
    const product = await freshProduct(20);
    const order = await placeTestOrder(
      ctx.app,
      [{ productId: product, quantity: 1 }],
      APPROVED_CARD,
    );
    const refund = gateway.refund;
    let refusals = 0;
    gateway.refund = async () => {
      refusals++;
      throw new Error("provider unavailable");
    };
    try {
      const cancelled = await manager.cancel(order.orderNumber);
      expect(cancelled.statusCode).toBe(200);
      const owed = cancelled.json() as SalesOrder;
      // Refused: the board says it is being asked for again, not that it is merely pending.
      expect(owed.refunds[0]!.state).toBe("retrying");
      // Owed is not refunded: the order says so only once the money is back.
      expect(owed.payment.status).toBe("paid");
    } finally {
      gateway.refund = refund;
    }
    expect(refusals).toBe(1);
    const before = gateway.refunds.length;
    // Two instances' passes at once: the provider is asked once, not once each.
    let asked = 0;
    const counting = {
      ...gateway,
      refund: (...args: Parameters<typeof gateway.refund>) => {
        asked++;
        return gateway.refund(...args);
      },
    };
    await Promise.all([
      payRefunds(ctx.database.db, counting, ctx.app.log),
      payRefunds(ctx.database.db, counting, ctx.app.log),
    ]);
    await payRefunds(ctx.database.db, counting, ctx.app.log);
    expect(asked).toBe(1);
    expect(
      gateway.refunds.slice(before).filter((paid) => paid.amountPaise === order.totalPaise),
    ).toHaveLength(1);
    const refunded = (
      await manager.request({ method: "GET", url: `${SALES_API}/orders/${order.orderNumber}` })
    ).json() as SalesOrder;
    expect(refunded.payment.status).toBe("refunded");
    expect(refunded.timeline.filter((entry) => entry.kind === "refund")).toHaveLength(1);
  });

  it("short-picks at packing: totals and GST recomputed, the difference refunded, the ledger and the shopper told", async () => {
    const mangoes = await freshProduct(30);
    const beans = await freshProduct(30);
    const order = await placeTestOrder(
      ctx.app,
      [
        { productId: mangoes, quantity: 5 },
        { productId: beans, quantity: 2 },
      ],
      APPROVED_CARD,
    );
    await manager.bringTo(order.orderNumber, "confirmed");
    const before = gateway.refunds.length;
    const packed = await manager.move(order.orderNumber, "packed", [
      { productId: mangoes, quantity: 3, reason: "spoiled" },
    ]);
    expect(packed.statusCode, packed.body).toBe(200);
    const detail = packed.json() as SalesOrder;
    const mangoLine = detail.lines.find((line) => line.productId === mangoes)!;
    expect(mangoLine).toMatchObject({ quantity: 3, orderedQuantity: 5, taxablePaise: 3 * 4000 });
    expect(detail.subtotalPaise).toBe(5 * 4000);
    // Under Rs 500 now, but the shop's shortfall adds no delivery fee the shopper did not have.
    expect(detail.deliveryFeePaise).toBe(order.deliveryFeePaise);
    expect(detail.totalPaise).toBe(order.totalPaise - 2 * 4000);
    expect(gateway.refunds.slice(before)).toEqual([
      expect.objectContaining({ amountPaise: 2 * 4000 }),
    ]);
    expect((await productRow(ctx, mangoes)).stock).toBe(25);
    const ledger = await ledgerOf(ctx, order.orderNumber);
    expect(
      ledger.filter((row) => row.product_id === mangoes).map((row) => [row.kind, row.quantity]),
    ).toEqual([
      ["sale", -5],
      ["cancellation", 2],
      ["write_off", -2],
    ]);
    const mails = await mailsTo(ctx, order.email);
    expect(mails.at(-1)!.text_body).toContain("3");
    // Cancelling later refunds what is left, not the first total.
    const cancelled = await manager.cancel(order.orderNumber, "address_unreachable");
    expect(cancelled.statusCode).toBe(200);
    expect(gateway.refunds.slice(before).map((paid) => paid.amountPaise)).toEqual([
      2 * 4000,
      order.totalPaise - 2 * 4000,
    ]);
  });

  it("reduces a cash order's amount on a short-pick and refuses picks that do not fit the order", async () => {
    const product = await freshProduct(30);
    const order = await placeTestOrder(ctx.app, [{ productId: product, quantity: 4 }]);
    await manager.bringTo(order.orderNumber, "confirmed");
    const tooMany = await manager.move(order.orderNumber, "packed", [
      { productId: product, quantity: 5, reason: "spoiled" },
    ]);
    expect(tooMany.statusCode).toBe(400);
    const unknown = await manager.move(order.orderNumber, "packed", [
      { productId: "kiwi", quantity: 1, reason: "spoiled" },
    ]);
    expect(unknown.statusCode).toBe(400);
    const nothing = await manager.move(order.orderNumber, "packed", [
      { productId: product, quantity: 0, reason: "spoiled" },
    ]);
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toMatch(/Cancel the order instead/);
    const notPacking = await manager.move(order.orderNumber, "confirmed", [
      { productId: product, quantity: 1, reason: "spoiled" },
    ]);
    expect(notPacking.statusCode).toBe(409);
    const packed = await manager.move(order.orderNumber, "packed", [
      { productId: product, quantity: 1, reason: "spoiled" },
    ]);
    expect(packed.statusCode).toBe(200);
    expect((packed.json() as SalesOrder).totalPaise).toBe(4000 + order.deliveryFeePaise);
    expect((packed.json() as SalesOrder).refunds).toEqual([]);
  });

  it("numbers invoices and credit notes without gaps or duplicates under 50 concurrent orders", async () => {
    const product = await freshProduct(500);
    const placed = await Promise.all(
      Array.from({ length: 50 }, () =>
        placeTestOrder(ctx.app, [{ productId: product, quantity: 1 }]),
      ),
    );
    for (const order of placed) await manager.bringTo(order.orderNumber, "packed");
    const dispatched = await Promise.all(
      placed.map((order) => manager.move(order.orderNumber, "out_for_delivery")),
    );
    expect(dispatched.every((answer) => answer.statusCode === 200)).toBe(true);
    const cancelled = await Promise.all(
      placed.slice(0, 20).map((order) => manager.cancel(order.orderNumber, "address_unreachable")),
    );
    expect(cancelled.every((answer) => answer.statusCode === 200)).toBe(true);
    const invoices = rowsOf<{ invoice_number: string }>(
      await ctx.database.db.execute(
        sql`select invoice_number from orders where invoice_number is not null`,
      ),
    ).map((row) => row.invoice_number);
    const notes = rowsOf<{ number: string; invoice_number: string }>(
      await ctx.database.db.execute(sql`select number, invoice_number from credit_notes`),
    );
    const consecutive = (numbers: string[]) => {
      const serials = numbers.map((number) => Number(number.split("/")[2])).sort((a, b) => a - b);
      expect(new Set(serials).size).toBe(serials.length);
      expect(serials[0]).toBe(1);
      expect(serials.at(-1)).toBe(serials.length);
    };
    consecutive(invoices);
    consecutive(notes.map((note) => note.number));
    expect(notes.length).toBeGreaterThanOrEqual(20);
    for (const note of notes) expect(invoices).toContain(note.invoice_number);
  });

  it("issues a credit note for a cancel after dispatch, which the shopper can download", async () => {
    const product = await freshProduct(20);
    const order = await placeTestOrder(
      ctx.app,
      [{ productId: product, quantity: 2 }],
      APPROVED_CARD,
    );
    await manager.bringTo(order.orderNumber, "out_for_delivery");
    const cancelled = (
      await manager.cancel(order.orderNumber, "address_unreachable")
    ).json() as SalesOrder;
    expect(cancelled.creditNotes).toHaveLength(1);
    const note = cancelled.creditNotes[0]!;
    expect(note.totalPaise).toBe(order.totalPaise);
    const noteId = note.number.replaceAll("/", "-");
    const download = await ctx.app.inject({
      method: "GET",
      url: `/api/orders/${order.orderNumber}/credit-notes/${noteId}`,
      headers: { cookie: order.cookie },
    });
    expect(download.statusCode).toBe(200);
    expect(download.body).toContain(note.number);
    expect(download.body).toContain(cancelled.invoiceNumber!);
    // Another browser cannot read it.
    const stranger = await ctx.app.inject({
      method: "GET",
      url: `/api/orders/${order.orderNumber}/credit-notes/${noteId}`,
    });
    expect(stranger.statusCode).toBe(404);
    const mails = await mailsTo(ctx, order.email);
    expect(mails.at(-1)!.attachments.map((file) => file.filename)).toContain(
      `credit-note-${noteId}.html`,
    );
  });
});
