import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { testProduct } from "../../testing/inventory.ts";
import { placeTestOrder } from "../../testing/sales.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

describe.each(testDatabaseKinds)("checkout lanes on %s", (kind) => {
  const ctx = useTestApp(kind, { CHECKOUT_LANES: "1" });

  // Only PostgreSQL lets a transaction hold a row while other connections go on working.
  it.runIf(kind === "postgres")(
    "works on one checkout at a time when CHECKOUT_LANES=1: the next waits its turn, then is placed",
    async () => {
      await testProduct(ctx, "lane-held", 50);
      await testProduct(ctx, "lane-free", 50);
      let letGo!: () => void;
      let held!: () => void;
      const holding = new Promise<void>((resolve) => {
        held = resolve;
      });
      // Another connection holds the first product's row, so its checkout waits in the database.
      const holder = ctx.database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from products where id = 'lane-held' for update`);
        held();
        await new Promise<void>((resolve) => {
          letGo = resolve;
        });
      });
      await holding;
      const first = placeTestOrder(ctx.app, [{ productId: "lane-held", quantity: 1 }]);
      const waitsForRow = async () => {
        for (;;) {
          const [row] = rowsOf<{ n: number }>(
            await ctx.database.db.execute(sql`
              select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`),
          );
          if (row!.n > 0) return;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      };
      await waitsForRow();
      // A checkout of another product needs nothing the first holds: only its lane keeps it back.
      let secondDone = false;
      const second = placeTestOrder(ctx.app, [{ productId: "lane-free", quantity: 1 }]).then(
        (order) => {
          secondDone = true;
          return order;
        },
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(secondDone).toBe(false);
      letGo();
      await holder;
      const [placedFirst, placedSecond] = await Promise.all([first, second]);
      expect(placedFirst.orderNumber).toMatch(/^FHH-\d{6}$/);
      expect(placedSecond.orderNumber).toMatch(/^FHH-\d{6}$/);
    },
  );

  it("refuses a CHECKOUT_LANES that is not a whole number from 1 to 64", async () => {
    const { loadConfig } = await import("../../config.ts");
    for (const value of ["0", "65", "2.5", "many"]) {
      expect(() => loadConfig({ CHECKOUT_LANES: value }), value).toThrow(/CHECKOUT_LANES/);
    }
    expect(loadConfig({ CHECKOUT_LANES: "8" }).checkoutLanes).toBe(8);
    expect(loadConfig({}).checkoutLanes).toBeUndefined();
  });
});
