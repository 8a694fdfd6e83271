// A year of orders for the dashboards' benchmark, written by the database itself (INSERT ...
// SELECT over generate_series): one statement per batch, not one per order, so a million orders
// take minutes. Each order's lines follow from its number, so the order's totals and its lines
// (and the stock ledger's sales) are computed from the same formula and agree.
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../../src/server/db/client.ts";
import { SHOP_TIME_ZONE } from "../../src/shared/rules/bulk-delivery-date.ts";
import { GRAMS_PER_KG, WEIGHT_UNITS } from "../../src/shared/rules/measure.ts";
import { DELIVERY_FEE_PAISE, FREE_DELIVERY_ABOVE_PAISE } from "../../src/shared/rules/pricing.ts";

export const ORDER_PREFIX = "BENCH-";

/**
 * The k-th line (1-5) of order g: which product (by position), how many of its steps (`p`, the
 * product's row in bench_products: 250 g of what is weighed, one of what is counted), and what
 * the line costs: the shared pricing rule's price times quantity, per kilogram for grams.
 */
const LINE = {
  product: (g: string, k: string, products: string) => `((${g} * 7 + ${k} * 13) % ${products})`,
  quantity: (g: string, k: string, p: string) => `((1 + (${g} + ${k}) % 3) * ${p}.step)`,
  amount: (quantity: string, p: string) =>
    `round(${p}.price_paise * ${quantity}::numeric / ${p}.priced_per)`,
  count: (g: string) => `(1 + ${g} % 5)`,
};

