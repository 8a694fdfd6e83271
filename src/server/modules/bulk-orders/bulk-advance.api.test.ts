import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { payments } from "../../db/schema/index.ts";
import { goodCard, quoteAsRelations, requesterCalls } from "../../testing/bulk-orders.ts";
import { TEST_ORIGIN } from "../../testing/customers.ts";
import {
  approvingUpi,
  decliningCard,
  decliningUpi,
  payInCheckout,
} from "../../testing/payments.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";
import { createTestGateway } from "../payments/test-gateway.ts";

let keys = 0;
const newKey = () => `advance-${Date.now()}-${++keys}`;

describe.each(testDatabaseKinds)("the bulk order advance on %s", (kind) => {
  const gateway = createTestGateway();
  const ctx = useTestApp(kind, {}, { gateway });
  const calls = requesterCalls(ctx);

  const quote = (ticketId: string, quotePaise: number, approveCod = false) =>
    quoteAsRelations(ctx, ticketId, quotePaise, { approveCod });
  const paymentsOf = (ticketId: string) =>
    ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.bulkOrderId, idOf.get(ticketId)!));
  const tokenOf = new Map<string, string>();
  const idOf = new Map<string, number>();

  async function quoted(quotePaise = 12_500_00, approveCod = false) {
    const submitted = await calls.submitted({ email: `planner${Date.now()}${++keys}@example.in` });
    tokenOf.set(submitted.ticketId, new URL(submitted.body.link).searchParams.get("token")!);
    const response = await quote(submitted.ticketId, quotePaise, approveCod);
    expect(response.statusCode).toBe(200);
    const rows = await ctx.database.db.query.bulkOrders.findFirst({
      where: (table, { eq: equals }) => equals(table.ticketId, submitted.ticketId),
    });
    idOf.set(submitted.ticketId, rows!.id);
    return { ...submitted, email: submitted.body.email as string };
  }

  it("refuses the advance before a quote, and takes 50% of the quote after it", async () => {
    const { ticketId, browser, body } = await calls.submitted({ email: "before@example.in" });
    const early = await calls.pay(ticketId, browser, goodCard(), newKey());
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain("still being reviewed");

    const priced = await quote(ticketId, 12_500_00);
    expect(priced.json()).toMatchObject({
      status: "awaiting_payment",
      quotePaise: 12_500_00,
      advancePaise: 6_250_00,
    });
    const [quoteMail] = await calls.mailsTo(body.email);
    expect(quoteMail!.subject).toContain("Your quote for bulk order");
    expect(quoteMail!.textBody).toContain("6,250");

    const paid = await calls.pay(ticketId, browser, goodCard(), newKey());
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({
      status: "advance_paid",
      advancePaymentSummary: "Visa ending 1111",
    });
    const [receipt] = await calls.mailsTo(body.email);
    expect(receipt!.subject).toBe(`Advance payment received for bulk order ${ticketId}`);
    expect(receipt!.textBody).toContain("Balance due on delivery: ₹6,250");
    // Paid once: a second attempt is refused, not charged.
    const again = await calls.pay(ticketId, browser, goodCard(), newKey());
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain("already been paid");
  });

  it("a decline in the provider's checkout takes nothing, and the planner pays again", async () => {
    const { ticketId, browser } = await quoted();
    const asked = await calls.advance(ticketId, browser, goodCard(), newKey());
    expect(asked.statusCode).toBe(200);
    const { checkout } = asked.json();
    expect(checkout).toMatchObject({ provider: "test", amountPaise: 6_250_00, method: "card" });
    const declined = await gateway.pay(checkout.providerOrderId, decliningCard());
    expect(declined).toMatchObject({
      outcome: "failed",
      reason: "Your card was declined by the bank.",
    });
    expect((await calls.read(ticketId, browser)).json().status).toBe("awaiting_payment");

    const upiDeclined = await calls
      .pay(ticketId, browser, { method: "upi", upiApp: "gpay" }, newKey(), decliningUpi())
      .catch((error: Error) => error);
    expect(String(upiDeclined)).toContain("not paid");
    const retried = await calls.pay(
      ticketId,
      browser,
      { method: "upi", upiApp: "phonepe" },
      newKey(),
      approvingUpi(),
    );
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({
      status: "advance_paid",
      advancePaymentSummary: "UPI success@upi",
    });
    const rows = await paymentsOf(ticketId);
    expect(rows.filter((row) => row.status === "paid")).toHaveLength(1);
    expect(rows.every((row) => row.amountPaise === 6_250_00)).toBe(true);
  });

  it("answers a double-submitted request with one provider order", async () => {
    const { ticketId, browser } = await quoted();
    const before = gateway.ordersCreated;
    const key = newKey();
    const payment = { method: "net_banking", bank: "hdfc" };
    const [first, second] = await Promise.all([
      calls.advance(ticketId, browser, payment, key),
      calls.advance(ticketId, browser, payment, key),
    ]);
    const statuses = [first!.statusCode, second!.statusCode].sort();
    // The second either waits for the first's answer or is told it is in progress.
    expect(statuses[0]).toBe(200);
    expect([200, 409]).toContain(statuses[1]);
    const replay = await calls.advance(ticketId, browser, payment, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().checkout.method).toBe("netbanking");
    expect(gateway.ordersCreated - before).toBe(1);
    const proof = await payInCheckout(ctx.app, replay.json().checkout, {
      method: "netbanking",
      summary: "Net banking, HDFC Bank",
      decline: null,
    });
    const paid = await calls.report(ticketId, browser, proof);
    expect(paid.json().advancePaymentSummary).toBe("Net banking, HDFC Bank");
    expect((await paymentsOf(ticketId)).filter((row) => row.status === "paid")).toHaveLength(1);
  });

  it("keeps one advance when two tabs both pay, and refunds the other", async () => {
    const { ticketId, browser } = await quoted();
    const asked = await Promise.all([
      calls.advance(ticketId, browser, goodCard(), newKey()),
      calls.advance(ticketId, browser, goodCard(), newKey()),
    ]);
    const proofs = await Promise.all(
      asked.map((answer) => payInCheckout(ctx.app, answer.json().checkout)),
    );
    const refundsBefore = gateway.refunds.length;
    const reports = await Promise.all(
      proofs.map((proof) => calls.report(ticketId, browser, proof)),
    );
    expect(reports.map((report) => report.statusCode).sort()).toEqual([200, 409]);
    const rows = await paymentsOf(ticketId);
    expect(rows.filter((row) => row.status === "paid")).toHaveLength(1);
    expect(rows.filter((row) => row.status === "refunded")).toHaveLength(1);
    expect(gateway.refunds.slice(refundsBefore)).toEqual([
      expect.objectContaining({ amountPaise: 6_250_00 }),
    ]);
  });

  it("keeps cash on delivery closed until staff approve it", async () => {
    const closed = await quoted();
    const refused = await calls.pay(
      closed.ticketId,
      closed.browser,
      { method: "cash_on_delivery" },
      newKey(),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain("subject to approval");

    const approved = await quoted(40_000_00, true);
    expect((await calls.read(approved.ticketId, approved.browser)).json().codApproved).toBe(true);
    const confirmed = await calls.pay(
      approved.ticketId,
      approved.browser,
      { method: "cash_on_delivery" },
      newKey(),
    );
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      status: "confirmed",
      advancePaymentSummary: "Cash on Delivery",
    });
    const [mail] = await calls.mailsTo(approved.email);
    expect(mail!.subject).toContain("confirmed: cash on delivery");
  });

  it("pays from the emailed link, and refuses other people and bad payment fields", async () => {
    const { ticketId } = await quoted();
    const stranger = `fhh_browser=${"y".repeat(43)}`;
    expect((await calls.pay(ticketId, stranger, goodCard(), newKey())).statusCode).toBe(404);
    const missing = await calls.advance(ticketId, stranger, { method: "net_banking" }, newKey());
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain("Please select your bank");
    // Card and UPI details are typed into the provider's checkout, never sent to the store.
    for (const carrying of [
      { method: "credit_card", card: { number: "4111111111111111", cvv: "123" } },
      { method: "upi", upiApp: "other", upiId: "priya@ybl" },
    ]) {
      const refused = await calls.advance(ticketId, stranger, carrying, newKey());
      expect(refused.statusCode).toBe(400);
    }
    const token = tokenOf.get(ticketId)!;
    const viaLink = await ctx.app.inject({
      method: "POST",
      url: `/api/bulk-orders/${ticketId}/advance?token=${token}`,
      payload: goodCard(),
      headers: { origin: TEST_ORIGIN, "idempotency-key": newKey() },
    });
    expect(viaLink.statusCode).toBe(200);
    const proof = await payInCheckout(ctx.app, viaLink.json().checkout);
    const paid = await ctx.app.inject({
      method: "POST",
      url: `/api/bulk-orders/${ticketId}/advance/payment?token=${token}`,
      payload: proof,
      headers: { origin: TEST_ORIGIN },
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().status).toBe("advance_paid");
  });

  it("re-quoting before payment replaces the quote; no quote after payment", async () => {
    const { ticketId, browser } = await quoted(10_000_00);
    expect((await quote(ticketId, 9_001_00)).json()).toMatchObject({
      quotePaise: 9_001_00,
      advancePaise: 4_500_50,
    });
    await calls.pay(ticketId, browser, goodCard(), newKey());
    const late = await quote(ticketId, 8_000_00);
    expect(late.statusCode).toBe(409);
  });

  it("refuses a quote of nothing, and one for a request that does not exist", async () => {
    const { ticketId } = await calls.submitted();
    expect((await quote(ticketId, 0)).statusCode).toBe(400);
    expect((await quote("BOR-000000-1000", 5_000_00)).statusCode).toBe(404);
  });
});
