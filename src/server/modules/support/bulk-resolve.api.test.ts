import { describe, expect, it } from "vitest";
import {
  BULK_RESOLVE_MAX,
  BULK_RESOLVE_MESSAGES,
  type BulkResolveResult,
  type StaffTicket,
  SUPPORT_THREAD_MESSAGES,
} from "../../../shared/contracts/support-inbox.ts";
import { TEST_ORIGIN } from "../../testing/customers.ts";
import { asStaff, auditOf } from "../../testing/inventory.ts";
import { seededMember, signInStaff } from "../../testing/staff.ts";
import { asRelations, fileTicket, TICKETS } from "../../testing/support.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

const BULK = `${TICKETS}/bulk-resolve`;

describe.each(testDatabaseKinds)("resolving several tickets at once on %s", (kind) => {
  const ctx = useTestApp(kind);
  const relations = seededMember("customer-relations");

  const read = async (reference: string) =>
    (
      await (
        await asRelations(ctx)
      )({ method: "GET", url: `${TICKETS}/${reference}` })
    ).json() as StaffTicket;
  const seen = async (reference: string) => ({
    reference,
    version: (await read(reference)).version,
  });
  const resolve = async (tickets: { reference: string; version: number }[]) =>
    (await asRelations(ctx))({ method: "POST", url: BULK, payload: { tickets } });

  it("resolves each selected ticket with its own audit entry, as a single resolve would", async () => {
    const first = await fileTicket(ctx);
    const second = await fileTicket(ctx);
    const response = await resolve([await seen(first.reference), await seen(second.reference)]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      resolved: [first.reference, second.reference],
      refused: [],
    } satisfies BulkResolveResult);
    for (const { reference } of [first, second]) {
      const ticket = await read(reference);
      expect(ticket.status).toBe("resolved");
      expect(ticket.replyDueAt).toBeNull();
      expect(ticket.updatedBy).toBe(relations.name);
      expect(await auditOf(ctx, reference)).toEqual([
        {
          action: "ticket.resolve",
          before: { status: "open" },
          after: { status: "resolved" },
          staff_name: relations.name,
          role: "customer-relations",
        },
      ]);
    }
  });

  it("reports a ticket changed or resolved meanwhile instead of overwriting it, and resolves the rest", async () => {
    const fresh = await fileTicket(ctx);
    const answered = await fileTicket(ctx);
    const resolved = await fileTicket(ctx);
    const asSeen = [await seen(fresh.reference), await seen(answered.reference)];
    // A colleague replies to one, and resolves another, after the member selected them.
    const reply = await (await asRelations(ctx))({
      method: "POST",
      url: `${TICKETS}/${answered.reference}/replies`,
      payload: { body: "On its way.", version: asSeen[1]!.version },
    });
    expect(reply.statusCode).toBe(200);
    const resolvedSeen = await seen(resolved.reference);
    expect((await resolve([resolvedSeen])).json().resolved).toEqual([resolved.reference]);

    const response = await resolve([
      ...asSeen,
      { reference: resolved.reference, version: resolvedSeen.version + 1 },
      { reference: "SUP-000000", version: 1 },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      resolved: [fresh.reference],
      refused: [
        { reference: answered.reference, message: BULK_RESOLVE_MESSAGES.changed(relations.name) },
        { reference: resolved.reference, message: SUPPORT_THREAD_MESSAGES.resolvedAlready },
        { reference: "SUP-000000", message: SUPPORT_THREAD_MESSAGES.noTicket },
      ],
    } satisfies BulkResolveResult);
    expect((await read(answered.reference)).status).toBe("waiting");
    expect((await auditOf(ctx, answered.reference)).map((entry) => entry.action)).toEqual([
      "ticket.reply",
    ]);
  });

  it("resolves each ticket once when the same selection is sent twice at once", async () => {
    const tickets = [];
    for (let count = 0; count < 3; count += 1)
      tickets.push(await seen((await fileTicket(ctx)).reference));
    const [one, two] = await Promise.all([resolve(tickets), resolve(tickets)]);
    const answers = [one!.json() as BulkResolveResult, two!.json() as BulkResolveResult];
    expect(answers.flatMap((answer) => answer.resolved).sort()).toEqual(
      tickets.map((ticket) => ticket.reference).sort(),
    );
    expect(answers.flatMap((answer) => answer.refused)).toHaveLength(tickets.length);
    for (const { reference } of tickets) {
      expect((await auditOf(ctx, reference)).map((entry) => entry.action)).toEqual([
        "ticket.resolve",
      ]);
    }
    // A replay later changes nothing and says why.
    const replay = (await resolve(tickets)).json() as BulkResolveResult;
    expect(replay.resolved).toEqual([]);
    expect(new Set(replay.refused.map((refusal) => refusal.message))).toEqual(
      new Set([SUPPORT_THREAD_MESSAGES.resolvedAlready]),
    );
  });

  it("takes at most the cap, each ticket once, and at least one", async () => {
    const many = Array.from({ length: BULK_RESOLVE_MAX + 1 }, (_, index) => ({
      reference: `SUP-${String(index).padStart(6, "0")}`,
      version: 1,
    }));
    const tooMany = await resolve(many);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain(`Resolve at most ${BULK_RESOLVE_MAX} tickets at once`);
    expect((await resolve(many.slice(0, BULK_RESOLVE_MAX))).statusCode).toBe(200);
    const twice = await resolve([many[0]!, many[0]!]);
    expect(twice.statusCode).toBe(400);
    expect(twice.body).toContain("Each ticket may be named once");
    expect((await resolve([])).statusCode).toBe(400);
    expect((await resolve([{ reference: "FHH-123456", version: 1 }])).statusCode).toBe(400);
  });

  it("is Customer Relations' alone", async () => {
    const ticket = await fileTicket(ctx);
    const payload = { tickets: [await seen(ticket.reference)] };
    const sales = asStaff(ctx.app, await signInStaff(ctx.app, "sales"));
    expect((await sales({ method: "POST", url: BULK, payload })).statusCode).toBe(403);
    const inventory = asStaff(ctx.app, await signInStaff(ctx.app, "inventory"));
    expect((await inventory({ method: "POST", url: BULK, payload })).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      method: "POST",
      url: BULK,
      payload,
      headers: { origin: TEST_ORIGIN },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await read(ticket.reference)).status).toBe("open");
  });
});
