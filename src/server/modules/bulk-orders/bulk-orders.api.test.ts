import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BULK_TICKET_PATTERN } from "../../../shared/rules/ticket-numbers.ts";
import { bulkOrders } from "../../db/schema/index.ts";
import { requesterCalls, validRequest } from "../../testing/bulk-orders.ts";
import { freshEmail, signUpCustomer, TEST_ORIGIN } from "../../testing/customers.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";
import { linkIn, partsWithTypedText, TYPED_MARK, typedInto } from "../../testing/typed-text.ts";
import { submitBulkOrder } from "./submit-bulk-order.ts";

describe.each(testDatabaseKinds)("bulk order requests on %s", (kind) => {
  const ctx = useTestApp(kind);
  const calls = requesterCalls(ctx);
  afterEach(() => vi.useRealTimers());

  it("stores a request under a BOR- ticket and acknowledges it by email with a working link", async () => {
    const { ticketId, body } = await calls.submitted({ email: "ack@example.in" });
    expect(ticketId).toMatch(BULK_TICKET_PATTERN);
    expect(body).toMatchObject({
      status: "awaiting_review",
      name: "Priya Mohanty",
      phone: "+919876543210",
      eventType: "wedding",
      codRequested: true,
      codApproved: false,
      quotePaise: null,
      advancePaise: null,
    });
    const [mail] = await calls.mailsTo("ack@example.in");
    expect(mail!.subject).toBe(`We received your bulk order request ${ticketId}`);
    const link = new URL(body.link);
    expect(link.pathname).toBe("/bulk-order-confirmation");
    expect(link.searchParams.get("ticket")).toBe(ticketId);
    expect(mail!.textBody).toContain(body.link);
    // The emailed link alone opens the request, from a browser that never saw it.
    const opened = await calls.read(ticketId, undefined, link.searchParams.get("token")!);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ ticketId, status: "awaiting_review" });
  });

  it("acknowledges with the ticket and its link, and nothing the requester typed", async () => {
    const email = freshEmail("stranger");
    const { ticketId, body } = await calls.submitted({
      email,
      name: typedInto("name"),
      products: `<img src=x onerror="alert(2)"> ${typedInto("products")}`,
      location: typedInto("location"),
    });
    const [mail] = await calls.mailsTo(email);
    expect(partsWithTypedText(mail!)).toEqual([]);
    expect(mail!.textBody.startsWith("Hello,")).toBe(true);
    expect(mail!.textBody).toContain(ticketId);
    expect(mail!.htmlBody).toContain(ticketId);
    // The link opens the request, typed words and all, from a browser that never saw the form.
    const link = linkIn(mail!.textBody, "View your request");
    expect(link.href).toBe(body.link);
    expect(link.searchParams.get("ticket")).toBe(ticketId);
    const opened = await calls.read(ticketId, undefined, link.searchParams.get("token")!);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().products).toContain(TYPED_MARK);
  });

  it("refuses missing fields, unticked terms, bad formats, long texts and unknown fields", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "" }, "Please fill all required fields"],
      [{ products: "   " }, "Please fill all required fields"],
      [{ location: undefined }, "Please fill all required fields"],
      [{ eventType: "birthday" }, "Please fill all required fields"],
      [{ deliveryDate: "" }, "Please fill all required fields"],
      [{ deliveryDate: "2026-02-31" }, "Please fill all required fields"],
      [{ termsAccepted: false }, "Please agree to the terms and conditions"],
      [{ email: "priya@" }, "Please enter a valid email address"],
      [{ phone: "12345" }, "Please enter a valid 10-digit Indian mobile number"],
      [{ products: "x".repeat(2001) }, "Must be at most 2000 characters"],
      [{ quotePaise: 100 }, ""],
    ];
    for (const [overrides, message] of cases) {
      const response = await calls.submit(validRequest(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().code).toBe("VALIDATION_FAILED");
      if (message) expect(JSON.stringify(response.json())).toContain(message);
    }
  });

  it("keeps the 48-hour rule at the day boundary in India's time zone", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    // 23:59:59 on 1 December in Bhubaneswar (18:29:59 UTC): the first open day is 3 December.
    vi.setSystemTime(new Date("2026-12-01T18:29:59Z"));
    expect(
      (await calls.submit(validRequest({ deliveryDate: "2026-12-02" }))).json().message,
    ).toContain("Please select a date at least 48 hours from today");
    expect((await calls.submit(validRequest({ deliveryDate: "2026-12-03" }))).statusCode).toBe(201);
    // A second later it is 2 December there (still 1 December in UTC): 3 December is too soon.
    vi.setSystemTime(new Date("2026-12-01T18:30:00Z"));
    expect((await calls.submit(validRequest({ deliveryDate: "2026-12-03" }))).statusCode).toBe(400);
    expect((await calls.submit(validRequest({ deliveryDate: "2026-12-04" }))).statusCode).toBe(201);
    expect(
      (await calls.submit(validRequest({ deliveryDate: "2027-12-05" }))).json().message,
    ).toContain("within the next 12 months");
  });

  it("gives concurrent requests distinct tickets", async () => {
    const responses = await Promise.all(
      Array.from({ length: 25 }, () => calls.submit(validRequest())),
    );
    const tickets = responses.map((response) => {
      expect(response.statusCode).toBe(201);
      return response.json().ticketId as string;
    });
    expect(new Set(tickets).size).toBe(25);
    for (const ticket of tickets) expect(ticket).toMatch(BULK_TICKET_PATTERN);
  });

  it("retries a ticket that is already taken", async () => {
    const now = () => new Date("2026-11-22T10:00:00.123Z");
    // Both requests draw 1234 first; the one that loses the race draws again.
    const draws = [1234, 1234, 4321];
    const deps = {
      db: ctx.database.db,
      linkFor: (ticket: string) => ticket,
      now,
      random4: () => draws.shift() ?? 9999,
    };
    const request = { ...validRequest({ deliveryDate: "2026-12-01" }), phone: "+919876543210" };
    const requester = { browserKeyHash: "b".repeat(64), customerId: null, locale: "en" as const };
    const views = await Promise.all([
      submitBulkOrder(deps, request as never, requester),
      submitBulkOrder(deps, request as never, requester),
    ]);
    const prefix = `BOR-${String(now().getTime()).slice(-6)}`;
    expect(views.map((view) => view.ticketId).sort()).toEqual([`${prefix}-1234`, `${prefix}-4321`]);
  });

  it("lets only the requester read a request: browser, account or emailed link", async () => {
    const { ticketId, browser } = await calls.submitted();
    expect((await calls.read(ticketId, browser)).statusCode).toBe(200);
    const stranger = await calls.read(ticketId, `fhh_browser=${"x".repeat(43)}`);
    expect(stranger.statusCode).toBe(404);
    expect((await calls.read(ticketId)).statusCode).toBe(404);
    expect((await calls.read(ticketId, undefined, "A".repeat(32))).statusCode).toBe(404);
    // An unknown ticket answers exactly like someone else's.
    const unknown = await calls.read("BOR-000000-1000", browser);
    expect(unknown.statusCode).toBe(404);
    expect((await calls.read("BOR-12-1", browser)).statusCode).toBe(400);
  });

  it("files a signed-in customer's request under their account", async () => {
    const customer = await signUpCustomer(ctx.app, "Priya M");
    const { ticketId } = await calls.submitted({}, { cookie: customer.cookie });
    // Another browser, the same account.
    expect((await calls.read(ticketId, customer.cookie)).statusCode).toBe(200);
    const [row] = await ctx.database.db
      .select()
      .from(bulkOrders)
      .where(eq(bulkOrders.ticketId, ticketId));
    expect(row!.customerId).toBe(customer.userId);
  });

  it("thanks a bot that fills the honeypot and keeps nothing", async () => {
    const response = await calls.submit(validRequest({ website: "http://spam.example" }));
    expect(response.statusCode).toBe(201);
    const rows = await ctx.database.db
      .select()
      .from(bulkOrders)
      .where(eq(bulkOrders.ticketId, response.json().ticketId));
    expect(rows).toHaveLength(0);
  });

  it("limits requests per client address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await ctx.app.inject({
        method: "POST",
        url: "/api/bulk-orders",
        payload: validRequest(),
        headers: { origin: TEST_ORIGIN },
        remoteAddress: "10.99.0.1",
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
