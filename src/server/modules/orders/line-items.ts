import { type SQL, sql } from "drizzle-orm";
import { GRAMS_PER_KG, WEIGHT_UNITS } from "../../../shared/rules/measure.ts";

/**
 * An order line's items as a shopper counts them (itemsIn): a kilo or part of one is one item,
 * like a bunch or a dozen, so an order of 2 kg of tomatoes and a bunch of spinach has 3 items.
 */
export const lineItemsSql = (line: string): SQL =>
  sql.raw(
    `(case when ${line}.unit = '${WEIGHT_UNITS[0]}' then ceil(${line}.quantity / ${GRAMS_PER_KG}.0) else ${line}.quantity end)`,
  );
