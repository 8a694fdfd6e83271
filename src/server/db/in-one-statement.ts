import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

/**
 * Several writes as one statement, one round trip: each write is a part of a WITH, which
 * PostgreSQL runs whether or not anything reads it, then `last` (a SELECT) runs. The parts see
 * the database as it was when the statement began, not each other's changes, so no two of them
 * may touch the same row.
 */
export function inOneStatement(writes: readonly SQLWrapper[], last: SQL): SQL {
  if (writes.length === 0) return last;
  const parts = writes.map(
    (write, index) => sql`${sql.raw(`write_${index}`)} as (${write.getSQL()})`,
  );
  return sql`with ${sql.join(parts, sql`, `)} ${last}`;
}
