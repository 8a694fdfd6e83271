import { type SQL, sql } from "drizzle-orm";

/**
 * When an order reached the state it is in, as SQL over the orders table under `alias` (a
 * fixed name from the calling module, never user input).
 */
export function statusAtSql(alias: string): SQL {
  const column = (name: string) => `${alias}.${name}`;
  return sql.raw(`coalesce(case ${column("status")}
      when 'confirmed' then ${column("confirmed_at")} when 'packed' then ${column("packed_at")}
      when 'out_for_delivery' then ${column("out_for_delivery_at")}
      when 'delivered' then ${column("delivered_at")} when 'cancelled' then ${column("cancelled_at")}
    end, ${column("placed_at")})`);
}
