import { afterEach, describe, expect, it, vi } from "vitest";
import { quoteAsRelations, requesterCalls } from "../../testing/bulk-orders.ts";
import { freshAddress, TEST_ORIGIN } from "../../testing/customers.ts";
import { sansRequestId } from "../../testing/error-body.ts";
import { payInCheckout, reportPayment } from "../../testing/payments.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

const DAY = 24 * 60 * 60 * 1000;

describe.each(testDatabaseKinds)("emailed bulk-order links on %s", (kind) => {
  const ctx = useTestApp(kind);
  const calls = requesterCalls(ctx);
  afterEach(() => vi.useRealTimers());

  const start = Date.now();
  /** The server's clock, `days` after the request was sent. */
  const onDay = (days: number) => vi.setSystemTime(start + days * DAY);
  let emails = 0;

  /** The link in the newest email to `email` (the page's `?token=`). */
  async function linkInLatestMail(email: string) {
    const [mail] = await calls.mailsTo(email);
    const link = /View your request: (\S+)/.exec(mail!.textBody)![1]!;
    return new URL(link).searchParams.get("token")!;
  }
  async function sent() {
    vi.useFakeTimers({ toFake: ["Date"] });
    onDay(0);
    const email = `links-${kind}-${++emails}@example.in`;
    const { ticketId } = await calls.submitted({ email });
    return { ticketId, email, token: await linkInLatestMail(email) };
  }
  const quote = (ticketId: string) => quoteAsRelations(ctx, ticketId, 8_000_00);
  /** Asks for the advance from the link, pays it in the provider's checkout, reports it. */
  const pay = async (ticketId: string, token: string) => {
    const asked = await ctx.app.inject({
      method: "POST",
      url: `/api/bulk-orders/${ticketId}/advance?token=${token}`,
      payload: { method: "net_banking", bank: "sbi" },
      headers: { origin: TEST_ORIGIN, "idempotency-key": `link-${kind}-${ticketId}-${Date.now()}` },
      remoteAddress: freshAddress(),
    });
    if (asked.statusCode !== 200) return asked;
    const proof = await payInCheckout(ctx.app, asked.json().checkout, {
      method: "netbanking",
      summary: "Net banking, State Bank of India",
      decline: null,
    });
    return reportPayment(
      ctx.app,
      `/api/bulk-orders/${ticketId}/advance/payment?token=${token}`,
      proof,
    );
  };

  it("opens the request for 30 days, then answers exactly like an unknown link", async () => {
    const { ticketId, token } = await sent();
    const unknown = await calls.read(
      ticketId,
      undefined,
      `${"A".repeat(32)}${Math.floor(start / 1000) + 40 * 86400}`,
    );
    expect(unknown.statusCode).toBe(404);

    onDay(29.9);
    expect((await calls.read(ticketId, undefined, token)).statusCode).toBe(200);
    onDay(30);
    const expired = await calls.read(ticketId, undefined, token);
    expect(expired.statusCode).toBe(404);
    expect(sansRequestId(expired.json())).toEqual(sansRequestId(unknown.json()));
    expect(expired.headers["content-length"]).toBe(unknown.headers["content-length"]);
    const late = await pay(ticketId, token);
    expect(late.statusCode).toBe(404);
    expect(sansRequestId(late.json())).toEqual(sansRequestId(unknown.json()));
  });

  it("cannot be extended by editing the expiry in the link", async () => {
    const { ticketId, token } = await sent();
    const mac = token.slice(0, 32);
    const expiry = Number(token.slice(32));
    onDay(31);
    for (const edited of [
      `${mac}${expiry + 365 * 86400}`,
      `${mac}${expiry + 1}`,
      `${mac}9${expiry}`,
    ]) {
      expect((await calls.read(ticketId, undefined, edited)).statusCode, edited).toBe(404);
    }
    // Even before the real expiry, an edited one opens nothing.
    onDay(1);
    expect((await calls.read(ticketId, undefined, `${mac}${expiry + 86400}`)).statusCode).toBe(404);
    expect((await calls.read(ticketId, undefined, token)).statusCode).toBe(200);
  });

  it("is renewed by every email: the quote's and the receipt's links outlive the first", async () => {
    const { ticketId, email, token: acknowledged } = await sent();
    onDay(20);
    expect((await quote(ticketId)).statusCode).toBe(200);
    const quoted = await linkInLatestMail(email);
    expect(quoted).not.toBe(acknowledged);

    onDay(35);
    expect((await calls.read(ticketId, undefined, acknowledged)).statusCode).toBe(404);
    expect((await calls.read(ticketId, undefined, quoted)).statusCode).toBe(200);
    const paid = await pay(ticketId, quoted);
    expect(paid.statusCode).toBe(200);
    const receipt = await linkInLatestMail(email);

    onDay(60);
    expect((await calls.read(ticketId, undefined, quoted)).statusCode).toBe(404);
    const opened = await calls.read(ticketId, undefined, receipt);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ ticketId, status: "advance_paid" });
    onDay(65);
    expect((await calls.read(ticketId, undefined, receipt)).statusCode).toBe(404);
  });
});
