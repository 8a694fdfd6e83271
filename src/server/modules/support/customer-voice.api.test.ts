import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  FEEDBACK_API,
  RATINGS_API,
  VOICE_MESSAGES,
} from "../../../shared/contracts/customer-voice.ts";
import { supportTickets } from "../../db/schema/index.ts";
import { auditOf } from "../../testing/inventory.ts";
import { seededMember } from "../../testing/staff.ts";
import {
  asRelations,
  latestMailTo,
  ratedOrder,
  sendFeedback,
  TICKETS,
  ticketLinkIn,
} from "../../testing/support.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

describe.each(testDatabaseKinds)("feedback and ratings for Customer Relations on %s", (kind) => {
  const ctx = useTestApp(kind);
  const relations = seededMember("customer-relations");
  const as = async () => asRelations(ctx);
  const ticket = async (reference: string) =>
    (
      await ctx.database.db
        .select()
        .from(supportTickets)
        .where(eq(supportTickets.reference, reference))
    )[0]!;

  it("lists feedback newest first with the unread count, and marks a message read once", async () => {
    const first = await sendFeedback(ctx, "The spinach was very fresh.");
    const second = await sendFeedback(ctx, "Please stock <b>jackfruit</b>!");
    const page = (await (await as())({ method: "GET", url: FEEDBACK_API })).json();
    const ids = page.messages.map((message: { id: number }) => message.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(page.messages[ids.indexOf(second.id)]).toMatchObject({
      message: "Please stock <b>jackfruit</b>!",
      readAt: null,
      ticketReference: null,
    });
    const unread = page.unread;
    expect(unread).toBeGreaterThanOrEqual(2);

    for (let time = 0; time < 2; time++) {
      const read = await (await as())({ method: "POST", url: `${FEEDBACK_API}/${first.id}/read` });
      expect(read.statusCode).toBe(204);
    }
    const after = (await (await as())({ method: "GET", url: FEEDBACK_API })).json();
    expect(after.unread).toBe(unread - 1);
    expect(after.messages.find((message: { id: number }) => message.id === first.id)).toMatchObject(
      { readBy: relations.name },
    );
    expect((await auditOf(ctx, String(first.id))).map((entry) => entry.action)).toContain(
      "feedback.read",
    );
    const missing = await (await as())({ method: "POST", url: `${FEEDBACK_API}/999999/read` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(VOICE_MESSAGES.noFeedback);
  });

  it("answers feedback by email: a conversation opens with the sender's words, once", async () => {
    const { id, email } = await sendFeedback(ctx, "Could you deliver before 7 am?");
    const replied = await (await as())({
      method: "POST",
      url: `${FEEDBACK_API}/${id}/replies`,
      payload: { body: "We start at 7 am; we will tell you when that changes." },
    });
    expect(replied.statusCode).toBe(201);
    const { reference } = replied.json();
    expect(await ticket(reference)).toMatchObject({
      status: "waiting",
      origin: "feedback",
      queryType: "feedback",
      message: "Could you deliver before 7 am?",
      email,
      replyDueAt: null,
    });
    const mail = await latestMailTo(ctx, email);
    expect(mail.subject).toBe(`Re: your message ${reference}`);
    expect(mail.textBody).toContain("we will tell you when that changes.");
    expect(ticketLinkIn(mail.textBody, "Read and answer").path).toBe(
      `/support/ticket/${reference}`,
    );

    const page = (await (await as())({ method: "GET", url: FEEDBACK_API })).json();
    expect(page.messages.find((message: { id: number }) => message.id === id)).toMatchObject({
      ticketReference: reference,
      readBy: relations.name,
    });
    const again = await (await as())({
      method: "POST",
      url: `${FEEDBACK_API}/${id}/replies`,
      payload: { body: "A second first reply" },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(VOICE_MESSAGES.alreadyFollowedUp(reference));
    const empty = await (await as())({
      method: "POST",
      url: `${FEEDBACK_API}/${id}/replies`,
      payload: { body: " " },
    });
    expect(empty.statusCode).toBe(400);
  });

  it("sums up ratings: averages, the spread of stars and today's point of the trend", async () => {
    const before = (await (await as())({ method: "GET", url: RATINGS_API })).json();
    await ratedOrder(ctx, 5);
    await ratedOrder(ctx, 4);
    await ratedOrder(ctx, 1);
    const summary = (await (await as())({ method: "GET", url: RATINGS_API })).json();
    expect(summary.count7).toBe(before.count7 + 3);
    expect(summary.count30).toBe(before.count30 + 3);
    const stars = (count: number, n: number) =>
      summary.distribution.find((entry: { stars: number }) => entry.stars === n).count - count;
    const was = (n: number) =>
      before.distribution.find((entry: { stars: number }) => entry.stars === n).count;
    expect([stars(was(5), 5), stars(was(4), 4), stars(was(1), 1)]).toEqual([1, 1, 1]);
    const total = summary.distribution.reduce(
      (sum: number, entry: { stars: number; count: number }) => sum + entry.stars * entry.count,
      0,
    );
    expect(summary.average30).toBeCloseTo(total / summary.count30, 2);
    expect(summary.trend.at(-1).count).toBeGreaterThanOrEqual(3);
  });

  it("lists a 1-star rating and follows it up once, even when pressed twice at once", async () => {
    const low = await ratedOrder(ctx, 1);
    const good = await ratedOrder(ctx, 5);
    const page = (await (await as())({ method: "GET", url: `${RATINGS_API}/low` })).json();
    expect(page.ratings[0]).toMatchObject({
      orderNumber: low.orderNumber,
      rating: 1,
      email: low.email,
      ticketReference: null,
    });
    const followUp = async (orderNumber: string) =>
      (await as())({
        method: "POST",
        url: `${RATINGS_API}/${orderNumber}/follow-ups`,
        payload: { body: "We are sorry your order disappointed you. What went wrong?" },
      });
    const both = await Promise.all([followUp(low.orderNumber), followUp(low.orderNumber)]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const reference = both.find((response) => response.statusCode === 201)!.json().reference;
    expect(both.find((response) => response.statusCode === 409)!.json().message).toBe(
      VOICE_MESSAGES.alreadyFollowedUp(reference),
    );
    expect(await ticket(reference)).toMatchObject({
      origin: "rating",
      orderNumber: low.orderNumber,
      status: "waiting",
      message: `Rated order ${low.orderNumber} 1 of 5 stars.`,
    });
    expect((await latestMailTo(ctx, low.email)).subject).toBe(`Re: your message ${reference}`);
    const opened = (await (await as())({ method: "GET", url: `${TICKETS}/${reference}` })).json();
    expect(opened).toMatchObject({
      orderFound: true,
      order: { status: "placed", paymentMethod: "cash", totalPaise: expect.any(Number) },
    });
    const listed = (await (await as())({ method: "GET", url: `${RATINGS_API}/low` })).json();
    expect(listed.ratings[0].ticketReference).toBe(reference);

    const notLow = await followUp(good.orderNumber);
    expect(notLow.statusCode).toBe(404);
    expect(notLow.json().message).toBe(VOICE_MESSAGES.noRating);
    expect((await auditOf(ctx, reference)).map((entry) => entry.action)).toEqual(["ticket.reply"]);
    expect((await auditOf(ctx, low.orderNumber)).map((entry) => entry.action)).toEqual([
      "rating.follow_up",
    ]);
  });
});
