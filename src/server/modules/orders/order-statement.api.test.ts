import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { placeShopOrder, testProduct } from "../../testing/inventory.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

/** The store's pool holds at most this many connections (db/client.ts). */
const POOL_SIZE = 10;

type Prepared = { name: string; executions: number };

describe.each(testDatabaseKinds)("the order's statement on %s", (kind) => {
  const ctx = useTestApp(kind);

  /**
   * The order statements prepared on every connection of the store's pool, read from each while
   * all of them are held at once (pg_prepared_statements shows only its own session's).
   */
  async function preparedOrderStatements(): Promise<Prepared[]> {
    const connections = kind === "postgres" ? POOL_SIZE : 1;
    let arrived = 0;
    let allHeld!: () => void;
    const held = new Promise<void>((resolve) => {
      allHeld = resolve;
    });
    const seen = await Promise.all(
      Array.from({ length: connections }, () =>
        ctx.database.db.transaction(async (tx) => {
          const rows = rowsOf<Prepared>(
            await tx.execute(sql`
              select name, (generic_plans + custom_plans)::int as executions
              from pg_prepared_statements where name like 'place_order%'`),
          );
          arrived += 1;
          if (arrived === connections) allHeld();
          await held;
          return rows;
        }),
      ),
    );
    return seen.flat();
  }

  it("makes one statement per shape of order, prepared once on a connection on PostgreSQL, and writes each order as given", async () => {
    await testProduct(ctx, `stmt-a-${kind}`, 20);
    await testProduct(ctx, `stmt-b-${kind}`, 20);
    const before = await preparedOrderStatements();
    const one = [{ productId: `stmt-a-${kind}`, quantity: 2 }];
    const two = [...one, { productId: `stmt-b-${kind}`, quantity: 3 }];
    const answers = [];
    for (const items of [one, one, one, two]) {
      answers.push(await placeShopOrder(ctx.app, items));
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201]);

    const after = await preparedOrderStatements();
    if (kind === "pglite") {
      expect(after).toEqual([]);
    } else {
      const executions = (list: Prepared[]) =>
        list.reduce((sum, statement) => sum + statement.executions, 0);
      expect(executions(after) - executions(before)).toBe(4);
      // One name per shape (one line, two lines), wherever the pool ran them.
      expect(new Set(after.map((statement) => statement.name)).size).toBe(2);
    }

    const numbers = answers.map((answer) => answer.json().orderNumber as string);
    const lines = rowsOf<{ order_number: string; product_id: string; quantity: number }>(
      await ctx.database.db.execute(sql`
        select o.order_number, l.product_id, l.quantity from orders o
        join order_lines l on l.order_id = o.id
        where o.order_number in (${sql.join(numbers, sql`, `)})
        order by o.order_number, l.product_id`),
    );
    const expected = numbers
      .flatMap((orderNumber, at) =>
        (at < 3 ? one : two).map((item) => ({
          order_number: orderNumber,
          product_id: item.productId,
          quantity: item.quantity,
        })),
      )
      .sort((a, b) =>
        `${a.order_number}${a.product_id}`.localeCompare(`${b.order_number}${b.product_id}`),
      );
    expect(lines).toEqual(expected);
    const stock = rowsOf<{ id: string; stock: number }>(
      await ctx.database.db.execute(sql`
        select id, stock from products where id in (${`stmt-a-${kind}`}, ${`stmt-b-${kind}`})
        order by id`),
    );
    expect(stock).toEqual([
      { id: `stmt-a-${kind}`, stock: 20 - 4 * 2 },
      { id: `stmt-b-${kind}`, stock: 20 - 3 },
    ]);
  });
});
