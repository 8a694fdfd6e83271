import { describe, expect, it } from "vitest";
import { quoteAsRelations, requesterCalls } from "../../testing/bulk-orders.ts";
import { freshEmail } from "../../testing/customers.ts";
import { readMail, useSmtpListener } from "../../testing/smtp-listener.ts";
import { asRelations, fileTicket, TICKETS } from "../../testing/support.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";
import { linkIn, TYPED_MARK, typedInto } from "../../testing/typed-text.ts";

const MAIL_FROM = "Fresh Harvest Hub <relations@freshharvesthub.in>";

describe.each(testDatabaseKinds)("Customer Relations' mail over SMTP on %s", (kind) => {
  const env: Record<string, string> = { MAIL_FROM, DEMO_MODE: "true" };
  const smtp = useSmtpListener(env);
  const ctx = useTestApp(kind, env);
  const receivedBy = (email: string) => smtp.received.filter((mail) => mail.rcptTo.includes(email));

  it("delivers the acknowledgements with the reference and its link, and nothing that was typed", async () => {
    const ticket = await fileTicket(ctx, {
      name: typedInto("name"),
      message: typedInto("message"),
    });
    const bulk = await requesterCalls(ctx).submitted({
      email: freshEmail("planner"),
      name: typedInto("name"),
      products: typedInto("products"),
      location: typedInto("location"),
    });
    await ctx.app.mail.deliverDue();

    const acknowledgements = [
      [
        ticket.email,
        `We received your message (${ticket.reference})`,
        ticket.reference,
        "View your ticket",
      ],
      [
        bulk.body.email,
        `We received your bulk order request ${bulk.ticketId}`,
        bulk.ticketId,
        "View your request",
      ],
    ] as const;
    for (const [to, subject, reference, action] of acknowledgements) {
      const mail = receivedBy(to)
        .map(readMail)
        .find((received) => received.subject === subject);
      expect(mail, subject).toBeDefined();
      for (const part of [mail!.text!, mail!.html!, mail!.headers]) {
        expect(part).not.toContain(TYPED_MARK);
        expect(part).toContain(reference);
      }
      expect(mail!.html).toContain(
        `href="${linkIn(mail!.text!, action).href.replaceAll("&", "&amp;")}"`,
      );
    }
  });

  it("delivers a ticket reply, with the conversation's link in both parts and typed text escaped", async () => {
    const { reference, email } = await fileTicket(ctx, { name: "Ravi <b>Sahu</b>" });
    const as = await asRelations(ctx);
    const { version } = (await as({ method: "GET", url: `${TICKETS}/${reference}` })).json();
    const replied = await as({
      method: "POST",
      url: `${TICKETS}/${reference}/replies`,
      payload: { body: "Your basket left at 11:40 <i>sharp</i>.", version },
    });
    expect(replied.statusCode).toBe(200);
    await ctx.app.mail.deliverDue();

    const reply = receivedBy(email)
      .map(readMail)
      .find((mail) => mail.subject === `Re: your message ${reference}`);
    expect(reply).toBeDefined();
    expect(reply!.text).toContain("Your basket left at 11:40 <i>sharp</i>.");
    expect(reply!.text).toMatch(
      new RegExp(`Read and answer: http://localhost:3000/support/ticket/${reference}\\?token=\\S+`),
    );
    expect(reply!.html).toContain("11:40 &lt;i&gt;sharp&lt;/i&gt;.");
    expect(reply!.html).toContain(`/support/ticket/${reference}?token=`);
    expect(reply!.html).not.toContain("<i>sharp</i>");
  });

  it("delivers a bulk quote with what it covers and the link to pay the advance", async () => {
    const calls = requesterCalls(ctx);
    const { ticketId, body } = await calls.submitted();
    const quoted = await quoteAsRelations(ctx, ticketId, 18_000_00, {
      notes: "Fruit platters for 120: ₹12,000",
    });
    expect(quoted.statusCode).toBe(200);
    await ctx.app.mail.deliverDue();

    const quote = receivedBy(body.email)
      .map(readMail)
      .find(
        (mail) =>
          mail.text?.includes("Your quote is ready") || mail.text?.includes("We have priced"),
      );
    expect(quote).toBeDefined();
    expect(quote!.text).toContain("Quote: ₹18,000.00");
    expect(quote!.text).toContain("Advance due now (50%): ₹9,000.00");
    expect(quote!.text).toContain("Fruit platters for 120: ₹12,000");
    expect(quote!.text).toMatch(
      /View your request: http:\/\/localhost:3000\/bulk-order-confirmation\?ticket=BOR-/,
    );
    expect(quote!.headers).toContain("From: Fresh Harvest Hub <relations@freshharvesthub.in>");
  });
});
