import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RELATIONS_FIGURES_API } from "../../../shared/contracts/relations-figures.ts";
import {
  ANSWERS_PER_TICKET_PER_DAY,
  type StaffTicket,
  SUPPORT_THREAD_MESSAGES,
  THREAD_ENTRY_MAX,
} from "../../../shared/contracts/support-inbox.ts";
import { mailOutbox, supportMessages, supportTickets } from "../../db/schema/index.ts";
import { freshAddress, signUpCustomer, TEST_ORIGIN } from "../../testing/customers.ts";
import { auditOf } from "../../testing/inventory.ts";
import { seededMember } from "../../testing/staff.ts";
import {
  asRelations,
  fileTicket,
  latestMailTo,
  TICKETS,
  ticketLinkIn,
} from "../../testing/support.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe.each(testDatabaseKinds)("the support thread on %s", (kind) => {
  const ctx = useTestApp(kind);
  afterEach(() => vi.useRealTimers());
  const relations = seededMember("customer-relations");

  const open = async (reference: string) => {
    const response = await (await asRelations(ctx))({
      method: "GET",
      url: `${TICKETS}/${reference}`,
    });
    expect(response.statusCode).toBe(200);
    return response.json() as StaffTicket;
  };
  const staffPost = async (reference: string, action: string, payload: object) =>
    (await asRelations(ctx))({ method: "POST", url: `${TICKETS}/${reference}/${action}`, payload });
  const customerRead = (reference: string, token: string) =>
    ctx.app.inject({
      method: "GET",
      url: `/api/support/tickets/${reference}?token=${encodeURIComponent(token)}`,
      remoteAddress: freshAddress(),
    });
  const customerAnswer = (reference: string, token: string, body: string) =>
    ctx.app.inject({
      method: "POST",
      url: `/api/support/tickets/${reference}/answers`,
      payload: { token, body },
      headers: { origin: TEST_ORIGIN },
      remoteAddress: freshAddress(),
    });
  const threadRows = async (reference: string) => {
    const [ticket] = await ctx.database.db
      .select({ id: supportTickets.id })
      .from(supportTickets)
      .where(eq(supportTickets.reference, reference));
    return ctx.database.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.ticketId, ticket!.id));
  };

  it("lists a new ticket as open with the reply promise's clock, most urgent first", async () => {
    const first = await fileTicket(ctx);
    const second = await fileTicket(ctx, {
      queryType: "refund_request",
      orderNumber: "FHH-000001",
    });
    const response = await (await asRelations(ctx))({
      method: "GET",
      url: `${TICKETS}?status=open`,
    });
    expect(response.statusCode).toBe(200);
    const page = response.json();
    const references = page.tickets.map((ticket: { reference: string }) => ticket.reference);
    expect(references.indexOf(first.reference)).toBeLessThan(references.indexOf(second.reference));
    const listed = page.tickets.find(
      (ticket: { reference: string }) => ticket.reference === second.reference,
    );
    expect(listed).toMatchObject({
      status: "open",
      queryType: "refund_request",
      orderNumber: "FHH-000001",
      orderFound: false,
      preview: "Where is my order? It was due an hour ago.",
    });
    const due = Date.parse(listed.replyDueAt) - Date.parse(listed.createdAt);
    expect(Math.abs(due - DAY)).toBeLessThan(5000);
    expect(page.counts.open).toBeGreaterThanOrEqual(2);
  });

  it("replies by email with a signed link; the customer reads and answers, and the ticket reopens", async () => {
    const { reference, email } = await fileTicket(ctx, { name: "<b>Ravi</b> Sahu" });
    const acknowledgement = await latestMailTo(ctx, email);
    expect(ticketLinkIn(acknowledgement.textBody, "View your ticket").path).toBe(
      `/support/ticket/${reference}`,
    );
    const seen = await open(reference);

    await staffPost(reference, "notes", { body: "Checked with the rider: stuck in traffic." });
    const replied = await staffPost(reference, "replies", {
      body: "Sorry for the wait!\nYour order is 10 minutes away.",
      version: seen.version,
    });
    expect(replied.statusCode).toBe(200);
    expect(replied.json()).toMatchObject({ status: "waiting", replyDueAt: null });
    expect(replied.json().thread.map((entry: { kind: string }) => entry.kind)).toEqual([
      "note",
      "reply",
    ]);

    const mail = await latestMailTo(ctx, email);
    expect(mail.subject).toBe(`Re: your message ${reference}`);
    expect(mail.textBody).toContain("Your order is 10 minutes away.");
    expect(mail.htmlBody).toContain("Hi <bdi>&lt;b&gt;Ravi&lt;/b&gt;</bdi>,");
    const { path, token } = ticketLinkIn(mail.textBody, "Read and answer");
    expect(path).toBe(`/support/ticket/${reference}`);

    const read = await customerRead(reference, token);
    expect(read.statusCode).toBe(200);
    expect(read.json().thread).toEqual([
      expect.objectContaining({ kind: "reply", author: relations.name }),
    ]);
    expect(read.body).not.toContain("stuck in traffic");

    const answered = await customerAnswer(reference, token, "Thanks, it just arrived.");
    expect(answered.statusCode).toBe(200);
    const after = await open(reference);
    expect(after).toMatchObject({ status: "open", updatedBy: "customer" });
    expect(after.version).toBeGreaterThan(seen.version);
    expect(after.replyDueAt).not.toBeNull();
    expect(after.preview).toBe("Thanks, it just arrived.");
    expect(after.thread.at(-1)).toMatchObject({ kind: "answer", author: "<b>Ravi</b> Sahu" });

    const actions = (await auditOf(ctx, reference)).map((entry) => entry.action);
    expect(actions).toEqual(["ticket.note", "ticket.reply"]);
  });

  it("refuses a reply to a ticket someone else resolved a moment ago, and keeps nothing", async () => {
    const { reference, email } = await fileTicket(ctx);
    const seen = await open(reference);
    const resolved = await staffPost(reference, "resolve", { version: seen.version });
    expect(resolved.statusCode).toBe(200);
    const mailsBefore = await ctx.database.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, email));

    const late = await staffPost(reference, "replies", {
      body: "On its way!",
      version: seen.version,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(new RegExp(`^${relations.name} resolved this ticket at `));
    expect(await threadRows(reference)).toEqual([]);
    const mailsAfter = await ctx.database.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, email));
    expect(mailsAfter).toHaveLength(mailsBefore.length);
    expect((await open(reference)).status).toBe("resolved");

    const again = await staffPost(reference, "resolve", { version: resolved.json().version });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SUPPORT_THREAD_MESSAGES.resolvedAlready);
    const reopened = await staffPost(reference, "reopen", { version: resolved.json().version });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().status).toBe("open");
    const actions = (await auditOf(ctx, reference)).map((entry) => entry.action);
    expect(actions).toEqual(["ticket.resolve", "ticket.reopen"]);
  });

  it("lets one of two replies sent at once through", async () => {
    const { reference } = await fileTicket(ctx);
    const { version } = await open(reference);
    const results = await Promise.all(
      ["First answer", "Second answer"].map((body) =>
        staffPost(reference, "replies", { body, version }),
      ),
    );
    expect(results.map((result) => result.statusCode).sort()).toEqual([200, 409]);
    expect(await threadRows(reference)).toHaveLength(1);
  });

  it("gives empty and overlong replies a clear message", async () => {
    const { reference } = await fileTicket(ctx);
    const { version } = await open(reference);
    const empty = await staffPost(reference, "replies", { body: "   ", version });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ field: "body" });
    expect(empty.json().issues[0].message).toBe(SUPPORT_THREAD_MESSAGES.empty);
    const long = await staffPost(reference, "replies", { body: "x".repeat(10_000), version });
    expect(long.statusCode).toBe(400);
    expect(long.json().issues[0].message).toBe(SUPPORT_THREAD_MESSAGES.tooLong);
    const fits = await staffPost(reference, "replies", {
      body: "y".repeat(THREAD_ENTRY_MAX),
      version,
    });
    expect(fits.statusCode).toBe(200);
  });

  it("opens a ticket only with its own link, unchanged and unexpired", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    const { reference, email } = await fileTicket(ctx);
    const other = await fileTicket(ctx);
    const { token } = ticketLinkIn((await latestMailTo(ctx, email)).textBody, "View your ticket");
    const otherToken = ticketLinkIn(
      (await latestMailTo(ctx, other.email)).textBody,
      "View your ticket",
    ).token;

    expect((await customerRead(reference, token)).statusCode).toBe(200);
    const forbidden = [
      otherToken,
      `${token.slice(0, 32)}${Number(token.slice(32)) + 86_400}`,
      `${"A".repeat(32)}${token.slice(32)}`,
      "",
    ];
    for (const bad of forbidden) {
      const response = await customerRead(reference, bad);
      expect(response.statusCode, bad).toBe(403);
      expect(response.json().message).toBe(SUPPORT_THREAD_MESSAGES.badLink);
      expect((await customerAnswer(reference, bad, "Let me in")).statusCode).toBe(403);
    }
    vi.setSystemTime(start + 30 * DAY);
    expect((await customerRead(reference, token)).statusCode).toBe(403);
    expect(await threadRows(reference)).toEqual([]);
  });

  it("lists a signed-in customer's own tickets with links that open them, and no one else's", async () => {
    const customer = await signUpCustomer(ctx.app);
    const file = (email: string) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/support/tickets",
        payload: {
          name: "Asha Das",
          email,
          queryType: "others",
          message: "Do you deliver on Sundays?",
        },
        headers: { origin: TEST_ORIGIN, cookie: customer.cookie },
        remoteAddress: freshAddress(),
      });
    const { reference } = (await file(customer.email)).json();
    // Filed from the same account under someone else's address: their replies are not ours.
    const other = (await file("somebody.else@example.in")).json().reference;
    const mine = await ctx.app.inject({
      method: "GET",
      url: "/api/support/my-tickets",
      headers: { cookie: customer.cookie },
    });
    expect(mine.statusCode).toBe(200);
    const listed = mine.json().tickets;
    expect(listed.map((ticket: { reference: string }) => ticket.reference)).toEqual([reference]);
    expect(listed[0]).toMatchObject({ status: "open", queryType: "others" });
    expect(other).not.toBe(reference);
    const token = new URL(listed[0].path, "http://x").searchParams.get("token")!;
    expect((await customerRead(reference, token)).statusCode).toBe(200);
    const anonymous = await ctx.app.inject({ method: "GET", url: "/api/support/my-tickets" });
    expect(anonymous.statusCode).toBe(401);
  });

  it("takes at most 20 answers to one ticket a day, and shows the customer no staff ids", async () => {
    const { reference, email } = await fileTicket(ctx);
    const { token } = ticketLinkIn((await latestMailTo(ctx, email)).textBody, "View your ticket");
    await staffPost(reference, "notes", { body: "Internal only." });
    for (let answer = 1; answer <= ANSWERS_PER_TICKET_PER_DAY; answer++) {
      expect((await customerAnswer(reference, token, `Answer ${answer}`)).statusCode).toBe(200);
    }
    const flood = await customerAnswer(reference, token, "One more");
    expect(flood.statusCode).toBe(429);
    expect(flood.json().message).toBe(SUPPORT_THREAD_MESSAGES.manyAnswers);
    const thread = (await customerRead(reference, token)).json().thread;
    expect(thread).toHaveLength(ANSWERS_PER_TICKET_PER_DAY);
    expect(thread.map((entry: { id: number }) => entry.id)).toEqual(
      Array.from({ length: ANSWERS_PER_TICKET_PER_DAY }, (_, index) => index + 1),
    );
  });

  it("counts the figures: open and overdue tickets, the first-reply median, unread feedback", async () => {
    const { reference } = await fileTicket(ctx);
    await ctx.database.db
      .update(supportTickets)
      .set({ replyDueAt: new Date(Date.now() - HOUR) })
      .where(eq(supportTickets.reference, reference));
    const figures = async () =>
      (await (await asRelations(ctx))({ method: "GET", url: RELATIONS_FIGURES_API })).json();
    const before = await figures();
    const inbox = (await (await asRelations(ctx))({ method: "GET", url: TICKETS })).json();
    expect(before.openTickets).toBe(inbox.counts.open);
    expect(before.overdueTickets).toBe(inbox.counts.overdue);
    expect(before.overdueTickets).toBeGreaterThanOrEqual(1);

    const { version } = await open(reference);
    await staffPost(reference, "replies", { body: "Here is your answer.", version });
    const after = await figures();
    expect(after.openTickets).toBe(before.openTickets - 1);
    expect(after.overdueTickets).toBe(before.overdueTickets - 1);
    expect(after.medianFirstReplyMinutes).toEqual(expect.any(Number));
  });
});
