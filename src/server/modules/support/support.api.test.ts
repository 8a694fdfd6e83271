import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SUPPORT_REFERENCE_PATTERN } from "../../../shared/rules/ticket-numbers.ts";
import { mailOutbox, supportTickets, users } from "../../db/schema/index.ts";
import { freshAddress, freshEmail, signUpCustomer, TEST_ORIGIN } from "../../testing/customers.ts";
import { drawnMails } from "../../testing/outbox-mail.ts";
import { latestMailTo } from "../../testing/support.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";
import { linkIn, partsWithTypedText, TYPED_MARK, typedInto } from "../../testing/typed-text.ts";

const valid = (overrides: Record<string, unknown> = {}) => ({
  name: "Ravi Sahu",
  email: freshEmail("ravi"),
  phone: "",
  orderNumber: "",
  queryType: "order_status",
  message: "Where is my order? It was due an hour ago.",
  ...overrides,
});

describe.each(testDatabaseKinds)("support tickets on %s", (kind) => {
  const ctx = useTestApp(kind);
  const send = (
    payload: Record<string, unknown>,
    headers: Record<string, string> = {},
    remoteAddress = freshAddress(),
  ) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/support/tickets",
      payload,
      headers: { origin: TEST_ORIGIN, ...headers },
      remoteAddress,
    });
  const ticket = async (reference: string) =>
    (
      await ctx.database.db
        .select()
        .from(supportTickets)
        .where(eq(supportTickets.reference, reference))
    )[0];

  it("files the message as a ticket and emails the reference to the shopper", async () => {
    const response = await send(
      valid({ email: "ack@example.in", phone: "+91 98765 43210", orderNumber: "fhh-123456" }),
    );
    expect(response.statusCode).toBe(201);
    const { reference } = response.json();
    expect(reference).toMatch(SUPPORT_REFERENCE_PATTERN);
    expect(await ticket(reference)).toMatchObject({
      status: "open",
      queryType: "order_status",
      phone: "+919876543210",
      orderNumber: "FHH-123456",
      customerId: null,
    });
    const [mail] = await drawnMails(
      ctx.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, "ack@example.in"))
        .orderBy(desc(mailOutbox.id)),
    );
    expect(mail!.subject).toBe(`We received your message (${reference})`);
    expect(mail!.textBody).toContain("replies within 24 hours");
    expect(mail!.textBody).toContain("FHH-123456");
  });

  it("acknowledges an address nobody has shown is theirs with the reference and the ticket's link, and nothing typed", async () => {
    const email = freshEmail("stranger");
    const message = `Buy cheap watches at spam.example ${typedInto("message")}`;
    const response = await send(valid({ email, name: typedInto("name"), message }));
    expect(response.statusCode).toBe(201);
    const { reference } = response.json();
    const mail = await latestMailTo(ctx, email);
    expect(partsWithTypedText(mail)).toEqual([]);
    expect(mail.textBody).toContain(reference);
    expect(mail.htmlBody).toContain(reference);
    expect(mail.textBody.startsWith("Hello,")).toBe(true);
    // The link opens the ticket, from a browser that never saw the form: the typed words are there.
    const link = linkIn(mail.textBody, "View your ticket");
    expect(mail.htmlBody).toContain(`href="${link.href}"`);
    expect(link.pathname).toBe(`/support/ticket/${reference}`);
    const opened = await ctx.app.inject({
      method: "GET",
      url: `/api/support/tickets/${reference}?token=${link.searchParams.get("token")}`,
      remoteAddress: freshAddress(),
    });
    expect(opened.statusCode).toBe(200);
    expect(JSON.stringify(opened.json())).toContain(TYPED_MARK);
  });

  it("repeats the message, escaped, to a signed-in customer's own verified address", async () => {
    const customer = await signUpCustomer(ctx.app, "Ravi Sahu");
    const unverified = await send(
      valid({ email: customer.email, message: `<b>bold</b> ${typedInto("message")}` }),
      { cookie: customer.cookie },
    );
    expect(unverified.statusCode).toBe(201);
    expect(partsWithTypedText(await latestMailTo(ctx, customer.email))).toEqual([]);

    await ctx.database.db
      .update(users)
      .set({ emailVerified: true })
      .where(eq(users.id, customer.userId));
    const verified = await send(
      valid({ email: customer.email, message: "<b>bold</b> & <script>x()</script>" }),
      { cookie: customer.cookie },
    );
    expect(verified.statusCode).toBe(201);
    const mail = await latestMailTo(ctx, customer.email);
    expect(mail.textBody.startsWith("Hi Ravi,")).toBe(true);
    expect(mail.textBody).toContain("<b>bold</b> & <script>x()</script>");
    expect(mail.htmlBody).not.toContain("<script>x()");
    expect(mail.htmlBody).toContain("&lt;b&gt;bold&lt;/b&gt; &amp; &lt;script&gt;");
  });

  it("refuses missing fields, bad formats, unknown types and long messages", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: " " }, "Please fill all required fields"],
      [{ email: "" }, "Please fill all required fields"],
      [{ message: "" }, "Please fill all required fields"],
      [{ queryType: "complaint" }, "Please fill all required fields"],
      [{ email: "ravi@example" }, "Please enter a valid email address"],
      [{ phone: "555-1234" }, "Please enter a valid 10-digit Indian mobile number"],
      [{ orderNumber: "12345" }, "Please enter an order number like FHH-123456"],
      [{ message: "m".repeat(2001) }, "Must be at most 2000 characters"],
      [{ priority: "urgent" }, ""],
    ];
    for (const [overrides, message] of cases) {
      const response = await send(valid(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      if (message) expect(JSON.stringify(response.json())).toContain(message);
    }
  });

  it("links a signed-in customer's ticket to their account when it names their email", async () => {
    const customer = await signUpCustomer(ctx.app, "Ravi Sahu");
    const own = await send(valid({ queryType: "refund_request", email: customer.email }), {
      cookie: customer.cookie,
    });
    expect((await ticket(own.json().reference))!.customerId).toBe(customer.userId);
    const someoneElse = await send(valid({ queryType: "refund_request" }), {
      cookie: customer.cookie,
    });
    expect((await ticket(someoneElse.json().reference))!.customerId).toBeNull();
  });

  it("thanks a bot that fills the honeypot and keeps nothing", async () => {
    const response = await send(valid({ website: "spam" }));
    expect(response.statusCode).toBe(201);
    expect(await ticket(response.json().reference)).toBeUndefined();
  });

  it("limits messages per client address", async () => {
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await send(valid(), {}, "10.98.0.1")).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses[10]).toBe(429);
  });
});
