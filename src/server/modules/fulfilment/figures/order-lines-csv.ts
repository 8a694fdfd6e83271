// The lines of a range of India days' orders as CSV, a page of orders at a time, as the orders
// export pages them: what each line ordered and packed, its value and GST, what refunds after
// delivery gave back of it, and the credit notes that credit it.
import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import {
  ORDER_LINES_CSV_COLUMNS,
  type OrdersCsvQuery,
} from "../../../../shared/contracts/sales-figures.ts";
import { SHOP_TIME_ZONE } from "../../../../shared/rules/bulk-delivery-date.ts";
import { csvRow } from "../../../../shared/rules/csv-text.ts";
import { countsAsOrder } from "../../../../shared/rules/order-count.ts";
import { ORDER_STATUS_LABELS } from "../../../../shared/rules/order-status.ts";
import { paiseToRupeesText } from "../../../../shared/rules/product-form.ts";
import { type Database, rowsOf } from "../../../db/client.ts";
import { dayStartSql } from "./day-figures.ts";
import { afterCursorSql, CSV_PAGE, labelOf, type OrdersCursor, pagedCsv } from "./orders-csv.ts";

type LineRow = {
  order_id: number;
  cursor_at: string;
  order_number: string;
  placed: string;
  status: string;
  product_id: string;
  name: string;
  hsn_code: string;
  unit: string;
  unit_price_paise: number;
  gst_rate_bps: number;
  ordered: number;
  packed: number;
  taxable_paise: number;
  gst_paise: number;
  refunded_units: number | string;
  refunded_paise: number | string;
  credit_notes: string | null;
  invoice_number: string | null;
  page_orders: number | string;
};

async function page(
  db: Database,
  { from, to }: OrdersCsvQuery,
  after: OrdersCursor | undefined,
  limit: number,
) {
  const rows = rowsOf<LineRow>(
    await db.execute(sql`
      with page as (
        select o.id, o.placed_at, o.order_number, o.status, o.invoice_number
        from orders o
        where o.placed_at >= ${dayStartSql(from)}
          and o.placed_at < ${dayStartSql(sql`${to}::date + 1`)}
          ${afterCursorSql(after)}
        order by o.placed_at, o.id
        limit ${limit}
      )
      select p.id as order_id, p.placed_at::text as cursor_at, p.order_number,
        to_char(p.placed_at at time zone ${SHOP_TIME_ZONE}, 'YYYY-MM-DD HH24:MI:SS') as placed,
        p.status, l.product_id, l.name, l.hsn_code, l.unit, l.unit_price_paise, l.gst_rate_bps,
        coalesce(l.ordered_quantity, l.quantity) as ordered, l.quantity as packed,
        l.taxable_paise, l.gst_paise,
        coalesce(back.units, 0) as refunded_units, coalesce(back.paise, 0) as refunded_paise,
        (select string_agg(c.number, ';' order by c.id) from credit_notes c
          where c.order_id = p.id
            and c.lines @> jsonb_build_array(jsonb_build_object('productId', l.product_id)))
          as credit_notes,
        p.invoice_number,
        (select count(*) from page) as page_orders
      from page p
      join order_lines l on l.order_id = p.id
      left join lateral (
        select sum((e ->> 'quantity')::integer) as units,
          sum((e ->> 'taxablePaise')::bigint + (e ->> 'gstPaise')::bigint) as paise
        from delivered_refunds r cross join jsonb_array_elements(r.lines) e
        where r.order_id = p.id and e ->> 'productId' = l.product_id
      ) back on true
      order by p.placed_at, p.id, l.id`),
  );
  const last = rows.at(-1);
  return {
    rows,
    orders: Number(rows[0]?.page_orders ?? 0),
    last: last && { at: last.cursor_at, id: Number(last.order_id) },
  };
}

const rupees = (paise: number | string) => paiseToRupeesText(Number(paise));

function line(row: LineRow): string {
  return csvRow([
    row.order_number,
    row.placed,
    labelOf(ORDER_STATUS_LABELS, row.status),
    countsAsOrder(row.status) ? "yes" : "no",
    row.product_id,
    row.name,
    row.hsn_code,
    row.unit,
    rupees(row.unit_price_paise),
    `${Number(row.gst_rate_bps) / 100}%`,
    Number(row.ordered),
    Number(row.packed),
    rupees(row.taxable_paise),
    rupees(row.gst_paise),
    rupees(Number(row.taxable_paise) + Number(row.gst_paise)),
    Number(row.refunded_units),
    rupees(row.refunded_paise),
    row.credit_notes ?? "",
    row.invoice_number,
  ]);
}

/** The order-lines CSV's text, a page of orders at a time (the header first). */
export function orderLinesCsvChunks(
  db: Database,
  query: OrdersCsvQuery,
  pageSize = CSV_PAGE,
): AsyncGenerator<string> {
  return pagedCsv(
    ORDER_LINES_CSV_COLUMNS,
    (after, limit) => page(db, query, after, limit),
    line,
    pageSize,
  );
}

export function orderLinesCsvStream(db: Database, query: OrdersCsvQuery): Readable {
  return Readable.from(orderLinesCsvChunks(db, query), { objectMode: false });
}
