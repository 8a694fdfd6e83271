import { sql } from "drizzle-orm";
import type { Steps } from "../../../shared/rules/measure.ts";
import { type Database, rowsOf, type Transaction } from "../../db/client.ts";

export type ProductSteps = Pick<Steps, "unit" | "step" | "minimum">;

/** Each product's unit and steps, for rules that count in grams or units. */
export async function readSteps(
  db: Database | Transaction,
  ids: readonly string[],
): Promise<Map<string, ProductSteps>> {
  if (ids.length === 0) return new Map();
  const rows = rowsOf<{ id: string } & ProductSteps>(
    await db.execute(sql`select id, unit, step, minimum from products where id in ${ids}`),
  );
  return new Map(
    rows.map((row) => [
      row.id,
      { unit: row.unit, step: Number(row.step), minimum: Number(row.minimum) },
    ]),
  );
}
