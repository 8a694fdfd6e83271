import { inArray, lt } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "./client.ts";

/**
 * Deletes up to `batch` rows of `table` whose `age` column is before `before`, by their `key`.
 * Rows another instance holds (counting, answering or deleting them) are skipped, so instances
 * pruning at once never wait on each other, and a backlog goes in short statements that hold
 * few locks. Answers how many went.
 */
export async function deleteOlderInBatch(
  db: Database,
  { table, key, age }: { table: PgTable; key: PgColumn; age: PgColumn },
  before: number | Date,
  batch: number,
): Promise<number> {
  const old = db
    .select({ key })
    .from(table)
    .where(lt(age, before))
    .limit(batch)
    .for("update", { skipLocked: true });
  const removed = await db.delete(table).where(inArray(key, old)).returning({ key });
  return removed.length;
}
