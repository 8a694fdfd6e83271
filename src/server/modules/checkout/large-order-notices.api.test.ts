import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  LARGE_ORDER_DASHBOARDS,
  type LargeOrderNotice,
  largeOrdersPath,
} from "../../../shared/contracts/large-orders.ts";
import { LIVE_TOPICS } from "../../../shared/contracts/live-topics.ts";
import {
  isLargeShare,
  LARGE_SHARE_MIN_UNITS,
  LARGE_SHARE_PERCENT,
} from "../../../shared/rules/large-order-share.ts";
import type { StaffRole } from "../../../shared/rules/staff.ts";
import { signUpCustomer } from "../../testing/customers.ts";
import { asStaff, placeShopOrder, testProduct } from "../../testing/inventory.ts";
import { signInStaff } from "../../testing/staff.ts";
import { type OpenStream, openStaffStream } from "../../testing/staff-stream.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

// 40 on the shelf: 11 is 27.5% of it (a notice); 9 of 36 is exactly 25% (none).
const SHELF = 40;
/** Only the test's patience on a busy machine: the events come as soon as the order commits. */
const HEARD_WITHIN_MS = 10_000;

describe.each(testDatabaseKinds)("large-share order notices on %s", (kind) => {
  const ctx = useTestApp(kind);
  const streams = new Map<StaffRole, OpenStream>();

  beforeAll(async () => {
    for (const id of ["share-big", "share-edge", "share-few", "share-two"]) {
      await testProduct(ctx, id, SHELF);
    }
    await ctx.app.listen({ host: "127.0.0.1", port: 0 });
    const { port } = ctx.app.server.address() as AddressInfo;
    for (const role of ["inventory", "sales", "customer-relations"] as const) {
      const stream = await openStaffStream(
        `http://127.0.0.1:${port}`,
        await signInStaff(ctx.app, role),
      );
      expect(stream.status).toBe(200);
      streams.set(role, stream);
    }
  });
  afterAll(() => {
    for (const stream of streams.values()) stream.close();
  });

  const noticesFor = async (dashboard: StaffRole, cookie?: string) =>
    asStaff(
      ctx.app,
      cookie ?? (await signInStaff(ctx.app, dashboard)),
    )({
      method: "GET",
      url: largeOrdersPath(dashboard as "sales"),
    });
  const order = async (items: { productId: string; quantity: number }[]) => {
    const response = await placeShopOrder(ctx.app, items);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().orderNumber as string;
  };
  const largeEvents = (role: StaffRole) =>
    streams
      .get(role)!
      .events()
      .filter((event) => (event as { topic?: string }).topic === LIVE_TOPICS.largeOrders);

  it("tells Sales and Inventory, live, when one order takes over a quarter of a product", async () => {
    expect(isLargeShare(11, SHELF, "each")).toBe(true);
    const orderNumber = await order([
      { productId: "share-big", quantity: 11 },
      { productId: "share-edge", quantity: 4 },
    ]);
    const expected: Partial<LargeOrderNotice> = {
      orderNumber,
      productId: "share-big",
      productName: "Test share-big",
      unit: "each",
      quantity: 11,
      stockBefore: SHELF,
    };
    for (const dashboard of LARGE_ORDER_DASHBOARDS) {
      const event = await streams
        .get(dashboard)!
        .waitFor((event) => (event as { id?: string }).id === orderNumber, HEARD_WITHIN_MS);
      expect(event).toEqual({
        topic: LIVE_TOPICS.largeOrders,
        dashboards: [...LARGE_ORDER_DASHBOARDS],
        id: orderNumber,
      });
      const response = await noticesFor(dashboard);
      expect(response.statusCode).toBe(200);
      const notices = response.json().notices as LargeOrderNotice[];
      expect(notices.filter((notice) => notice.orderNumber === orderNumber)).toEqual([
        { ...expected, at: expect.any(String) },
      ]);
    }
  });

  it("says nothing of a quarter exactly, of a few units, or of a refused order", async () => {
    const edge = await order([{ productId: "share-edge", quantity: (SHELF - 4) / 4 }]);
    expect(isLargeShare((SHELF - 4) / 4, SHELF - 4, "each")).toBe(false);
    // 4 of the last 6 is two thirds of them, but too few units to be news.
    await order([{ productId: "share-few", quantity: SHELF - 6 }]);
    const few = await order([{ productId: "share-few", quantity: LARGE_SHARE_MIN_UNITS - 1 }]);
    // More than the shelf holds is refused and tells nobody anything.
    const refused = await placeShopOrder(ctx.app, [
      { productId: "share-two", quantity: SHELF + 1 },
    ]);
    expect(refused.statusCode).toBe(409);
    // An order after them that is large is heard, so the ones before it would have been too.
    const later = await order([{ productId: "share-two", quantity: SHELF / 2 }]);
    for (const dashboard of LARGE_ORDER_DASHBOARDS) {
      await streams
        .get(dashboard)!
        .waitFor((event) => (event as { id?: string }).id === later, HEARD_WITHIN_MS);
    }

    const heard = largeEvents("sales").map((event) => (event as { id: string }).id);
    expect(heard).not.toContain(edge);
    expect(heard).not.toContain(few);
    const listed = (await noticesFor("inventory")).json().notices as LargeOrderNotice[];
    expect(listed.map((notice) => notice.orderNumber)).not.toContain(edge);
    expect(listed.map((notice) => notice.orderNumber)).not.toContain(few);
    expect(listed[0]).toMatchObject({
      orderNumber: later,
      quantity: SHELF / 2,
      stockBefore: SHELF,
    });
    expect(LARGE_SHARE_PERCENT).toBe(25);
  });

  it("keeps the notices from Customer Relations, customers and strangers", async () => {
    expect(largeEvents("customer-relations")).toEqual([]);
    const relations = await signInStaff(ctx.app, "customer-relations");
    for (const dashboard of LARGE_ORDER_DASHBOARDS) {
      expect((await noticesFor(dashboard as StaffRole, relations)).statusCode).toBe(403);
      const { cookie } = await signUpCustomer(ctx.app);
      expect((await noticesFor(dashboard, cookie)).statusCode).toBe(403);
      const stranger = await ctx.app.inject({ method: "GET", url: largeOrdersPath(dashboard) });
      expect(stranger.statusCode).toBe(401);
    }
    // Sales' session does not open Inventory's list, nor the other way round.
    expect((await noticesFor("inventory", await signInStaff(ctx.app, "sales"))).statusCode).toBe(
      403,
    );
  });
});
