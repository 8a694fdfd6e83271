import { randomInt } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  INBOX_SEARCH_MESSAGES,
  type InboxPage,
  type StaffTicket,
} from "../../../shared/contracts/support-inbox.ts";
import { MAX_SEARCH_LENGTH } from "../../../shared/rules/product-filters.ts";
import { asStaff } from "../../testing/inventory.ts";
import { signInStaff } from "../../testing/staff.ts";
import { asRelations, fileTicket, TICKETS } from "../../testing/support.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

/** A word no other ticket of the suite has. */
const unique = (prefix: string) => `${prefix}${randomInt(100_000, 999_999)}`;
const orderNumber = () => `FHH-${randomInt(100_000, 999_999)}`;

describe.each(testDatabaseKinds)("the inbox's search and filters on %s", (kind) => {
  const ctx = useTestApp(kind);

  const list = async (query: Record<string, string>) => {
    const response = await (await asRelations(ctx))({
      method: "GET",
      url: `${TICKETS}?${new URLSearchParams(query)}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as InboxPage).tickets.map((ticket) => ticket.reference);
  };

  it("finds a ticket by its reference, the customer's name, email and phone, its order and its words", async () => {
    const name = unique("Sasmita Das");
    const phoneDigits = `9${randomInt(100_000_000, 999_999_999)}`;
    const named = orderNumber();
    const mentioned = orderNumber();
    const word = unique("mango");
    const ticket = await fileTicket(ctx, {
      name,
      phone: `${phoneDigits.slice(0, 5)} ${phoneDigits.slice(5)}`,
      orderNumber: named,
      message: `The ${word} were bruised. My earlier order ${mentioned} was fine.`,
    });
    const other = await fileTicket(ctx);
    for (const q of [
      ticket.reference,
      ticket.reference.toLowerCase(),
      name.toLowerCase(),
      ticket.email.toUpperCase(),
      phoneDigits,
      `+91 ${phoneDigits}`,
      named,
      mentioned,
      word,
    ]) {
      expect(await list({ q }), q).toEqual([ticket.reference]);
    }
    expect(await list({ q: other.reference })).toEqual([other.reference]);
  });

  it("finds words the shop or the customer wrote later in the conversation", async () => {
    const ticket = await fileTicket(ctx);
    const open = await (await asRelations(ctx))({
      method: "GET",
      url: `${TICKETS}/${ticket.reference}`,
    });
    const { version } = open.json() as StaffTicket;
    const word = unique("replacement");
    const reply = await (await asRelations(ctx))({
      method: "POST",
      url: `${TICKETS}/${ticket.reference}/replies`,
      payload: { body: `A ${word} is on its way.`, version },
    });
    expect(reply.statusCode).toBe(200);
    // The reply moved it to "waiting": the search keeps to the tab it is asked on.
    expect(await list({ q: word })).toEqual([]);
    expect(await list({ q: word, status: "waiting" })).toEqual([ticket.reference]);
  });

  it("reads %, _ and \\ as the letters they are", async () => {
    const tag = unique("code");
    const percent = await fileTicket(ctx, { message: `Was the ${tag} 100% off?` });
    const digits = await fileTicket(ctx, { message: `Was the ${tag} 1000 off?` });
    const underscore = await fileTicket(ctx, { message: `My coupon ${tag}_x failed` });
    const letter = await fileTicket(ctx, { message: `My coupon ${tag}ax failed` });
    const slash = await fileTicket(ctx, { message: `Path ${tag}\\y here` });
    expect(await list({ q: `${tag} 100%` })).toEqual([percent.reference]);
    expect(await list({ q: `${tag}_x` })).toEqual([underscore.reference]);
    expect(await list({ q: `${tag}\\y` })).toEqual([slash.reference]);
    expect((await list({ q: tag })).sort()).toEqual(
      [percent, digits, underscore, letter, slash].map((ticket) => ticket.reference).sort(),
    );
    expect(await list({ q: "%" })).not.toContain(letter.reference);
    expect(await list({ q: "_" })).not.toContain(letter.reference);
  });

  it("filters by type and by age, together with the search", async () => {
    const tag = unique("batch");
    const refund = await fileTicket(ctx, { queryType: "refund_request", message: `${tag} refund` });
    const status = await fileTicket(ctx, { queryType: "order_status", message: `${tag} status` });
    const old = await fileTicket(ctx, { queryType: "refund_request", message: `${tag} old` });
    const older = await fileTicket(ctx, { queryType: "others", message: `${tag} older` });
    const backdate = (reference: string, interval: string) =>
      ctx.database.db.execute(sql`
        update support_tickets set created_at = now() - ${interval}::interval
        where reference = ${reference}`);
    await backdate(old.reference, "2 days");
    await backdate(older.reference, "9 days");
    const sorted = (tickets: { reference: string }[]) =>
      tickets.map((ticket) => ticket.reference).sort();

    expect((await list({ q: tag, type: "refund_request" })).sort()).toEqual(sorted([refund, old]));
    expect((await list({ q: tag, age: "hour" })).sort()).toEqual(sorted([refund, status]));
    expect((await list({ q: tag, age: "today" })).sort()).toEqual(sorted([refund, status]));
    expect((await list({ q: tag, age: "day" })).sort()).toEqual(sorted([old, older]));
    expect(await list({ q: tag, age: "week" })).toEqual([older.reference]);
    expect(await list({ q: tag, age: "day", type: "refund_request" })).toEqual([old.reference]);
    expect(await list({ q: tag, type: "bulk_order" })).toEqual([]);
  });

  it("refuses a search longer than the store's limit and types or ages it does not have", async () => {
    const relations = await asRelations(ctx);
    const ask = (query: Record<string, string>) =>
      relations({ method: "GET", url: `${TICKETS}?${new URLSearchParams(query)}` });
    const long = await ask({ q: "a".repeat(MAX_SEARCH_LENGTH + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain(INBOX_SEARCH_MESSAGES.tooLong);
    expect((await ask({ q: "a".repeat(MAX_SEARCH_LENGTH) })).statusCode).toBe(200);
    const type = await ask({ type: "wedding" });
    expect(type.statusCode).toBe(400);
    expect(type.body).toContain(INBOX_SEARCH_MESSAGES.type);
    const age = await ask({ age: "year" });
    expect(age.statusCode).toBe(400);
    expect(age.body).toContain(INBOX_SEARCH_MESSAGES.age);
  });

  it("searches for Customer Relations only", async () => {
    const ticket = await fileTicket(ctx);
    const url = `${TICKETS}?q=${ticket.reference}`;
    const sales = asStaff(ctx.app, await signInStaff(ctx.app, "sales"));
    expect((await sales({ method: "GET", url })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: "GET", url })).statusCode).toBe(401);
  });
});
