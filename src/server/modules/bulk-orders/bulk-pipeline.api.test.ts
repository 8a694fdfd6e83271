import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  BULK_PIPELINE_API,
  BULK_PIPELINE_MESSAGES,
} from "../../../shared/contracts/bulk-pipeline.ts";
import { addDays, shopDate } from "../../../shared/rules/bulk-delivery-date.ts";
import { bulkOrders, refunds } from "../../db/schema/index.ts";
import {
  goodCard,
  quoteAsRelations,
  quoteLinesFor,
  requesterCalls,
} from "../../testing/bulk-orders.ts";
import { asStaff, auditOf } from "../../testing/inventory.ts";
import { payInCheckout, reportPayment } from "../../testing/payments.ts";
import { seededMember, signInStaff } from "../../testing/staff.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";
import { createTestGateway } from "../payments/test-gateway.ts";

let keys = 0;
const newKey = () => `pipeline-${Date.now()}-${++keys}`;

describe.each(testDatabaseKinds)("Customer Relations' bulk orders on %s", (kind) => {
  const gateway = createTestGateway();
  const ctx = useTestApp(kind, {}, { gateway });
  const calls = requesterCalls(ctx);
  const relations = seededMember("customer-relations");
  const as = async () => asStaff(ctx.app, await signInStaff(ctx.app, "customer-relations"));
  const read = async (ticketId: string) =>
    (await (await as())({ method: "GET", url: `${BULK_PIPELINE_API}/${ticketId}` })).json();
  const move = async (ticketId: string, action: string, payload: object) =>
    (await as())({ method: "POST", url: `${BULK_PIPELINE_API}/${ticketId}/${action}`, payload });

  /** A request quoted at `quotePaise` and its advance paid by card. */
  async function paid(quotePaise: number, inDays = 10) {
    const email = `pipeline.${Date.now()}.${++keys}@example.in`;
    const { ticketId, browser } = await calls.submitted({
      email,
      deliveryDate: addDays(shopDate(new Date()), inDays),
    });
    expect((await quoteAsRelations(ctx, ticketId, quotePaise)).statusCode).toBe(200);
    const payment = await calls.pay(ticketId, browser, goodCard(), newKey());
    expect(payment.statusCode).toBe(200);
    return { ticketId, email };
  }

  it("lists the active pipeline nearest event first, flagging an unconfirmed event within 48 hours", async () => {
    const soon = await calls.submitted({ deliveryDate: addDays(shopDate(new Date()), 3) });
    const later = await calls.submitted({ deliveryDate: addDays(shopDate(new Date()), 25) });
    const page = (await (await as())({ method: "GET", url: BULK_PIPELINE_API })).json();
    const tickets = page.orders.map((order: { ticketId: string }) => order.ticketId);
    expect(tickets.indexOf(soon.ticketId)).toBeLessThan(tickets.indexOf(later.ticketId));
    const first = page.orders.find(
      (order: { ticketId: string }) => order.ticketId === soon.ticketId,
    );
    // Three days ahead starts at least 48 hours from now, whatever the hour; tomorrow within them.
    expect(first).toMatchObject({ status: "awaiting_review", daysLeft: 3, urgent: false });
    const tomorrow = await calls.submitted({ deliveryDate: addDays(shopDate(new Date()), 3) });
    await ctx.database.db
      .update(bulkOrders)
      .set({ deliveryDate: addDays(shopDate(new Date()), 1) })
      .where(eq(bulkOrders.ticketId, tomorrow.ticketId));
    const again = (await (await as())({ method: "GET", url: BULK_PIPELINE_API })).json();
    expect(
      again.orders.find((order: { ticketId: string }) => order.ticketId === tomorrow.ticketId),
    ).toMatchObject({ daysLeft: 1, urgent: true });
    expect(again.counts.awaiting_review).toBeGreaterThanOrEqual(3);
    const reviewing = (
      await (
        await as()
      )({ method: "GET", url: `${BULK_PIPELINE_API}?status=awaiting_review` })
    ).json();
    expect(
      reviewing.orders.every((order: { status: string }) => order.status === "awaiting_review"),
    ).toBe(true);
  });

  it("quotes with notes, confirms after the advance and delivers with the balance paid", async () => {
    const { ticketId, body } = await calls.submitted();
    const quoted = await quoteAsRelations(ctx, ticketId, 20_000_00, {
      notes: "Tomatoes 50 kg: ₹2,500\nPaneer 10 kg: ₹4,000",
    });
    expect(quoted.json()).toMatchObject({
      status: "awaiting_payment",
      quotePaise: 20_000_00,
      advancePaise: 10_000_00,
      quoteNotes: "Tomatoes 50 kg: ₹2,500\nPaneer 10 kg: ₹4,000",
      updatedBy: relations.name,
    });
    const [quoteMail] = await calls.mailsTo(body.email);
    expect(quoteMail!.textBody).toContain("Paneer 10 kg: ₹4,000");

    // Nothing to confirm before the advance.
    const early = await move(ticketId, "confirm", { version: quoted.json().version });
    expect(early.statusCode).toBe(409);
    const token = new URL(body.link).searchParams.get("token")!;
    const advance = await ctx.app.inject({
      method: "POST",
      url: `/api/bulk-orders/${ticketId}/advance?token=${token}`,
      payload: goodCard(),
      headers: { origin: "http://localhost:3000", "idempotency-key": newKey() },
    });
    expect(advance.statusCode).toBe(200);
    const paid = await reportPayment(
      ctx.app,
      `/api/bulk-orders/${ticketId}/advance/payment?token=${token}`,
      await payInCheckout(ctx.app, advance.json().checkout),
    );
    expect(paid.json().status).toBe("advance_paid");

    const seen = await read(ticketId);
    const confirmed = await move(ticketId, "confirm", { version: seen.version });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().status).toBe("confirmed");
    // The event is days away: delivering now needs a word why, and without one nothing moves.
    for (const earlyReason of [undefined, "", "   "]) {
      const unexplained = await move(ticketId, "deliver", {
        version: confirmed.json().version,
        balanceMethod: "cash",
        ...(earlyReason !== undefined && { earlyReason }),
      });
      expect(unexplained.statusCode).toBe(400);
      expect(unexplained.json().message).toBe(BULK_PIPELINE_MESSAGES.earlyReasonRequired);
    }
    expect(await read(ticketId)).toMatchObject({
      status: "confirmed",
      version: confirmed.json().version,
    });
    const delivered = await move(ticketId, "deliver", {
      version: confirmed.json().version,
      balanceMethod: "cash",
      earlyReason: "  The couple moved the reception a day earlier  ",
    });
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json().status).toBe("delivered");
    expect(
      delivered
        .json()
        .payments.map((payment: { status: string; amountPaise: number }) => [
          payment.status,
          payment.amountPaise,
        ]),
    ).toEqual([
      ["paid", 10_000_00],
      ["paid", 10_000_00],
    ]);
    const subjects = (await calls.mailsTo(body.email)).map((mail) => mail.subject);
    expect(subjects).toContain(`Bulk order ${ticketId} confirmed`);
    expect(subjects).toContain(`Bulk order ${ticketId} delivered`);
    const audit = await auditOf(ctx, ticketId);
    expect(audit.map((entry) => entry.action)).toEqual([
      "bulk.quote",
      "bulk.confirm",
      "bulk.deliver",
    ]);
    expect(audit[2]!.after).toMatchObject({
      status: "delivered",
      earlyReason: "The couple moved the reception a day earlier",
    });
  });

  it("delivers on the event's day without asking why, and records no early reason", async () => {
    const { ticketId } = await paid(8_000_00, 3);
    await ctx.database.db
      .update(bulkOrders)
      .set({ deliveryDate: shopDate(new Date()) })
      .where(eq(bulkOrders.ticketId, ticketId));
    const confirmed = await move(ticketId, "confirm", { version: (await read(ticketId)).version });
    expect(confirmed.statusCode).toBe(200);
    const delivered = await move(ticketId, "deliver", {
      version: confirmed.json().version,
      balanceMethod: "online",
    });
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json().status).toBe("delivered");
    const deliver = (await auditOf(ctx, ticketId)).find((entry) => entry.action === "bulk.deliver");
    expect(deliver!.after).not.toHaveProperty("earlyReason");
  });

  it("cancelled before processing begins, the whole advance goes back", async () => {
    const { ticketId, email } = await paid(12_000_00);
    const { version } = await read(ticketId);
    const refundsBefore = gateway.refunds.length;
    const cancelled = await move(ticketId, "cancel", { version, reason: "Event postponed" });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      status: "cancelled",
      feePaise: 0,
      refundPaise: 6_000_00,
      cancelReason: "Event postponed",
    });
    expect(gateway.refunds.slice(refundsBefore)).toEqual([
      expect.objectContaining({ amountPaise: 6_000_00, reference: `bulk-cancel:${ticketId}` }),
    ]);
    expect(cancelled.json().refunds).toEqual([expect.objectContaining({ state: "done" })]);
    expect(cancelled.json().payments[0].status).toBe("refunded");
    const mails = await calls.mailsTo(email);
    expect(mails[0]!.subject).toBe(`Bulk order ${ticketId} cancelled`);
    expect(mails[0]!.textBody).toContain("Refund: ₹6,000.00");
  });

  it("cancelled after processing begins, the 25% fee is kept and the rest refunded, once", async () => {
    const { ticketId, email } = await paid(12_000_00);
    const confirmed = await move(ticketId, "confirm", { version: (await read(ticketId)).version });
    const version = confirmed.json().version;
    const refundsBefore = gateway.refunds.length;
    const both = await Promise.all([
      move(ticketId, "cancel", { version, reason: "Venue changed" }),
      move(ticketId, "cancel", { version, reason: "Venue changed" }),
    ]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const done = both.find((response) => response.statusCode === 200)!.json();
    expect(done).toMatchObject({ feePaise: 3_000_00, refundPaise: 3_000_00 });
    expect(gateway.refunds.slice(refundsBefore)).toEqual([
      expect.objectContaining({ amountPaise: 3_000_00 }),
    ]);
    // A kept fee leaves the advance's payment paid.
    expect(done.payments[0].status).toBe("paid");
    const owed = await ctx.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.reference, `bulk-cancel:${ticketId}`));
    expect(owed).toHaveLength(1);
    const mails = await calls.mailsTo(email);
    expect(mails[0]!.textBody).toContain(
      "Cancellation fee (25% of the order, as processing had begun): ₹3,000.00",
    );
    const audit = await auditOf(ctx, ticketId);
    expect(audit.at(-1)).toMatchObject({ action: "bulk.cancel" });
  });

  it("refuses a stale version, a move that does not apply, and an empty reason, changing nothing", async () => {
    const { ticketId } = await calls.submitted();
    const quoted = await quoteAsRelations(ctx, ticketId, 5_000_00);
    const stale = await move(ticketId, "quote", {
      ...quoteLinesFor(6_000_00),
      approveCod: false,
      version: quoted.json().version - 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(BULK_PIPELINE_MESSAGES.changed(relations.name));
    const current = await read(ticketId);
    expect(current.quotePaise).toBe(5_000_00);
    const deliver = await move(ticketId, "deliver", {
      version: current.version,
      balanceMethod: "cash",
    });
    expect(deliver.statusCode).toBe(409);
    const reason = await move(ticketId, "cancel", { version: current.version, reason: " " });
    expect(reason.statusCode).toBe(400);
    expect((await read(ticketId)).status).toBe("awaiting_payment");
    const unknown = await move("BOR-000000-1000", "confirm", { version: 1 });
    expect(unknown.statusCode).toBe(404);
  });

  it("sees the customer's payment: a move made against the version before it is refused", async () => {
    const { ticketId, browser } = await calls.submitted();
    const quoted = await quoteAsRelations(ctx, ticketId, 8_000_00);
    const before = quoted.json().version;
    expect((await calls.pay(ticketId, browser, goodCard(), newKey())).statusCode).toBe(200);
    const stale = await move(ticketId, "cancel", { version: before, reason: "Changed plans" });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(BULK_PIPELINE_MESSAGES.changed(null));
    expect((await read(ticketId)).status).toBe("advance_paid");
  });
});
