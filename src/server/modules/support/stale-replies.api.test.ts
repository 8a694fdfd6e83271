import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { StaffTicket } from "../../../shared/contracts/support-inbox.ts";
import { mailOutbox, supportMessages, supportTickets } from "../../db/schema/index.ts";
import { freshAddress, TEST_ORIGIN } from "../../testing/customers.ts";
import { seededMember } from "../../testing/staff.ts";
import {
  asRelations,
  fileTicket,
  latestMailTo,
  TICKETS,
  ticketLinkIn,
} from "../../testing/support.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

// A reply sent on a ticket that changed after the desk opened it is refused with what changed,
// who changed it and when; "send anyway" goes with the version the refusal names; a reply sent
// again with its Idempotency-Key is answered once and mailed once.
describe.each(testDatabaseKinds)("replies to a changed ticket on %s", (kind) => {
  const ctx = useTestApp(kind);
  const relations = seededMember("customer-relations");

  const open = async (reference: string) =>
    (
      await (
        await asRelations(ctx)
      )({ method: "GET", url: `${TICKETS}/${reference}` })
    ).json() as StaffTicket;
  const reply = async (
    reference: string,
    payload: { body: string; version: number },
    key?: string,
  ) =>
    (await asRelations(ctx))({
      method: "POST",
      url: `${TICKETS}/${reference}/replies`,
      payload,
      headers: key ? { "idempotency-key": key } : {},
    });
  const mailsTo = async (email: string) =>
    ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
  const replies = async (reference: string) => {
    const [ticket] = await ctx.database.db
      .select({ id: supportTickets.id })
      .from(supportTickets)
      .where(eq(supportTickets.reference, reference));
    return ctx.database.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.ticketId, ticket!.id));
  };
  const key = () => `draft-${crypto.randomUUID()}`;

  it("refuses a reply after another desk's reply, names who and when, and sends anyway with the new version", async () => {
    const { reference, email } = await fileTicket(ctx);
    const seen = await open(reference);
    const first = await reply(reference, { body: "On its way!", version: seen.version }, key());
    expect(first.statusCode).toBe(200);
    const mails = (await mailsTo(email)).length;

    const late = await reply(reference, { body: "Sorry, checking now.", version: seen.version });
    expect(late.statusCode).toBe(409);
    const refusal = late.json();
    expect(refusal.code).toBe("CONFLICT");
    expect(refusal.change).toMatchObject({
      kind: "replied",
      by: relations.name,
      version: first.json().version,
      count: 1,
    });
    expect(Math.abs(Date.parse(refusal.change.at) - Date.now())).toBeLessThan(60_000);
    expect(refusal.message).toMatch(
      new RegExp(`^${relations.name} replied at \\d{1,2}:\\d{2} [ap]m\\. Your reply was not sent`),
    );
    expect(await replies(reference)).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(mails);

    const anyway = await reply(reference, {
      body: "Sorry, checking now.",
      version: refusal.change.version,
    });
    expect(anyway.statusCode).toBe(200);
    expect((anyway.json() as StaffTicket).thread.map((entry) => entry.body)).toEqual([
      "On its way!",
      "Sorry, checking now.",
    ]);
    expect(await mailsTo(email)).toHaveLength(mails + 1);
  });

  it("names the customer's answer and a resolve, and counts the changes since", async () => {
    const { reference, email } = await fileTicket(ctx, { name: "Asha Das" });
    const seen = await open(reference);
    await reply(reference, { body: "Which street?", version: seen.version });
    const { token } = ticketLinkIn((await latestMailTo(ctx, email)).textBody, "Read and answer");
    const answered = await ctx.app.inject({
      method: "POST",
      url: `/api/support/tickets/${reference}/answers`,
      payload: { token, body: "Station Square." },
      headers: { origin: TEST_ORIGIN },
      remoteAddress: freshAddress(),
    });
    expect(answered.statusCode).toBe(200);

    const stale = await reply(reference, { body: "Hello?", version: seen.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().change).toMatchObject({ kind: "answered", by: "Asha Das", count: 2 });
    expect(stale.json().message).toMatch(/^The customer, Asha Das, wrote again at .*\(2 changes/);

    const now = await open(reference);
    const resolve = await (await asRelations(ctx))({
      method: "POST",
      url: `${TICKETS}/${reference}/resolve`,
      payload: { version: now.version },
    });
    expect(resolve.statusCode).toBe(200);
    const afterResolve = await reply(reference, { body: "Hello?", version: now.version });
    expect(afterResolve.statusCode).toBe(409);
    expect(afterResolve.json().change).toMatchObject({ kind: "resolved", by: relations.name });
  });

  it("lets one of two replies sent at once through, whatever their keys", async () => {
    const { reference, email } = await fileTicket(ctx);
    const { version } = await open(reference);
    const mails = (await mailsTo(email)).length;
    const results = await Promise.all([
      reply(reference, { body: "First desk", version }, key()),
      reply(reference, { body: "Second desk", version }, key()),
    ]);
    expect(results.map((result) => result.statusCode).sort()).toEqual([200, 409]);
    const refused = results.find((result) => result.statusCode === 409)!.json();
    expect(refused.change.kind).toBe("replied");
    expect(await replies(reference)).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(mails + 1);
  });

  it("answers a reply sent again with its key, at once or later, and mails it once", async () => {
    const { reference, email } = await fileTicket(ctx);
    const { version } = await open(reference);
    const mails = (await mailsTo(email)).length;
    const draft = key();
    const payload = { body: "Your refund is on its way.", version };
    const together = await Promise.all([
      reply(reference, payload, draft),
      reply(reference, payload, draft),
    ]);
    expect(together.map((result) => result.statusCode)).toEqual([200, 200]);
    expect(together.filter((result) => result.headers["idempotent-replayed"])).toHaveLength(1);
    const later = await reply(reference, payload, draft);
    expect(later.statusCode).toBe(200);
    expect(later.headers["idempotent-replayed"]).toBe("true");
    expect((later.json() as StaffTicket).thread).toHaveLength(1);
    expect(await replies(reference)).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(mails + 1);

    const otherText = await reply(reference, { ...payload, body: "Something else" }, draft);
    expect(otherText.statusCode).toBe(422);
    expect(otherText.json().code).toBe("IDEMPOTENCY_KEY_REUSED");
    const badKey = await reply(reference, payload, "no");
    expect(badKey.statusCode).toBe(400);
    expect(await replies(reference)).toHaveLength(1);
  });

  it("sends anyway with the same key after a refusal, once", async () => {
    const { reference } = await fileTicket(ctx);
    const seen = await open(reference);
    await reply(reference, { body: "From the other desk", version: seen.version }, key());
    const draft = key();
    const refused = await reply(reference, { body: "Mine", version: seen.version }, draft);
    expect(refused.statusCode).toBe(409);
    const anyway = { body: "Mine", version: refused.json().change.version };
    expect((await reply(reference, anyway, draft)).statusCode).toBe(200);
    const again = await reply(reference, anyway, draft);
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect((await replies(reference)).map((entry) => entry.body)).toEqual([
      "From the other desk",
      "Mine",
    ]);
  });
});
