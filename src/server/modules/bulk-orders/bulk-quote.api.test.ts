import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { QUOTE_MESSAGES } from "../../../shared/contracts/bulk-orders.ts";
import { BULK_PIPELINE_API } from "../../../shared/contracts/bulk-pipeline.ts";
import { quoteBreakdown } from "../../../shared/rules/bulk-quote.ts";
import { bulkOrderLines, bulkOrders } from "../../db/schema/index.ts";
import { requesterCalls } from "../../testing/bulk-orders.ts";
import { asStaff, INVENTORY } from "../../testing/inventory.ts";
import { signInStaff } from "../../testing/staff.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";
import { products } from "../inventory/schema.ts";

describe.each(testDatabaseKinds)("an event order's quote from catalogue lines on %s", (kind) => {
  const ctx = useTestApp(kind);
  const calls = requesterCalls(ctx);
  const relations = async () => asStaff(ctx.app, await signInStaff(ctx.app, "customer-relations"));
  const url = (ticketId: string) => `${BULK_PIPELINE_API}/${ticketId}`;

  async function quote(ticketId: string, body: Record<string, unknown>) {
    const as = await relations();
    const { version } = (await as({ method: "GET", url: url(ticketId) })).json();
    return as({
      method: "POST",
      url: `${url(ticketId)}/quote`,
      payload: { approveCod: false, notes: "", version, ...body },
    });
  }
  const linesOf = (ticketId: string) =>
    ctx.database.db
      .select({ productId: bulkOrderLines.productId, quantity: bulkOrderLines.quantity })
      .from(bulkOrderLines)
      .innerJoin(bulkOrders, eq(bulkOrders.id, bulkOrderLines.bulkOrderId))
      .where(eq(bulkOrders.ticketId, ticketId))
      .orderBy(bulkOrderLines.position);
  const product = async (id: string) =>
    (await ctx.database.db.select().from(products).where(eq(products.id, id)))[0]!;

  it("prices the lines at the catalogue's prices (or the day's rate) by the shared rule, and mails them", async () => {
    const { ticketId, body, browser } = await calls.submitted();
    const [tomatoes, ghee] = [await product("tomatoes"), await product("desi-ghee")];
    const response = await quote(ticketId, {
      lines: [
        { productId: "tomatoes", quantity: 50_000 },
        { productId: "desi-ghee", quantity: 4, listPricePaise: 95_000 },
      ],
      discountPercent: 10,
      deliveryChargePaise: 1_500_00,
    });
    expect(response.statusCode, response.body).toBe(200);
    const expected = quoteBreakdown(
      [
        {
          listPricePaise: tomatoes.pricePaise,
          quantity: 50_000,
          unit: tomatoes.unit,
          gstRateBps: tomatoes.gstRateBps,
        },
        { listPricePaise: 95_000, quantity: 4, unit: "each", gstRateBps: 500 },
      ],
      { discountPercent: 10, deliveryChargePaise: 1_500_00 },
    );
    const answer = response.json();
    expect(answer.quote).toMatchObject({
      totalPaise: expected.totalPaise,
      gstPaise: expected.gstPaise,
      discountPaise: expected.discountPaise,
      advancePaise: expected.advancePaise,
      balancePaise: expected.balancePaise,
    });
    expect(expected.gstPaise).toBeGreaterThan(0);
    expect(answer).toMatchObject({
      status: "awaiting_payment",
      quotePaise: expected.totalPaise,
      advancePaise: expected.advancePaise,
    });
    expect(answer.quote.lines[1]).toMatchObject({
      productId: "desi-ghee",
      name: ghee.name,
      unit: ghee.unit,
      hsnCode: ghee.hsnCode,
      gstRateBps: 500,
      listPricePaise: 95_000,
      unitPricePaise: 85_500,
    });
    // The planner's page reads the same quote.
    const planner = (await calls.read(ticketId, browser)).json();
    expect(planner.quote).toEqual(answer.quote);
    const [mail] = await calls.mailsTo(body.email);
    expect(mail!.subject).toContain("Your quote");
    expect(mail!.textBody).toContain(`${tomatoes.name}: 50 kg × ₹40.00 per kg`);
    expect(mail!.textBody).toContain("Event discount (10%)");
  });

  it("a new quote before payment replaces the lines", async () => {
    const { ticketId } = await calls.submitted();
    const lines = [
      { productId: "onions", quantity: 40_000 },
      { productId: "potatoes", quantity: 60_000 },
    ];
    expect((await quote(ticketId, { lines })).statusCode).toBe(200);
    expect((await quote(ticketId, { lines: [lines[1]] })).statusCode).toBe(200);
    expect(await linesOf(ticketId)).toEqual([{ productId: "potatoes", quantity: 60_000 }]);
  });

  it("refuses unknown, archived and repeated products, bad quantities and discounts, changing nothing", async () => {
    const { ticketId } = await calls.submitted();
    const refusals: [Record<string, unknown>, string][] = [
      [{ lines: [] }, QUOTE_MESSAGES.noLines],
      [
        { lines: [{ productId: "saffron-gold", quantity: 1 }] },
        QUOTE_MESSAGES.unknownProduct("saffron-gold"),
      ],
      [
        {
          lines: [
            { productId: "onions", quantity: 1_000 },
            { productId: "onions", quantity: 2_000 },
          ],
        },
        QUOTE_MESSAGES.sameProductTwice,
      ],
      [{ lines: [{ productId: "onions", quantity: 0 }] }, QUOTE_MESSAGES.quantity],
      [{ lines: [{ productId: "onions", quantity: 2_000.5 }] }, QUOTE_MESSAGES.quantity],
      [{ lines: [{ productId: "onions", quantity: 10_000_001 }] }, QUOTE_MESSAGES.quantity],
      [
        { lines: [{ productId: "onions", quantity: 1_000, listPricePaise: 50 }] },
        QUOTE_MESSAGES.price,
      ],
      [
        { lines: [{ productId: "onions", quantity: 1_000 }], discountPercent: 51 },
        QUOTE_MESSAGES.discount,
      ],
      [
        { lines: [{ productId: "onions", quantity: 1_000 }], deliveryChargePaise: -1 },
        QUOTE_MESSAGES.deliveryCharge,
      ],
      // The lump sum the desk once typed is no longer a quote.
      [{ quotePaise: 10_000_00 }, "lines"],
    ];
    for (const [body, message] of refusals) {
      const response = await quote(ticketId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const staff = await signInStaff(ctx.app, "inventory");
    const archived = await asStaff(
      ctx.app,
      staff,
    )({
      method: "POST",
      url: `${INVENTORY}/products/jamun/archive`,
      payload: {},
    });
    expect(archived.statusCode).toBe(200);
    const jamun = await quote(ticketId, { lines: [{ productId: "jamun", quantity: 5_000 }] });
    expect(jamun.statusCode).toBe(400);
    expect(jamun.json().message).toBe(QUOTE_MESSAGES.archivedProduct("Jamun"));
    const [row] = await ctx.database.db
      .select()
      .from(bulkOrders)
      .where(eq(bulkOrders.ticketId, ticketId));
    expect(row).toMatchObject({ status: "awaiting_review", quotePaise: null, version: 1 });
    expect(await linesOf(ticketId)).toEqual([]);
  });
});
