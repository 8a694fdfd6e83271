import type pg from "pg";
import { describe, expect, it } from "vitest";
import { LIVE_TOPICS } from "../../../shared/contracts/live-topics.ts";
import { asStaff, INVENTORY, placeShopOrder, testProduct } from "../../testing/inventory.ts";
import { signInStaff } from "../../testing/staff.ts";
import { useTestApp } from "../../testing/test-app.ts";
import { STAFF_CHANNEL } from "../live/notices.ts";

// LISTEN needs a connection of its own, which only PostgreSQL gives a test.
describe.runIf(process.env.TEST_DATABASE_URL)("staff notices from stock and orders", () => {
  const ctx = useTestApp("postgres");

  async function listen() {
    const pool = (ctx.database.db as unknown as { $client: pg.Pool }).$client;
    const client = await pool.connect();
    const events: unknown[] = [];
    client.on("notification", (message) => {
      if (message.channel === STAFF_CHANNEL) events.push(JSON.parse(message.payload ?? "null"));
    });
    await client.query(`listen ${STAFF_CHANNEL}`);
    return {
      events,
      async stop() {
        await client.query(`unlisten ${STAFF_CHANNEL}`);
        client.release();
      },
    };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

  it("tells the dashboards about a placed order, a movement and an edit, and not a refused order", async () => {
    const id = `notice-${process.pid}`;
    await testProduct(ctx, id, 2);
    const staff = asStaff(ctx.app, await signInStaff(ctx.app, "inventory"));
    const listener = await listen();
    try {
      expect((await placeShopOrder(ctx.app, [{ productId: id, quantity: 1 }])).statusCode).toBe(
        201,
      );
      await settle();
      expect(listener.events).toEqual([
        { topic: LIVE_TOPICS.orders, dashboards: ["inventory", "sales"] },
      ]);

      expect((await placeShopOrder(ctx.app, [{ productId: id, quantity: 5 }])).statusCode).toBe(
        409,
      );
      const refused = await staff({
        method: "POST",
        url: `${INVENTORY}/products/${id}/movements`,
        payload: { kind: "write_off", quantity: 3, reason: "spoiled" },
      });
      expect(refused.statusCode).toBe(409);
      await settle();
      expect(listener.events).toHaveLength(1);

      await staff({
        method: "POST",
        url: `${INVENTORY}/products/${id}/movements`,
        payload: { kind: "count", counted: 4 },
      });
      await staff({ method: "POST", url: `${INVENTORY}/products/${id}/archive` });
      await settle();
      expect(listener.events.slice(1)).toEqual([
        { topic: LIVE_TOPICS.stock, dashboards: ["inventory"], id },
        { topic: LIVE_TOPICS.products, dashboards: ["inventory"], id },
      ]);
    } finally {
      await listener.stop();
    }
  });
});
