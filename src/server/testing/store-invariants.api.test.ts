import { sql, TransactionRollbackError } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { PlaceOrderInput } from "../../shared/contracts/checkout.ts";
import type { OrderView } from "../../shared/contracts/orders.ts";
import type { CheckoutSession } from "../../shared/contracts/payments.ts";
import { rowsOf } from "../db/client.ts";
import { goodCard, quoteAsRelations, requesterCalls } from "./bulk-orders.ts";
import { cookieOf } from "./customers.ts";
import { shopOrderRequest, testProduct } from "./inventory.ts";
import { payInCheckout, reportPayment, testProviderDriver } from "./payments.ts";
import { salesManager } from "./sales.ts";
import {
  checkStoreInvariants,
  describeReport,
  type InvariantId,
  type InvariantReport,
  type LoadRecord,
  takeBaseline,
} from "./store-invariants.ts";
import { testDatabaseKinds, useTestApp } from "./test-app.ts";

type Items = PlaceOrderInput["items"];
type Method = PlaceOrderInput["payment"]["method"];
type Placed = OrderView & {
  checkout?: CheckoutSession;
  key: string;
  items: Items;
  /** The placing browser's access cookie: only it may report the order's payment. */
  cookie: string;
};
type Db = Parameters<typeof checkStoreInvariants>[0]["db"];

