import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { payments } from "../../db/schema/index.ts";
import {
  futureExpiry,
  goodCard,
  quoteAsRelations,
  requesterCalls,
} from "../../testing/bulk-orders.ts";
import { TEST_ORIGIN } from "../../testing/customers.ts";
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

  it("declines with the bank's reason, takes nothing, and lets the planner retry", async () => {
    const { ticketId, browser } = await quoted();
    const declined = await calls.pay(
      ticketId,
      browser,
      {
        method: "credit_card",
        card: { number: "4000 0000 0000 0002", name: "P M", expiry: futureExpiry(), cvv: "123" },
      },
      newKey(),
    );
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ code: "PAYMENT_DECLINED" });
    expect(declined.json().message).toContain("declined");
    expect((await calls.read(ticketId, browser)).json().status).toBe("awaiting_payment");

    const upi = await calls.pay(
      ticketId,
      browser,
      { method: "upi", upiApp: "gpay", upiId: "failure@upi" },
      newKey(),
    );
    expect(upi.statusCode).toBe(402);
    const retried = await calls.pay(
      ticketId,
      browser,
      { method: "upi", upiApp: "phonepe", upiId: "priya@ybl" },
      newKey(),
    );
    expect(retried.statusCode).toBe(200);
    expect(retried.json().advancePaymentSummary).toBe("UPI priya@ybl");
    const rows = await paymentsOf(ticketId);
    expect(rows.map((row) => row.status).sort()).toEqual(["failed", "failed", "paid"]);
    expect(JSON.stringify(rows)).not.toContain("4000000000000002");
  });

  it("charges a double-submitted payment once", async () => {
    const { ticketId, browser } = await quoted();
    const before = gateway.charges;
    const key = newKey();
    const [first, second] = await Promise.all([
      calls.pay(ticketId, browser, { method: "net_banking", bank: "hdfc" }, key),
      calls.pay(ticketId, browser, { method: "net_banking", bank: "hdfc" }, key),
    ]);
    const statuses = [first!.statusCode, second!.statusCode].sort();
    // The second either waits for the first's answer or is told it is in progress.
    expect(statuses[0]).toBe(200);
    expect([200, 409]).toContain(statuses[1]);
    const replay = await calls.pay(ticketId, browser, { method: "net_banking", bank: "hdfc" }, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().advancePaymentSummary).toBe("Net banking, HDFC Bank");
    expect(gateway.charges - before).toBe(1);
    expect((await paymentsOf(ticketId)).filter((row) => row.status === "paid")).toHaveLength(1);
  });

  it("charges once when two attempts with different keys race", async () => {
    const { ticketId, browser } = await quoted();
    const before = gateway.charges;
    const answers = await Promise.all([
      calls.pay(ticketId, browser, goodCard(), newKey()),
      calls.pay(ticketId, browser, goodCard(), newKey()),
    ]);
    expect(answers.some((answer) => answer.statusCode === 200)).toBe(true);
    for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
    expect(gateway.charges - before).toBe(1);
    const rows = await paymentsOf(ticketId);
    expect(rows.filter((row) => row.status === "paid")).toHaveLength(1);
    expect(rows.filter((row) => row.status === "refunded")).toHaveLength(0);
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
    const missing = await calls.pay(ticketId, stranger, { method: "net_banking" }, newKey());
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain("Please select your bank");
    const noUpi = await calls.pay(
      ticketId,
      stranger,
      { method: "upi", upiApp: "other", upiId: "" },
      newKey(),
    );
    expect(noUpi.json().message).toContain("Please enter your UPI ID");
    const token = tokenOf.get(ticketId)!;
    const viaLink = await ctx.app.inject({
      method: "POST",
      url: `/api/bulk-orders/${ticketId}/advance?token=${token}`,
      payload: goodCard(),
      headers: { origin: TEST_ORIGIN, "idempotency-key": newKey() },
    });
    expect(viaLink.statusCode).toBe(200);
  });

  it("re-quoting before payment replaces the quote; no quote after payment", async () => {
    const { ticketId, browser } = await quoted(10_000_00);
    expect((await quote(ticketId, 9_001_01)).json()).toMatchObject({
      quotePaise: 9_001_01,
      advancePaise: 4_500_51,
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
