// One definition of a day's sales figures, used twice: the rollup writes it for closed days and
// the summary counts it live for the days the rollup has not reached (today, at least).
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { STATE_MINUTES_CAP } from "../../../../shared/contracts/sales-figures.ts";
import { SHOP_TIME_ZONE } from "../../../../shared/rules/bulk-delivery-date.ts";
import { PROMISED_MINUTES } from "../../../../shared/rules/order-fulfilment.ts";
import type { MethodFigures, MinuteHistogram, ProductFigures } from "../schema.ts";
import { everPlacedSql, refundedAfterDeliverySql } from "./placed-orders.ts";

/** The instant an India day (YYYY-MM-DD, or a date expression) starts, as SQL. */
export const dayStartSql = (day: string | SQL) =>
  typeof day === "string"
    ? sql`(${day}::date::timestamp at time zone ${SHOP_TIME_ZONE})`
    : sql`((${day})::timestamp at time zone ${SHOP_TIME_ZONE})`;

/** The India day of a moment (a timestamptz expression), as SQL. */
export const shopDaySql = (moment: SQLWrapper) =>
  sql`(${moment} at time zone ${SHOP_TIME_ZONE})::date`;

/** The India day an order was placed on, as SQL. */
export const placedDaySql = shopDaySql(sql`o.placed_at`);

/**
 * Every India day from `fromDay` to `toDay` (inclusive, days without orders too) with its
 * figures by the shared order count (shared/rules/order-count.ts: orders placed and not
 * cancelled, cancellations apart), revenue and units net of refunds after delivery (counted on the order's day), as the columns of `daily_order_figures` in table order. Reads only the orders placed
 * on those days, through `orders_placed_idx`, and their lines through `order_lines_order_idx`.
 */
export function dayFiguresSql(fromDay: string | SQL, toDay: string | SQL): SQL {
  const from = typeof fromDay === "string" ? sql`${fromDay}::date` : fromDay;
  const to = typeof toDay === "string" ? sql`${toDay}::date` : toDay;
  return sql`
    with o as (
      select o.id, ${placedDaySql} as day, o.status, o.payment_method, o.cancel_reason,
        o.event_ticket,
        o.total_paise - ${refundedAfterDeliverySql()} as total_paise,
        o.placed_at, o.confirmed_at, o.packed_at, o.out_for_delivery_at,
        o.delivered_at
      from orders o
      where o.placed_at >= ${dayStartSql(from)} and o.placed_at < ${dayStartSql(sql`${to} + 1`)}
        and ${everPlacedSql()}
    ),
    totals as (
      select day, count(*) filter (where status <> 'cancelled')::integer as orders,
        count(*) filter (where status = 'cancelled')::integer as cancelled,
        coalesce(sum(total_paise) filter (where status <> 'cancelled'), 0)::bigint as revenue,
        count(*) filter (where delivered_at is not null)::integer as delivered,
        count(*) filter (
          where case when event_ticket is null
            then delivered_at <= placed_at + make_interval(mins => ${PROMISED_MINUTES}::integer)
            -- An event order's promise is its day.
            else ${shopDaySql(sql`delivered_at`)} <= ${shopDaySql(sql`placed_at`)} end
        )::integer as on_time,
        count(*) filter (where status <> 'cancelled' and event_ticket is not null)::integer
          as event_orders,
        coalesce(sum(total_paise) filter (where status <> 'cancelled' and event_ticket is not null),
          0)::bigint as event_revenue
      from o group by day
    ),
    methods as (
      select day, jsonb_object_agg(payment_method,
          jsonb_build_object('orders', orders, 'revenuePaise', revenue)) as payment_methods
      from (
        select day, payment_method,
          count(*) filter (where status <> 'cancelled')::integer as orders,
          coalesce(sum(total_paise) filter (where status <> 'cancelled'), 0)::bigint as revenue
        from o group by day, payment_method
      ) m
      group by day
    ),
    reasons as (
      select day, jsonb_object_agg(reason, orders) as cancel_reasons
      from (
        select day, coalesce(cancel_reason, 'other') as reason, count(*)::integer as orders
        from o where status = 'cancelled' group by 1, 2
      ) r
      group by day
    ),
    sold as (
      select day, jsonb_object_agg(product_id,
          jsonb_build_object('units', units, 'revenuePaise', revenue)) as products
      from (
        select o.day, l.product_id, sum(l.quantity - coalesce(back.units, 0))::integer as units,
          sum(l.taxable_paise - coalesce(back.taxable, 0))::bigint as revenue
        from o join order_lines l on l.order_id = o.id
        left join lateral (
          select sum((e ->> 'quantity')::integer) as units,
            sum((e ->> 'taxablePaise')::bigint) as taxable
          from delivered_refunds r cross join jsonb_array_elements(r.lines) e
          where r.order_id = o.id and e ->> 'productId' = l.product_id
        ) back on true
        where o.status <> 'cancelled'
        group by o.day, l.product_id
      ) p
      group by day
    ),
    waits as (
      select day, s.state,
        least(greatest(floor(extract(epoch from s.ended - s.began) / 60), 0),
          ${STATE_MINUTES_CAP}::integer)::integer as minute
      from o cross join lateral (values
        ('placed', o.placed_at, o.confirmed_at),
        ('confirmed', o.confirmed_at, o.packed_at),
        ('packed', o.packed_at, o.out_for_delivery_at),
        ('out_for_delivery', o.out_for_delivery_at, o.delivered_at)
      ) s(state, began, ended)
      where s.began is not null and s.ended is not null
    ),
    minutes as (
      select day, jsonb_object_agg(state, histogram) as state_minutes
      from (
        select day, state, jsonb_object_agg(minute::text, orders) as histogram
        from (select day, state, minute, count(*)::integer as orders from waits group by 1, 2, 3) w
        group by day, state
      ) h
      group by day
    )
    select d.day::date as day,
      coalesce(t.orders, 0) as orders,
      coalesce(t.cancelled, 0) as cancelled,
      coalesce(t.revenue, 0)::bigint as revenue_paise,
      coalesce(t.delivered, 0) as delivered,
      coalesce(t.on_time, 0) as delivered_on_time,
      coalesce(m.payment_methods, '{}'::jsonb) as payment_methods,
      coalesce(r.cancel_reasons, '{}'::jsonb) as cancel_reasons,
      coalesce(s.products, '{}'::jsonb) as products,
      coalesce(w.state_minutes, '{}'::jsonb) as state_minutes,
      coalesce(t.event_orders, 0) as event_orders,
      coalesce(t.event_revenue, 0)::bigint as event_revenue_paise
    from generate_series(${from}::timestamp, ${to}::timestamp, interval '1 day') d(day)
    left join totals t on t.day = d.day::date
    left join methods m on m.day = d.day::date
    left join reasons r on r.day = d.day::date
    left join sold s on s.day = d.day::date
    left join minutes w on w.day = d.day::date`;
}

