import { describe, expect, it } from "vitest";
import { type LowRatingsPage, RATINGS_API } from "../../../shared/contracts/customer-voice.ts";
import type { StaffTicket } from "../../../shared/contracts/support-inbox.ts";
import { placeTestOrder } from "../../testing/sales.ts";
import { asRelations, fileTicket, ratedOrder, TICKETS } from "../../testing/support.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

describe.each(testDatabaseKinds)("the orders a ticket is about on %s", (kind) => {
  const ctx = useTestApp(kind);

  const read = async (reference: string) =>
    (
      await (
        await asRelations(ctx)
      )({ method: "GET", url: `${TICKETS}/${reference}` })
    ).json() as StaffTicket;

  it("names the ticket's own order and the store's orders its conversation mentions, once each", async () => {
    const own = await placeTestOrder(ctx.app, [{ productId: "tomatoes", quantity: 1_000 }]);
    const mentioned = await placeTestOrder(ctx.app, [{ productId: "tomatoes", quantity: 1_000 }]);
    const ticket = await fileTicket(ctx, {
      orderNumber: own.orderNumber,
      message: `Also ${mentioned.orderNumber.toLowerCase()} and FHH-000000 (a typo), and ${own.orderNumber} again.`,
    });
    const opened = await read(ticket.reference);
    expect(opened.orders.map((order) => order.orderNumber)).toEqual([
      own.orderNumber,
      mentioned.orderNumber,
    ]);
    expect(opened.orders[1]).toMatchObject({ status: "placed", paymentMethod: "cash" });
    expect((await read((await fileTicket(ctx)).reference)).orders).toEqual([]);
  });

  it("lists a low rating's earlier tickets about the same order, oldest first, without its follow-up", async () => {
    const { orderNumber } = await ratedOrder(ctx, 1);
    const first = await fileTicket(ctx, { orderNumber, message: "Tomatoes were soft." });
    const second = await fileTicket(ctx, { orderNumber, message: "Still waiting on a refund." });
    await fileTicket(ctx, { message: "Another order entirely." });
    const relations = await asRelations(ctx);
    const followUp = await relations({
      method: "POST",
      url: `${RATINGS_API}/${orderNumber}/follow-ups`,
      payload: { body: "Sorry about the tomatoes." },
    });
    expect(followUp.statusCode, followUp.body).toBe(201);
    const page = (
      await relations({ method: "GET", url: `${RATINGS_API}/low` })
    ).json() as LowRatingsPage;
    const rating = page.ratings.find((entry) => entry.orderNumber === orderNumber);
    expect(rating?.earlierTickets).toEqual([first.reference, second.reference]);
    expect(rating?.ticketReference).toBe(followUp.json().reference);
    const other = await ratedOrder(ctx, 2);
    const listed = (
      await relations({ method: "GET", url: `${RATINGS_API}/low` })
    ).json() as LowRatingsPage;
    expect(listed.ratings.find((entry) => entry.orderNumber === other.orderNumber)).toMatchObject({
      earlierTickets: [],
    });
  });
});
