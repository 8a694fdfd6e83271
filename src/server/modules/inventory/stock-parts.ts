// The stock an order takes, as CTEs the order's one statement composes: the products' stock and
// the ledger's sale rows are written in the same statement that inserts the order.
import { type SQL, sql } from "drizzle-orm";

/**
 * A locked product row's stock that may be sold: what lies in lots past their best-before date
 * stays on the shelf but is not sold (the ledger's sale row would find no lot to take it from).
 */
export const sellableStockSql = (product: string): SQL =>
  sql`(${sql.raw(product)}.stock - expired_stock(${sql.raw(product)}.id))`;

/**
 * `name as (...)`: takes each quantity of the CTE `wanted` (id, quantity) off its product's stock
 * when `allowed` holds; returns each product's id, the stock it left and its unit.
 */
export function stockTakenPartSql(name: string, wanted: string, allowed: SQL): SQL {
  return sql`${sql.raw(name)} as (
      update products p set stock = p.stock - w.quantity, updated_at = now()
      from ${sql.raw(wanted)} w
      where p.id = w.id and ${allowed}
      returning p.id, p.stock, p.unit
    )`;
}

/**
 * `name as (...)`: one `sale` row in the ledger for each product of the CTE `taken` (id, stock
 * left), of the quantity in the CTE `wanted`, for the order of the CTE `order` (id).
 */
export function salesRecordedPartSql(
  name: string,
  parts: { taken: string; wanted: string; order: string },
): SQL {
  const taken = sql.raw(parts.taken);
  const wanted = sql.raw(parts.wanted);
  const order = sql.raw(parts.order);
  return sql`${sql.raw(name)} as (
      insert into stock_movements (product_id, kind, quantity, stock_after, order_id)
      select t.id, 'sale', -w.quantity, t.stock, ${order}.id
      from ${taken} t join ${wanted} w on w.id = t.id, ${order}
      returning 1
    )`;
}
