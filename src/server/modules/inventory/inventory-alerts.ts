// What waits for the Inventory Manager: products on sale that are out of stock or running low.
import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "../../db/client.ts";

export async function inventoryWaiting(db: Database): Promise<number> {
  const [row] = rowsOf<{ waiting: number }>(
    await db.execute(sql`
      select count(*)::integer as waiting from products
      where archived_at is null and stock <= low_stock_threshold`),
  );
  return Number(row?.waiting ?? 0);
}
