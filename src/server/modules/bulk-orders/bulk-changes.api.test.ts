import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BULK_PIPELINE_API } from "../../../shared/contracts/bulk-pipeline.ts";
import { fill } from "../../../shared/i18n/fill.ts";
import { CHANGE_TEXT } from "../../../shared/rules/bulk-changes.ts";
import { addDays, shopDate } from "../../../shared/rules/bulk-delivery-date.ts";
import { auditLog, bulkOrders, orders, payments, refunds } from "../../db/schema/index.ts";
import { goodCard, quoteAsRelations, requesterCalls } from "../../testing/bulk-orders.ts";
import { asStaff, setShelf } from "../../testing/inventory.ts";
import { signInStaff } from "../../testing/staff.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";
import { createTestGateway } from "../payments/test-gateway.ts";
import { placeDueEventOrders } from "./event-order-placing.ts";

let keys = 0;
const newKey = () => `change-${process.pid}-${Date.now()}-${++keys}`;
/** Pumpkin is sold by weight: `kg` kilograms, sent in grams. */
const pumpkin = (kg: number) => [{ productId: "pumpkin", quantity: kg * 1000 }];

describe.each(testDatabaseKinds)("changes to an event order after its advance on %s", (kind) => {
  const gateway = createTestGateway();
  const ctx = useTestApp(kind, {}, { gateway });
  const calls = requesterCalls(ctx);
  const desk = async () => asStaff(ctx.app, await signInStaff(ctx.app, "customer-relations"));
  const deskUrl = (ticketId: string) => `${BULK_PIPELINE_API}/${ticketId}`;

  const rowOf = async (ticketId: string) =>
    (await ctx.database.db.select().from(bulkOrders).where(eq(bulkOrders.ticketId, ticketId)))[0]!;
  const refundsOf = async (ticketId: string) =>
    ctx.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.bulkOrderId, (await rowOf(ticketId)).id))
      .orderBy(refunds.id);

  /** 100 kg of pumpkin at Rs 100 (Rs 10,000, exempt), its advance of Rs 5,000 paid by card. */
  async function advancePaid(options: { approveCod?: boolean } = {}) {
    const submitted = await calls.submitted();
    const token = new URL(submitted.body.link).searchParams.get("token")!;
    const quoted = await quoteAsRelations(ctx, submitted.ticketId, 10_000_00, options);
    expect(quoted.statusCode, quoted.body).toBe(200);
    const paid = await calls.pay(
      submitted.ticketId,
      submitted.browser,
      options.approveCod ? { method: "cash_on_delivery" } : goodCard(),
      newKey(),
    );
    expect(paid.statusCode, paid.body).toBe(200);
    return { ...submitted, token, email: submitted.body.email as string };
  }

  async function confirm(ticketId: string) {
    const as = await desk();
    const { version } = (await as({ method: "GET", url: deskUrl(ticketId) })).json();
    const confirmed = await as({
      method: "POST",
      url: `${deskUrl(ticketId)}/confirm`,
      payload: { version },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  }

  it("the planner grows the order through the emailed link and pays the difference once", async () => {
    const { ticketId, token, browser, email } = await advancePaid();
    const { version } = await rowOf(ticketId);
    // The link alone is enough, from any browser; a made-up token is not.
    const forged = await calls.change(
      ticketId,
      { token: "x".repeat(43) },
      {
        version,
        lines: pumpkin(150),
      },
    );
    expect(forged.statusCode).toBe(404);

    // Another browser without the link is told no such request exists for it.
    const stranger = await calls.submitted();
    const notYours = await calls.change(
      ticketId,
      { cookie: stranger.browser },
      { version, lines: pumpkin(150) },
    );
    expect(notYours.statusCode).toBe(404);
    // Only Customer Relations changes it from the dashboard's side.
    const sales = asStaff(ctx.app, await signInStaff(ctx.app, "sales"));
    const otherRole = await sales({
      method: "POST",
      url: `${deskUrl(ticketId)}/lines`,
      payload: { version, lines: pumpkin(150), discountPercent: 0 },
    });
    expect(otherRole.statusCode).toBe(403);
    expect((await rowOf(ticketId)).quotePaise).toBe(10_000_00);

    const grown = await calls.change(ticketId, { token }, { version, lines: pumpkin(150) });
    expect(grown.statusCode, grown.body).toBe(200);
    // Its quoted price stays, whatever the catalogue says today.
    expect(grown.json()).toMatchObject({
      status: "advance_paid",
      quotePaise: 15_000_00,
      advancePaise: 7_500_00,
      money: { paidPaise: 5_000_00, dueNowPaise: 2_500_00, balancePaise: 10_000_00 },
    });
    expect(grown.json().quote.lines[0]).toMatchObject({
      listPricePaise: 100_00,
      quantity: 150_000,
    });
    const [changedMail] = await calls.mailsTo(email);
    expect(changedMail!.subject).toBe(`Bulk order ${ticketId} changed: ₹15,000.00`);
    expect(changedMail!.textBody).toContain("please pay the difference of ₹2,500.00");

    const paid = await calls.pay(ticketId, browser, goodCard(), newKey());
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().money).toMatchObject({
      paidPaise: 7_500_00,
      dueNowPaise: 0,
      balancePaise: 7_500_00,
    });
    const [receipt] = await calls.mailsTo(email);
    expect(receipt!.subject).toBe(`Payment received for bulk order ${ticketId}`);
    const again = await calls.pay(ticketId, browser, goodCard(), newKey());
    expect(again.statusCode).toBe(409);
    const taken = await ctx.database.db
      .select()
      .from(payments)
      .where(
        and(eq(payments.bulkOrderId, (await rowOf(ticketId)).id), eq(payments.status, "paid")),
      );
    expect(taken.map((payment) => payment.amountPaise).sort()).toEqual([2_500_00, 5_000_00]);

    // Shrunk below both payments, the refund goes back to each charge, the newest first.
    const shrunk = await calls.change(
      ticketId,
      { token },
      { version: (await rowOf(ticketId)).version, lines: pumpkin(20) },
    );
    expect(shrunk.statusCode, shrunk.body).toBe(200);
    expect(shrunk.json().money).toMatchObject({ paidPaise: 1_000_00, balancePaise: 1_000_00 });
    const back = await refundsOf(ticketId);
    expect(back.map((refund) => [refund.amountPaise, refund.state])).toEqual([
      [2_500_00, "done"],
      [4_000_00, "done"],
    ]);
    expect(new Set(back.map((refund) => refund.transactionId)).size).toBe(2);
  });

  it("a smaller order before processing gives back what was paid beyond the new advance, once", async () => {
    const { ticketId, browser, email } = await advancePaid();
    const { version } = await rowOf(ticketId);
    const shrunk = await calls.change(
      ticketId,
      { cookie: browser },
      { version, lines: pumpkin(60) },
    );
    expect(shrunk.statusCode, shrunk.body).toBe(200);
    expect(shrunk.json().money).toMatchObject({
      paidPaise: 3_000_00,
      feesKeptPaise: 0,
      balancePaise: 3_000_00,
      dueNowPaise: 0,
    });
    const [mail] = await calls.mailsTo(email);
    expect(mail!.textBody).toContain("₹2,000.00 goes back to your Visa ending 1111");
    // The same change sent again is refused as stale, and owes nothing twice.
    const replay = await calls.change(
      ticketId,
      { cookie: browser },
      { version, lines: pumpkin(60) },
    );
    expect(replay.statusCode).toBe(409);
    expect((await refundsOf(ticketId)).map((refund) => refund.amountPaise)).toEqual([2_000_00]);
    expect(
      gateway.refunds.filter((refund) => refund.reference === `bulk-change:${ticketId}:${version}`),
    ).toHaveLength(1);
  });

  it("after processing begins, the terms' fee is kept on what is taken off, and once more on a cancel", async () => {
    const { ticketId, token, email } = await advancePaid();
    await confirm(ticketId);
    const shrunk = await calls.change(
      ticketId,
      { token },
      { version: (await rowOf(ticketId)).version, lines: pumpkin(60) },
    );
    expect(shrunk.statusCode, shrunk.body).toBe(200);
    // Rs 4,000 taken off: Rs 1,000 kept; Rs 4,000 paid toward Rs 6,000 of goods, advance Rs 3,000.
    expect(shrunk.json().money).toMatchObject({
      paidPaise: 4_000_00,
      feesKeptPaise: 1_000_00,
      balancePaise: 3_000_00,
    });
    expect((await refundsOf(ticketId)).map((refund) => refund.amountPaise)).toEqual([1_000_00]);

    const as = await desk();
    const cancelled = await as({
      method: "POST",
      url: `${deskUrl(ticketId)}/cancel`,
      payload: { version: (await rowOf(ticketId)).version, reason: "The event was called off" },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // In all, 25% of the Rs 10,000 ordered is kept and the rest of the advance is back.
    expect(cancelled.json()).toMatchObject({ feePaise: 2_500_00, refundPaise: 1_500_00 });
    const back = await refundsOf(ticketId);
    expect(back.reduce((sum, refund) => sum + refund.amountPaise, 0)).toBe(2_500_00);
    // The mail tells the fee kept earlier from the cancellation's own.
    const [mail] = await calls.mailsTo(email);
    expect(mail!.textBody).toContain("Kept earlier for goods taken off the order: ₹1,000.00");
    expect(mail!.textBody).toContain("as processing had begun): ₹1,500.00");
  });

  it("the desk changes lines, prices and terms, audited; the board collects the difference unpaid", async () => {
    const { ticketId, email, token, browser } = await advancePaid();
    await confirm(ticketId);
    const as = await desk();
    const { version } = await rowOf(ticketId);
    const stale = await as({
      method: "POST",
      url: `${deskUrl(ticketId)}/lines`,
      payload: { version: version - 1, lines: pumpkin(120), discountPercent: 0 },
    });
    expect(stale.statusCode).toBe(409);
    const changed = await as({
      method: "POST",
      url: `${deskUrl(ticketId)}/lines`,
      payload: {
        version,
        lines: [
          { productId: "pumpkin", quantity: 120_000, listPricePaise: 100_00 },
          { productId: "tomatoes", quantity: 10_000, listPricePaise: 40_00 },
        ],
        discountPercent: 0,
        deliveryChargePaise: 300_00,
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      quotePaise: 12_700_00,
      money: { paidPaise: 5_000_00, dueNowPaise: 1_350_00, balancePaise: 7_700_00 },
    });
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, ticketId), eq(auditLog.action, "bulk.change")));
    expect(entry!.after).toMatchObject({ quotePaise: 12_700_00, dueNowPaise: 1_350_00 });
    expect((await calls.mailsTo(email))[0]!.subject).toContain("changed: ₹12,700.00");

    // Unpaid, the difference is collected with the balance when it reaches the board.
    await ctx.database.db
      .update(bulkOrders)
      .set({ deliveryDate: shopDate(new Date()) })
      .where(eq(bulkOrders.ticketId, ticketId));
    for (const id of ["pumpkin", "tomatoes"]) {
      await setShelf(ctx, id, 500_000);
    }
    const [placed] = await placeDueEventOrders(
      ctx.database.db,
      new Date(`${shopDate(new Date())}T07:00:00+05:30`),
    );
    expect(placed, JSON.stringify(placed)).toHaveProperty("orderNumber");
    const [order] = await ctx.database.db
      .select()
      .from(orders)
      .where(eq(orders.eventTicket, ticketId));
    const [cash] = await ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, order!.id));
    expect(order!.totalPaise).toBe(12_700_00);
    expect(cash).toMatchObject({ status: "pending", amountPaise: 7_700_00 });
    // On the board its cash was set: nothing more is asked for online, nor taken.
    const read = await calls.read(ticketId, undefined, token);
    expect(read.json().money).toMatchObject({ dueNowPaise: 0, balancePaise: null });
    const late = await calls.advance(ticketId, browser, goodCard(), newKey());
    expect(late.statusCode).toBe(409);
  });

  it("refuses a change before the advance, after its close, unchanged, or of an unknown product", async () => {
    const submitted = await calls.submitted();
    const token = new URL(submitted.body.link).searchParams.get("token")!;
    await quoteAsRelations(ctx, submitted.ticketId, 10_000_00);
    const early = await calls.change(
      submitted.ticketId,
      { token },
      { version: (await rowOf(submitted.ticketId)).version, lines: pumpkin(120) },
    );
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      CHANGE_TEXT.notChangeable(submitted.ticketId, "Awaiting Payment"),
    );

    const { ticketId, token: link } = await advancePaid();
    const version = (await rowOf(ticketId)).version;
    const same = await calls.change(
      ticketId,
      { token: link },
      {
        version,
        lines: pumpkin(100),
      },
    );
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(CHANGE_TEXT.unchanged);
    const unknown = await calls.change(
      ticketId,
      { token: link },
      {
        version,
        lines: [...pumpkin(100), { productId: "caviar", quantity: 1 }],
      },
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("caviar is not in the catalogue");

    // A quote given as one amount before quotes had lines cannot be changed line by line.
    const lumpSum = await advancePaid();
    await ctx.database.db.execute(sql`delete from bulk_order_lines where bulk_order_id =
      (select id from bulk_orders where ticket_id = ${lumpSum.ticketId})`);
    const unlined = await calls.change(
      lumpSum.ticketId,
      { token: lumpSum.token },
      {
        version: (await rowOf(lumpSum.ticketId)).version,
        lines: pumpkin(120),
      },
    );
    expect(unlined.statusCode).toBe(409);
    expect(unlined.json().message).toBe(fill(CHANGE_TEXT.lumpSum, { ticketId: lumpSum.ticketId }));

    // The day before the event, changes closed at 6 am (24 hours before it reaches the board).
    const deliveryDate = shopDate(new Date());
    await ctx.database.db
      .update(bulkOrders)
      .set({ deliveryDate })
      .where(eq(bulkOrders.ticketId, ticketId));
    const late = await calls.change(
      ticketId,
      { token: link },
      {
        version,
        lines: pumpkin(120),
      },
    );
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(CHANGE_TEXT.closed(ticketId, deliveryDate));
    const read = await calls.read(ticketId, undefined, link);
    expect(read.json().money.changesUntil).toBeNull();
    await ctx.database.db
      .update(bulkOrders)
      .set({ deliveryDate: addDays(deliveryDate, 3) })
      .where(eq(bulkOrders.ticketId, ticketId));
    const open = await calls.read(ticketId, undefined, link);
    expect(open.json().money.changesUntil).toBe(
      new Date(`${addDays(deliveryDate, 2)}T06:00:00+05:30`).toISOString(),
    );
  });

  it("a change while the desk confirms: one wins, the other is told to look again", async () => {
    for (let round = 0; round < 3; round++) {
      const { ticketId, token } = await advancePaid();
      const { version } = await rowOf(ticketId);
      const as = await desk();
      const [change, confirmed] = await Promise.all([
        calls.change(ticketId, { token }, { version, lines: pumpkin(60) }),
        as({ method: "POST", url: `${deskUrl(ticketId)}/confirm`, payload: { version } }),
      ]);
      expect([change.statusCode, confirmed.statusCode].sort()).toEqual([200, 409]);
      const row = await rowOf(ticketId);
      const back = await refundsOf(ticketId);
      if (change.statusCode === 200) {
        expect(row).toMatchObject({ status: "advance_paid", quotePaise: 6_000_00, feePaise: 0 });
        expect(back.map((refund) => refund.amountPaise)).toEqual([2_000_00]);
      } else {
        expect(row).toMatchObject({ status: "confirmed", quotePaise: 10_000_00 });
        expect(back).toEqual([]);
      }
    }
  });

  it("two changes at once: one is taken, the other refused, and one refund is owed", async () => {
    const { ticketId, token, browser } = await advancePaid();
    const { version } = await rowOf(ticketId);
    const answers = await Promise.all([
      calls.change(ticketId, { token }, { version, lines: pumpkin(60) }),
      calls.change(ticketId, { cookie: browser }, { version, lines: pumpkin(40) }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await refundsOf(ticketId)).toHaveLength(1);
  });

  it("an approved cash-on-delivery order changes what is collected, with nothing paid online", async () => {
    const { ticketId, token } = await advancePaid({ approveCod: true });
    const changed = await calls.change(
      ticketId,
      { token },
      { version: (await rowOf(ticketId)).version, lines: pumpkin(80) },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().money).toMatchObject({
      paidPaise: 0,
      dueNowPaise: 0,
      // Confirmed on approval, so processing has begun: Rs 2,000 taken off keeps Rs 500.
      feesKeptPaise: 500_00,
      balancePaise: 8_500_00,
    });
    const [due] = await ctx.database.db
      .select()
      .from(payments)
      .where(
        and(eq(payments.bulkOrderId, (await rowOf(ticketId)).id), eq(payments.status, "pending")),
      );
    expect(due!.amountPaise).toBe(8_500_00);
    expect(await refundsOf(ticketId)).toEqual([]);
  });
});