describe.each(testDatabaseKinds)("the store's invariants on %s", (kind) => {
  const driver = testProviderDriver();
  const ctx = useTestApp(kind, {}, { gateway: () => driver.gateway() });
  const products = [1, 2, 3].map((n) => `invariants-${process.pid}-${n}`);
  const record: LoadRecord = {
    baseline: undefined as never,
    acknowledged: [],
    captured: [],
    staffCancelled: [],
  };
  const orders: Record<
    "cash" | "cash2" | "paid" | "awaiting" | "cancelledPaid" | "refundedCash",
    Placed
  > = {} as never;

  async function place(items: Items, method: Method = "cash"): Promise<Placed> {
    const request = shopOrderRequest(items, { method });
    const key = request.headers["idempotency-key"];
    const response = await ctx.app.inject(request);
    expect(response.statusCode, response.body).toBe(201);
    const cookie = cookieOf(response.headers["set-cookie"], "fhh_browser") ?? "";
    const placed = { ...response.json(), key, items, cookie } as Placed;
    record.acknowledged.push({
      orderNumber: placed.orderNumber,
      key,
      items,
      totalPaise: placed.totalPaise,
    });
    return placed;
  }

  /** Pays in the test provider's checkout and reports it, as the browser does. */
  async function pay(order: Placed) {
    const proof = await payInCheckout(ctx.app, order.checkout!);
    const url = `/api/orders/${order.orderNumber}/payment`;
    const reported = await reportPayment(ctx.app, url, proof, order.cookie);
    expect(reported.statusCode, reported.body).toBe(200);
    record.captured.push({
      orderNumber: order.orderNumber,
      providerOrderId: order.checkout!.providerOrderId,
      paymentId: proof.paymentId,
      accepted: true,
    });
  }

  beforeAll(async () => {
    for (const id of products) await testProduct(ctx, id, 50);
    record.baseline = await takeBaseline(ctx.database);
    const [a, b, c] = products as [string, string, string];
    orders.cash = await place([
      { productId: a, quantity: 2 },
      { productId: b, quantity: 1 },
    ]);
    orders.cash2 = await place([{ productId: c, quantity: 3 }]);
    orders.paid = await place([{ productId: b, quantity: 4 }], "card");
    await pay(orders.paid);
    // Left unpaid: it holds its stock and has no confirmation yet.
    orders.awaiting = await place([{ productId: a, quantity: 1 }], "upi");
    orders.cancelledPaid = await place(
      [
        { productId: a, quantity: 1 },
        { productId: c, quantity: 2 },
      ],
      "card",
    );
    await pay(orders.cancelledPaid);
    const cancelled = await (await salesManager(ctx.app)).cancel(orders.cancelledPaid.orderNumber);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    record.staffCancelled!.push(orders.cancelledPaid.orderNumber);
    // Delivered, then one unit refunded in cash and written off; the paid order, one unit back.
    const manager = await salesManager(ctx.app);
    orders.refundedCash = await place([{ productId: c, quantity: 2 }]);
    await manager.bringTo(orders.refundedCash.orderNumber, "delivered");
    const cashBack = await manager.refund(orders.refundedCash.orderNumber, {
      goods: "write_off",
      paidBackBy: "cash",
      lines: [{ productId: c, quantity: 1 }],
    });
    expect(cashBack.statusCode, cashBack.body).toBe(200);
    await manager.bringTo(orders.paid.orderNumber, "delivered");
    const cardBack = await manager.refund(orders.paid.orderNumber, {
      lines: [{ productId: b, quantity: 1 }],
    });
    expect(cardBack.statusCode, cardBack.body).toBe(200);
    // An event order quoted from two catalogue lines, 10% off, with a delivery charge.
    const { ticketId } = await requesterCalls(ctx).submitted();
    bulkTicket = ticketId;
    const quoted = await quoteAsRelations(ctx, ticketId, 5_000_00, {
      lines: [
        { productId: a, quantity: 3 },
        { productId: b, quantity: 2, listPricePaise: 12_345 },
      ],
      discountPercent: 10,
      deliveryChargePaise: 750_00,
    });
    expect(quoted.statusCode, quoted.body).toBe(200);
    // An event order paid by card, then made smaller: what was paid beyond its advance went back.
    const planner = requesterCalls(ctx);
    const changed = await planner.submitted();
    changedTicket = changed.ticketId;
    await quoteAsRelations(ctx, changedTicket, 10_000_00);
    const advance = await planner.pay(changedTicket, changed.browser, goodCard(), "invariants-1");
    expect(advance.statusCode, advance.body).toBe(200);
    const smaller = await planner.change(
      changedTicket,
      { cookie: changed.browser },
      { version: advance.json().version, lines: [{ productId: "pumpkin", quantity: 60_000 }] },
    );
    expect(smaller.statusCode, smaller.body).toBe(200);
  });

  /** The checker's report on the store as `change` leaves it; the change is rolled back after. */
  async function reportAfter(
    change: (db: Db) => Promise<unknown>,
    changedRecord: LoadRecord = record,
  ): Promise<InvariantReport> {
    let report: InvariantReport | undefined;
    try {
      await ctx.database.db.transaction(async (tx) => {
        await change(tx);
        report = await checkStoreInvariants({ db: tx }, changedRecord);
        tx.rollback();
      });
    } catch (error) {
      if (!(error instanceof TransactionRollbackError)) throw error;
    }
    return report!;
  }

  let bulkTicket = "";
  let changedTicket = "";

  const idOf = async (db: Db, orderNumber: string) =>
    rowsOf<{ id: number }>(
      await db.execute(sql`select id from orders where order_number = ${orderNumber}`),
    )[0]!.id;

  it("passes on a store whose orders, stock, payments, refunds and emails all agree", async () => {
    const report = await checkStoreInvariants(ctx.database, record);
    expect(report.pass, describeReport(report)).toBe(true);
    expect(report.facts).toMatchObject({
      orders: 6,
      awaitingPayment: 1,
      cancelled: 1,
      paidOnline: 2,
      refunds: 2,
      refundsStillOwed: 0,
      refundsAfterDelivery: 2,
    });
    // The cancel's units are back; the awaiting order still holds its unit.
    const stock = rowsOf<{ id: string; stock: number }>(
      await ctx.database.db.execute(
        sql`select id, stock from products where id like ${`invariants-${process.pid}-%`} order by id`,
      ),
    );
    // The card order's unit came back to the shelf; the cash order's was written off.
    expect(stock.map((row) => Number(row.stock))).toEqual([50 - 2 - 1, 50 - 1 - 4 + 1, 50 - 3 - 2]);
  });

  type Breakage = {
    what: string;
    /** A hand-made change to the database (rolled back after). */
    change?: (db: Db) => Promise<unknown>;
    /** Or a load record that disagrees with the database. */
    changedRecord?: () => LoadRecord;
    fails: InvariantId;
    /** The order (by its key in `orders`) or product (by index) the failure must name. */
    names: () => string;
  };

  const breakages: Breakage[] = [
    {
      what: "an acknowledged order deleted by hand",
      change: (db) =>
        db.execute(sql`delete from orders where order_number = ${orders.cash.orderNumber}`),
      fails: "acknowledged-orders-present",
      names: () => orders.cash.orderNumber,
    },
    {
      what: "an acknowledged order deleted by hand (its emails now name no order)",
      change: (db) =>
        db.execute(sql`delete from orders where order_number = ${orders.cash.orderNumber}`),
      fails: "order-emails-in-outbox",
      names: () => orders.cash.orderNumber,
    },
    {
      what: "an acknowledged order deleted by hand (its units are sold to nobody)",
      change: (db) =>
        db.execute(sql`delete from orders where order_number = ${orders.cash.orderNumber}`),
      fails: "stock-conserved",
      names: () => products[0]!,
    },
    {
      what: "an order's line removed",
      change: async (db) =>
        db.execute(sql`delete from order_lines where order_id = ${await idOf(db, orders.cash.orderNumber)}
          and product_id = ${products[1]!}`),
      fails: "acknowledged-orders-present",
      names: () => orders.cash.orderNumber,
    },
    {
      what: "an order nobody was told about",
      changedRecord: () => ({
        ...record,
        acknowledged: record.acknowledged.filter(
          (ack) => ack.orderNumber !== orders.cash2.orderNumber,
        ),
      }),
      fails: "no-unacknowledged-orders",
      names: () => orders.cash2.orderNumber,
    },
    {
      what: "a stock figure changed by hand",
      change: (db) =>
        db.execute(sql`update products set stock = stock + 1 where id = ${products[2]!}`),
      fails: "stock-conserved",
      names: () => products[2]!,
    },
    {
      what: "units gone from a lot with no ledger row",
      change: (db) =>
        db.execute(sql`update stock_lots set remaining = remaining - 1 where id =
          (select id from stock_lots where product_id = ${products[1]!} and remaining > 0
            order by id limit 1)`),
      fails: "lots-hold-stock",
      names: () => products[1]!,
    },
    {
      what: "a sale that took from no lot",
      change: async (db) =>
        db.execute(sql`delete from stock_lot_moves
          where order_id = ${await idOf(db, orders.cash.orderNumber)} and kind = 'sale'`),
      fails: "lots-hold-stock",
      names: () => products[0]!,
    },
    {
      // The ledger is append-only (a trigger refuses deletes), so the hand-made fault is a row too many.
      what: "a sale written twice in the ledger",
      change: async (db) =>
        db.execute(sql`insert into stock_movements (product_id, kind, quantity, stock_after, order_id)
          select product_id, kind, quantity, stock_after, order_id from stock_movements
          where order_id = ${await idOf(db, orders.cash2.orderNumber)} and kind = 'sale'`),
      fails: "ledger-accounts-for-stock",
      names: () => orders.cash2.orderNumber,
    },
    {
      what: "two orders with one number",
      change: async (db) => {
        await db.execute(sql`alter table orders drop constraint orders_order_number_unique`);
        await db.execute(sql`update orders set order_number = ${orders.cash.orderNumber}
          where order_number = ${orders.cash2.orderNumber}`);
      },
      fails: "order-numbers-unique",
      names: () => orders.cash.orderNumber,
    },
    {
      what: "one number acknowledged for two keys",
      changedRecord: () => ({
        ...record,
        acknowledged: [
          ...record.acknowledged,
          { orderNumber: orders.cash.orderNumber, key: "another-key" },
        ],
      }),
      fails: "order-numbers-unique",
      names: () => orders.cash.orderNumber,
    },
    {
      what: "a paid order whose payment the provider never captured",
      change: async (db) =>
        db.execute(sql`update payments set transaction_id = 'pay_test_forged'
          where order_id = ${await idOf(db, orders.paid.orderNumber)} and status = 'paid'`),
      fails: "paid-orders-verified",
      names: () => orders.paid.orderNumber,
    },
    {
      what: "an order marked paid by hand",
      change: (db) =>
        db.execute(sql`update orders set status = 'placed', payment_status = 'paid'
          where order_number = ${orders.awaiting.orderNumber}`),
      fails: "paid-orders-verified",
      names: () => orders.awaiting.orderNumber,
    },
    {
      what: "a payment the store accepted that left its order unpaid",
      change: (db) =>
        db.execute(sql`update orders set payment_status = 'pending'
          where order_number = ${orders.paid.orderNumber}`),
      fails: "paid-orders-verified",
      names: () => orders.paid.orderNumber,
    },
    {
      what: "a refund paid twice",
      change: async (db) => {
        const id = await idOf(db, orders.cancelledPaid.orderNumber);
        await db.execute(sql`insert into refunds (order_id, reference, transaction_id, gateway,
            amount_paise, reason, state)
          select order_id, 'order-' || order_id || '-again-cancel', transaction_id, gateway,
            amount_paise, reason, 'done'
          from refunds where order_id = ${id}`);
      },
      fails: "no-double-refunds",
      names: () => orders.cancelledPaid.orderNumber,
    },
    {
      what: "a staff cancel of a paid order that refunded nothing",
      change: async (db) =>
        db.execute(sql`delete from refunds
          where order_id = ${await idOf(db, orders.cancelledPaid.orderNumber)}`),
      fails: "staff-cancels-complete",
      names: () => orders.cancelledPaid.orderNumber,
    },
    {
      what: "a staff cancel that did not stick",
      change: (db) =>
        db.execute(sql`update orders set status = 'placed'
          where order_number = ${orders.cancelledPaid.orderNumber}`),
      fails: "staff-cancels-complete",
      names: () => orders.cancelledPaid.orderNumber,
    },
    {
      what: "an order's confirmation email removed from the outbox",
      change: (db) =>
        db.execute(sql`delete from mail_outbox
          where subject like ${`%${orders.paid.orderNumber}%`}`),
      fails: "order-emails-in-outbox",
      names: () => orders.paid.orderNumber,
    },
    {
      what: "a staff cancel whose cancellation email is missing",
      change: (db) =>
        db.execute(sql`delete from mail_outbox
          where subject like ${`%${orders.cancelledPaid.orderNumber}%cancelled%`}`),
      fails: "order-emails-in-outbox",
      names: () => orders.cancelledPaid.orderNumber,
    },
    {
      what: "a refund after delivery whose credit note is gone",
      change: async (db) => {
        // Credit notes are append-only: the fault needs the trigger off (rolled back after).
        await db.execute(sql`alter table credit_notes disable trigger credit_notes_append_only`);
        await db.execute(sql`delete from credit_notes
          where order_id = ${await idOf(db, orders.refundedCash.orderNumber)}`);
      },
      fails: "delivered-refunds-complete",
      names: () => orders.refundedCash.orderNumber,
    },
    {
      what: "a refund after delivery giving back more units than were sold",
      change: async (db) => {
        await db.execute(
          sql`alter table delivered_refunds disable trigger delivered_refunds_append_only`,
        );
        await db.execute(sql`update delivered_refunds
          set lines = jsonb_set(lines, '{0,quantity}', '3')
          where order_id = ${await idOf(db, orders.refundedCash.orderNumber)}`);
      },
      fails: "delivered-refunds-complete",
      names: () => orders.refundedCash.orderNumber,
    },
    {
      what: "a card refund after delivery that owes nothing back through the provider",
      change: async (db) =>
        db.execute(sql`delete from refunds
          where order_id = ${await idOf(db, orders.paid.orderNumber)}`),
      fails: "delivered-refunds-complete",
      names: () => orders.paid.orderNumber,
    },
    {
      what: "a returned unit written twice in the ledger",
      change: async (db) =>
        db.execute(sql`insert into stock_movements (product_id, kind, quantity, stock_after, order_id)
          select product_id, kind, quantity, stock_after, order_id from stock_movements
          where order_id = ${await idOf(db, orders.paid.orderNumber)} and kind = 'refund'`),
      fails: "delivered-refunds-complete",
      names: () => orders.paid.orderNumber,
    },
  ];

  breakages.push(
    {
      what: "an event order's quote that is not its lines",
      change: (db) =>
        db.execute(sql`update bulk_orders set quote_paise = quote_paise + 100
          where ticket_id = ${bulkTicket}`),
      fails: "bulk-quotes-match-lines",
      names: () => bulkTicket,
    },
    {
      what: "an event order's quote whose line is gone from the outlook",
      change: (db) =>
        db.execute(sql`delete from bulk_order_lines where position = 1 and bulk_order_id =
          (select id from bulk_orders where ticket_id = ${bulkTicket})`),
      fails: "bulk-quotes-match-lines",
      names: () => bulkTicket,
    },
  );

  breakages.push(
    {
      what: "an event order made smaller that gave nothing back",
      change: (db) =>
        db.execute(sql`delete from refunds where bulk_order_id =
          (select id from bulk_orders where ticket_id = ${changedTicket})`),
      fails: "bulk-payments-agree",
      names: () => changedTicket,
    },
    {
      what: "an event order's refund beyond the charge it goes back to",
      change: (db) =>
        db.execute(sql`update refunds set amount_paise = 600000 where bulk_order_id =
          (select id from bulk_orders where ticket_id = ${changedTicket})`),
      fails: "bulk-payments-agree",
      names: () => changedTicket,
    },
  );

  const failedIds = new Set<InvariantId>();

  it.each(breakages)("fails on $what, naming it", async (breakage) => {
    const report = await reportAfter(
      breakage.change ?? (async () => {}),
      breakage.changedRecord?.() ?? record,
    );
    const invariant = report.invariants.find((candidate) => candidate.id === breakage.fails)!;
    expect(report.pass).toBe(false);
    expect(invariant.pass, describeReport(report)).toBe(false);
    expect(invariant.offences.map((offence) => offence.subject)).toContain(breakage.names());
    failedIds.add(breakage.fails);
  });

  it("has a breakage for every invariant, and the database is as it was after them", async () => {
    const report = await checkStoreInvariants(ctx.database, record);
    expect(report.pass, describeReport(report)).toBe(true);
    expect([...failedIds].sort()).toEqual(report.invariants.map((inv) => inv.id).sort());
  });
});
