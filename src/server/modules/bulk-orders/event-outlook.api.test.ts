import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BULK_PIPELINE_API } from "../../../shared/contracts/bulk-pipeline.ts";
import { EVENT_OUTLOOK_API, type EventOutlook } from "../../../shared/contracts/event-outlook.ts";
import { addDays, shopDate } from "../../../shared/rules/bulk-delivery-date.ts";
import { goodCard, requesterCalls } from "../../testing/bulk-orders.ts";
import { asStaff } from "../../testing/inventory.ts";
import { signInStaff } from "../../testing/staff.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";
import { products } from "../inventory/schema.ts";
import { createTestGateway } from "../payments/test-gateway.ts";

let keys = 0;

describe.each(testDatabaseKinds)("Inventory's outlook of event orders on %s", (kind) => {
  const gateway = createTestGateway();
  const ctx = useTestApp(kind, {}, { gateway });
  const calls = requesterCalls(ctx);
  const relations = async () => asStaff(ctx.app, await signInStaff(ctx.app, "customer-relations"));
  const inventory = async () => asStaff(ctx.app, await signInStaff(ctx.app, "inventory"));

  async function quoted(inDays: number, lines: { productId: string; quantity: number }[]) {
    const { ticketId, browser } = await calls.submitted({
      deliveryDate: addDays(shopDate(new Date()), inDays),
    });
    const as = await relations();
    const url = `${BULK_PIPELINE_API}/${ticketId}`;
    const { version } = (await as({ method: "GET", url })).json();
    const response = await as({
      method: "POST",
      url: `${url}/quote`,
      payload: { lines, notes: "", version },
    });
    expect(response.statusCode, response.body).toBe(200);
    return { ticketId, browser, version: response.json().version as number };
  }
  const outlook = async (): Promise<EventOutlook> => {
    const response = await (await inventory())({ method: "GET", url: EVENT_OUTLOOK_API });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const dayOf = (view: EventOutlook, inDays: number) =>
    view.days.find((day) => day.date === addDays(shopDate(new Date()), inDays));

  it("plans each day's lines, promised once paid and held while quoted, with shortfalls adding up", async () => {
    const [{ stock }] = (await ctx.database.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, "cabbage"))) as [{ stock: number }];
    const first = await quoted(20, [
      { productId: "cabbage", quantity: stock - 5 },
      { productId: "carrots", quantity: 10_000 },
    ]);
    expect(
      (await calls.pay(first.ticketId, first.browser, goodCard(), `outlook-${++keys}`)).statusCode,
    ).toBe(200);
    const second = await quoted(22, [{ productId: "cabbage", quantity: 15 }]);
    const view = await outlook();
    const twenty = dayOf(view, 20)!;
    expect(twenty.orders).toEqual([
      expect.objectContaining({ ticketId: first.ticketId, status: "advance_paid" }),
    ]);
    expect(twenty.lines.find((line) => line.productId === "cabbage")).toMatchObject({
      committed: stock - 5,
      quoted: 0,
      stock,
      shortBy: 0,
    });
    // All but 5 promised on the 20th and 15 quoted on the 22nd: 10 more than is on hand.
    expect(dayOf(view, 22)!.lines).toEqual([
      expect.objectContaining({ productId: "cabbage", committed: 0, quoted: 15, shortBy: 10 }),
    ]);

    // Cancelled, the second quote leaves the outlook.
    const as = await relations();
    const cancelled = await as({
      method: "POST",
      url: `${BULK_PIPELINE_API}/${second.ticketId}/cancel`,
      payload: { version: second.version, reason: "Event called off" },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(dayOf(await outlook(), 22)).toBeUndefined();
  });

  it("is the Inventory Manager's: another dashboard's member and a guest are refused", async () => {
    expect((await (await relations())({ method: "GET", url: EVENT_OUTLOOK_API })).statusCode).toBe(
      403,
    );
    expect((await ctx.app.inject({ method: "GET", url: EVENT_OUTLOOK_API })).statusCode).toBe(401);
  });
});
