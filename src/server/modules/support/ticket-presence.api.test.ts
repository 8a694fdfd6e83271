import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIVE_TOPICS } from "../../../shared/contracts/live-topics.ts";
import { freshAddress, signUpCustomer, TEST_ORIGIN } from "../../testing/customers.ts";
import { seededMember, signInStaff } from "../../testing/staff.ts";
import { type OpenStream, openStaffStream } from "../../testing/staff-stream.ts";
import { fileTicket, TICKETS } from "../../testing/support.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

// A desk's heartbeat on a ticket: only Customer Relations may send it, it names a real ticket,
// and it reaches the desk's live streams as a named "presence" event signed with the member the
// session belongs to, never another dashboard's stream.
describe.each(testDatabaseKinds)("a desk's presence on a ticket on %s", (kind) => {
  const ctx = useTestApp(kind);
  const streams: OpenStream[] = [];
  let baseUrl = "";
  beforeAll(async () => {
    await ctx.app.listen({ host: "127.0.0.1", port: 0 });
    baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    for (const stream of streams) stream.close();
  });

  const beat = (reference: string, payload: unknown, cookie?: string) =>
    ctx.app.inject({
      method: "POST",
      url: `${TICKETS}/${reference}/presence`,
      payload: payload as object,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      remoteAddress: freshAddress(),
    });
  const tab = () => `tab-${crypto.randomUUID()}`;

  it("is for Customer Relations only: 401 without a session, 403 for a customer or Sales", async () => {
    const { reference } = await fileTicket(ctx);
    const payload = { tab: tab(), activity: "viewing" };
    expect((await beat(reference, payload)).statusCode).toBe(401);
    const customer = await signUpCustomer(ctx.app);
    expect((await beat(reference, payload, customer.cookie)).statusCode).toBe(403);
    const sales = await signInStaff(ctx.app, "sales");
    expect((await beat(reference, payload, sales)).statusCode).toBe(403);
  });

  it("refuses a bad beat with a clear 400, and an unknown ticket with 404", async () => {
    const { reference } = await fileTicket(ctx);
    const relations = await signInStaff(ctx.app, "customer-relations");
    const refused = [
      { tab: "short", activity: "viewing" },
      { tab: tab(), activity: "dancing" },
      // Who is on the ticket comes from the session, never from the body.
      { tab: tab(), activity: "viewing", member: "staff-sales", name: "Someone else" },
    ];
    for (const payload of refused) {
      const response = await beat(reference, payload, relations);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toMatch(/window id|viewing, replying or left|Unknown field/);
    }
    const unknown = await beat("SUP-000001", { tab: tab(), activity: "viewing" }, relations);
    expect(unknown.statusCode).toBe(404);
  });

  it("reaches the desk's streams as a presence event, signed with the session's member, and no other dashboard's", async () => {
    const { reference } = await fileTicket(ctx);
    const relations = await signInStaff(ctx.app, "customer-relations");
    const desk = await openStaffStream(baseUrl, relations);
    const sales = await openStaffStream(baseUrl, await signInStaff(ctx.app, "sales"));
    streams.push(desk, sales);
    expect(desk.status).toBe(200);
    const window = tab();
    const sent = await beat(reference, { tab: window, activity: "replying" }, relations);
    expect(sent.statusCode).toBe(204);
    const member = seededMember("customer-relations");
    const event = await desk.waitFor(
      (candidate) => (candidate as { presence?: { tab: string } }).presence?.tab === window,
    );
    expect(event).toEqual({
      topic: LIVE_TOPICS.ticketPresence,
      dashboards: ["customer-relations"],
      id: reference,
      presence: { tab: window, activity: "replying", member: member.id, name: member.name },
    });
    // Named, so pages that refetch on every change never take it for one.
    expect(desk.text()).toContain(`event: presence\ndata: ${JSON.stringify(event)}`);
    expect(await beat(reference, { tab: window, activity: "left" }, relations)).toMatchObject({
      statusCode: 204,
    });
    await desk.waitFor(
      (candidate) =>
        (candidate as { presence?: { activity: string } }).presence?.activity === "left",
    );
    expect(sales.text()).not.toContain(window);
  });
});