export async function seedBenchOrders(
  database: DatabaseHandle,
  count: number,
  { batch = 50_000, onBatch }: { batch?: number; onBatch?: (done: number) => void } = {},
): Promise<void> {
  const { db } = database;
  await db.execute(sql`drop table if exists bench_products`);
  await db.execute(sql`
    create table bench_products as
      select (row_number() over (order by id) - 1)::int as n, id, name, unit, hsn_code,
             price_paise, gst_rate_bps, step,
             case when unit = ${sql.raw(`'${WEIGHT_UNITS[0]}'`)} then ${sql.raw(String(GRAMS_PER_KG))} else 1 end as priced_per
      from products where archived_at is null`);
  // A year of sales written in bulk leaves the lots to be filled in once afterwards (below): the
  // ledger's trigger taking each sale from its lot one row at a time would take hours.
  await db.execute(sql`alter table stock_movements disable trigger stock_movements_keep_lots`);
  await db.execute(sql`create unique index on bench_products (n)`);
  const [{ products }] = (
    (await db.execute(sql`select count(*)::int as products from bench_products`)) as unknown as {
      rows: { products: number }[];
    }
  ).rows as [{ products: number }];

  const zone = SHOP_TIME_ZONE;
  const today = Math.max(1, Math.floor(count / 200));
  const earlier = count - today;
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(count, from + batch - 1);
    // Statuses: mostly delivered, some cancelled; orders from the last few hours still open.
    // Times: in the order they were placed, as a store writes them, evenly over the last 365
    // days, the last 1 in 200 inside today (India time).
    await db.execute(
      sql.raw(`
      with day_start as (
        select date_trunc('day', now() at time zone '${zone}') at time zone '${zone}' as today
      ),
      numbered as (
        select g,
          case when g > ${earlier}
            then d.today + (g - ${earlier})::float8 / ${today} * (now() - d.today)
            else now() - interval '365 days' + g::float8 / ${earlier} * (d.today - (now() - interval '365 days'))
          end as placed_at
        from generate_series(${from}, ${to}) g, day_start d
      ),
      priced as (
        select n.g, n.placed_at,
          sum(${LINE.amount(LINE.quantity("n.g", "k", "p"), "p")})::int as subtotal,
          sum(round(${LINE.amount(LINE.quantity("n.g", "k", "p"), "p")} * p.gst_rate_bps / 10000.0))::int as gst
        from numbered n
        cross join lateral generate_series(1, ${LINE.count("n.g")}) k
        join bench_products p on p.n = ${LINE.product("n.g", "k", String(products))}
        group by n.g, n.placed_at
      ),
      placed as (
        insert into orders (order_number, status, payment_status, payment_method, first_name,
          last_name, email, phone, address, city, state, pincode, notes, subtotal_paise, gst_paise,
          delivery_fee_paise, total_paise, browser_key_hash, placed_at, delivered_at, cancelled_at,
          updated_at)
        select '${ORDER_PREFIX}' || g,
          s.status,
          case when s.status = 'cancelled' or g % 3 = 0 and s.status <> 'delivered' then 'pending' else 'paid' end,
          case g % 3 when 0 then 'cash' when 1 then 'upi' else 'card' end,
          'Bench', 'Shopper', 'bench' || (g % 5000) || '@example.in', '+9198765' || lpad((g % 100000)::text, 5, '0'),
          'Plot ' || (g % 400) || ', Saheed Nagar', 'Bhubaneswar', 'Odisha', '751007', '',
          subtotal, gst,
          case when subtotal > ${FREE_DELIVERY_ABOVE_PAISE} then 0 else ${DELIVERY_FEE_PAISE} end,
          subtotal + gst + case when subtotal > ${FREE_DELIVERY_ABOVE_PAISE} then 0 else ${DELIVERY_FEE_PAISE} end,
          'bench', placed_at,
          case when s.status = 'delivered' then placed_at + interval '45 minutes' end,
          case when s.status = 'cancelled' then placed_at + interval '10 minutes' end,
          placed_at
        from priced
        cross join lateral (select case
          when placed_at > now() - interval '3 hours' and g % 4 = 0 then 'placed'
          when placed_at > now() - interval '3 hours' and g % 4 = 1 then 'packed'
          when g % 20 = 7 then 'cancelled'
          else 'delivered' end as status) s
        returning id, order_number, status, placed_at
      ),
      placed_lines as (
        select o.id, o.status, o.placed_at, p.id as product_id, p.name, p.unit, p.hsn_code,
          p.price_paise, p.gst_rate_bps, ${LINE.quantity("x.g", "k", "p")} as quantity,
          ${LINE.amount(LINE.quantity("x.g", "k", "p"), "p")} as taxable
        from placed o
        cross join lateral (select substr(o.order_number, ${ORDER_PREFIX.length + 1})::int as g) x
        cross join lateral generate_series(1, ${LINE.count("x.g")}) k
        join bench_products p on p.n = ${LINE.product("x.g", "k", String(products))}
      ),
      lines as (
        insert into order_lines (order_id, product_id, name, unit, hsn_code, unit_price_paise,
          quantity, gst_rate_bps, taxable_paise, gst_paise)
        select id, product_id, name, unit, hsn_code, price_paise, quantity, gst_rate_bps,
          taxable, round(taxable * gst_rate_bps / 10000.0)
        from placed_lines
      )
      insert into stock_movements (product_id, kind, quantity, stock_after, order_id, created_at)
      select product_id, 'sale', -quantity, 500, id, placed_at from placed_lines
      union all
      select product_id, 'cancellation', quantity, 500, id, placed_at + interval '10 minutes'
      from placed_lines where status = 'cancelled'
    `),
    );
    onBatch?.(to);
  }
  await db.execute(sql`drop table bench_products`);
  await db.execute(sql`alter table stock_movements enable trigger stock_movements_keep_lots`);
  // What the trigger would have written: each sale taken from, and each cancellation put back
  // into, the product's oldest lot (its opening stock).
  await db.execute(sql`
    insert into stock_lot_moves (product_id, movement_id, lot_id, quantity, kind, order_id)
    select m.product_id, m.id, l.id, m.quantity, m.kind, m.order_id
    from stock_movements m
    join lateral (select id from stock_lots where product_id = m.product_id order by id limit 1) l
      on true
    where m.order_id is not null
      and not exists (select 1 from stock_lot_moves x where x.movement_id = m.id)`);
  await db.execute(sql`analyze`);
}

/** A year of staff edits for the audit panels: `perRole` entries for each dashboard. */
export async function seedBenchAudit(database: DatabaseHandle, perRole: number): Promise<void> {
  await database.db.execute(sql`
    insert into audit_log (at, staff_id, staff_name, role, action, target_type, target_id,
      before, after, request_id)
    select now() - (${perRole} - g) * interval '1 minute' * (525600.0 / ${perRole}),
      m.id, m.name, m.role,
      case g % 3 when 0 then 'product.update' when 1 then 'stock.receive' else 'order.update' end,
      'product', 'product-' || (g % 60),
      jsonb_build_object('pricePaise', 4000 + g % 500), jsonb_build_object('pricePaise', 4100 + g % 500),
      'bench-' || m.role || '-' || g
    from staff_members m cross join generate_series(1, ${perRole}) g
    order by 1`);
  await database.db.execute(sql`analyze audit_log`);
}
