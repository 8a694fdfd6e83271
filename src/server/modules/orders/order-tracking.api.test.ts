import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MAX_STREAMS_PER_ORDER,
  type OrderTracking,
  orderEventsPath,
  orderTrackingApiPath,
} from "../../../shared/contracts/order-tracking.ts";
import { signUpCustomer } from "../../testing/customers.ts";
import { shopOrderRequest } from "../../testing/inventory.ts";
import {
  APPROVED_CARD,
  payTestOrder,
  placeTestOrder,
  placeUnpaidTestOrder,
  salesManager,
} from "../../testing/sales.ts";
import { type OpenStream, openStream } from "../../testing/staff-stream.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";
import { payRefunds } from "../payments/refunds.ts";
import { createTestGateway } from "../payments/test-gateway.ts";

const items = [{ productId: "tomatoes", quantity: 1_000 }];

describe.each(testDatabaseKinds)("an order's tracking page and its live stream on %s", (kind) => {
  const gateway = createTestGateway();
  const ctx = useTestApp(kind, {}, { gateway });
  let baseUrl = "";
  let manager: Awaited<ReturnType<typeof salesManager>>;
  const streams: OpenStream[] = [];

  beforeAll(async () => {
    await ctx.app.listen({ host: "127.0.0.1", port: 0 });
    baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    manager = await salesManager(ctx.app);
  });
  afterAll(() => {
    for (const stream of streams) stream.close();
  });

  const stream = async (orderNumber: string, cookie?: string) => {
    const opened = await openStream(`${baseUrl}${orderEventsPath(orderNumber)}`, cookie);
    streams.push(opened);
    return opened;
  };
  const tracking = (orderNumber: string, cookie?: string) =>
    ctx.app.inject({
      method: "GET",
      url: orderTrackingApiPath(orderNumber),
      headers: cookie ? { cookie } : {},
    });
  /** A cash order placed by a signed-in customer (session cookie only, no browser key). */
  const placeAsCustomer = async (session: string) => {
    const response = await ctx.app.inject(shopOrderRequest(items, { cookie: session }));
    expect(response.statusCode, response.body).toBe(201);
    return response.json().orderNumber as string;
  };

  it("shows the states reached with their times, to the browser that placed the order only", async () => {
    const order = await placeTestOrder(ctx.app, items);
    await manager.bringTo(order.orderNumber, "packed");
    const response = await tracking(order.orderNumber, order.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    const view = response.json() as OrderTracking;
    expect(view.order.orderNumber).toBe(order.orderNumber);
    expect(view.steps.map((step) => [step.status, step.at !== null])).toEqual([
      ["placed", true],
      ["confirmed", true],
      ["packed", true],
      ["out_for_delivery", false],
      ["delivered", false],
    ]);
    expect(view.steps[0]!.at).toBe(view.order.placedAt);
    expect(Date.parse(view.steps[2]!.at!)).toBeGreaterThanOrEqual(Date.parse(view.steps[1]!.at!));
    expect(view.cancelReason).toBeNull();
    expect(view.refunds).toEqual([]);

    const stranger = await placeTestOrder(ctx.app, items);
    for (const cookie of [undefined, stranger.cookie, (await signUpCustomer(ctx.app)).cookie]) {
      const refused = await tracking(order.orderNumber, cookie);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe(`No order ${order.orderNumber} was found for you.`);
    }
  });

  it("shows a cancelled order's states, its reason and the refund of its online payment", async () => {
    const order = await placeTestOrder(ctx.app, items, APPROVED_CARD);
    await manager.bringTo(order.orderNumber, "confirmed");
    expect((await manager.cancel(order.orderNumber)).statusCode).toBe(200);
    const view = (await tracking(order.orderNumber, order.cookie)).json() as OrderTracking;
    expect(view.steps.map((step) => step.status)).toEqual(["placed", "confirmed", "cancelled"]);
    expect(view.steps.every((step) => step.at !== null)).toBe(true);
    expect(view.cancelReason).toBe("Customer request");
    // The test provider refunds at once; a real one takes days, and the page says so meanwhile.
    expect(view.refunds).toEqual([
      {
        amountPaise: order.totalPaise,
        state: "refunded",
        at: expect.any(String),
        refundedAt: expect.any(String),
      },
    ]);
  });

  it("tells the order's stream of a staff move once it is made, and nothing of other orders", async () => {
    const order = await placeTestOrder(ctx.app, items);
    const other = await placeTestOrder(ctx.app, items);
    const live = await stream(order.orderNumber, order.cookie);
    expect(live.status).toBe(200);
    expect(live.headers["content-type"]).toBe("text/event-stream; charset=utf-8");

    // Another order moves first: had its notice reached this stream, it would be there by the time
    // this order's own arrives.
    expect((await manager.move(other.orderNumber, "confirmed")).statusCode).toBe(200);
    expect(live.events()).toEqual([]);
    expect((await manager.move(order.orderNumber, "confirmed")).statusCode).toBe(200);
    // The wait is only the test's bound, not a measure of how soon the notice comes.
    await live.waitFor((event) => (event as { change?: string }).change === "changed", 10_000);
    expect(live.events()).toEqual([{ orderNumber: order.orderNumber, change: "changed" }]);
    expect(live.text()).not.toContain(other.orderNumber);
  });

  const changed = (event: unknown) => (event as { change?: string }).change === "changed";

  it("tells the order's stream when its online payment arrives", async () => {
    const { checkout, ...order } = await placeUnpaidTestOrder(ctx.app, items, APPROVED_CARD);
    expect(order.status).toBe("awaiting_payment");
    const live = await stream(order.orderNumber, order.cookie);
    expect(live.status).toBe(200);
    await payTestOrder(ctx.app, { ...order, checkout: checkout! });
    await live.waitFor(changed, 2000);
    const view = (await tracking(order.orderNumber, order.cookie)).json() as OrderTracking;
    expect(view.order.status).toBe("placed");
  });

  it("tells the order's stream when the provider settles its refund", async () => {
    const order = await placeTestOrder(ctx.app, items, APPROVED_CARD);
    // The provider is away when the order is cancelled: the refund waits for a later pass.
    gateway.refundFailure = new Error("The provider is away");
    try {
      expect((await manager.cancel(order.orderNumber)).statusCode).toBe(200);
    } finally {
      gateway.refundFailure = undefined;
    }
    const pending = (await tracking(order.orderNumber, order.cookie)).json() as OrderTracking;
    expect(pending.refunds.map((refund) => refund.state)).not.toContain("refunded");
    const live = await stream(order.orderNumber, order.cookie);
    const quiet = { error: () => {} };
    expect(await payRefunds(ctx.database.db, gateway, quiet)).toBeGreaterThanOrEqual(1);
    await live.waitFor(changed, 2000);
    const settled = (await tracking(order.orderNumber, order.cookie)).json() as OrderTracking;
    expect(settled.refunds.map((refund) => refund.state)).toEqual(["refunded"]);
  });

  it("refuses the stream of another customer's order, and of a guest's to any other browser", async () => {
    const asha = (await signUpCustomer(ctx.app)).cookie;
    const ravi = (await signUpCustomer(ctx.app)).cookie;
    const ashas = await placeAsCustomer(asha);
    const guests = await placeTestOrder(ctx.app, items);

    // Her own order streams from her session alone, in any browser.
    const own = await stream(ashas, asha);
    expect(own.status).toBe(200);

    for (const [orderNumber, cookie] of [
      [ashas, ravi],
      [ashas, guests.cookie],
      [ashas, undefined],
      [guests.orderNumber, asha],
      [guests.orderNumber, undefined],
    ] as const) {
      const refused = await stream(orderNumber, cookie);
      expect(refused.status, `${orderNumber} with ${cookie}`).toBe(404);
      await refused.ended;
      expect(JSON.parse(refused.text()).message).toBe(`No order ${orderNumber} was found for you.`);
    }

    // The refused streams hear nothing when the order moves; the owner's does.
    expect((await manager.move(ashas, "confirmed")).statusCode).toBe(200);
    await own.waitFor((event) => (event as { orderNumber?: string }).orderNumber === ashas);
  });

  it(`keeps at most ${MAX_STREAMS_PER_ORDER} streams open for one order`, async () => {
    const order = await placeTestOrder(ctx.app, items);
    const opened = [];
    for (let index = 0; index < MAX_STREAMS_PER_ORDER; index++) {
      opened.push(await stream(order.orderNumber, order.cookie));
    }
    expect(opened.map((one) => one.status)).toEqual(opened.map(() => 200));
    const extra = await stream(order.orderNumber, order.cookie);
    expect(extra.status).toBe(429);
    await extra.ended;

    // A window closed makes room for another.
    opened[0]!.close();
    await expect
      .poll(async () => {
        const again = await stream(order.orderNumber, order.cookie);
        if (again.status !== 200) await again.ended;
        return again.status;
      })
      .toBe(200);
  });
});