/** A day's figures as the summary reads them (from the rollup or live). */
export type DayFigures = {
  day: string;
  orders: number;
  cancelled: number;
  revenuePaise: number;
  delivered: number;
  deliveredOnTime: number;
  /** Left out (empty) for days only the chart needs. */
  paymentMethods: Record<string, MethodFigures>;
  cancelReasons: Record<string, number>;
  products: Record<string, ProductFigures>;
  stateMinutes: Record<string, MinuteHistogram>;
  eventOrders: number;
  eventRevenuePaise: number;
};

export type DayFiguresRow = {
  day: string;
  orders: number | string;
  cancelled: number | string;
  revenue_paise: number | string;
  delivered: number | string;
  delivered_on_time: number | string;
  payment_methods: Record<string, MethodFigures> | null;
  cancel_reasons: Record<string, number> | null;
  products: Record<string, ProductFigures> | null;
  state_minutes: Record<string, MinuteHistogram> | null;
  event_orders: number | string;
  event_revenue_paise: number | string;
};

/** The columns of a day's figures, with `day` as text (drivers turn dates into local midnights). */
export const DAY_FIGURES_COLUMNS = sql.raw(
  "day::text as day, orders, cancelled, revenue_paise, delivered, delivered_on_time, payment_methods, cancel_reasons, products, state_minutes, event_orders, event_revenue_paise",
);

export function dayFiguresOf(row: DayFiguresRow): DayFigures {
  return {
    day: String(row.day),
    orders: Number(row.orders),
    cancelled: Number(row.cancelled),
    revenuePaise: Number(row.revenue_paise),
    delivered: Number(row.delivered),
    deliveredOnTime: Number(row.delivered_on_time),
    paymentMethods: row.payment_methods ?? {},
    cancelReasons: row.cancel_reasons ?? {},
    products: row.products ?? {},
    stateMinutes: row.state_minutes ?? {},
    eventOrders: Number(row.event_orders),
    eventRevenuePaise: Number(row.event_revenue_paise),
  };
}
