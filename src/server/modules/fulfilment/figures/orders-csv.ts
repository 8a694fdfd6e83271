// The orders of a range of India days as CSV, written as it is read: pages of orders in the order
// they were placed, each page fetched only when the client has taken the last one, so a year of
// orders never sits in memory. Pages are keyed on (placed_at, id), which never change, so an order
// moved or cancelled during the download is neither skipped nor repeated.
import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { PAYMENT_METHOD_LABELS } from "../../../../shared/contracts/checkout.ts";
import {
  ORDERS_CSV_COLUMNS,
  type OrdersCsvQuery,
} from "../../../../shared/contracts/sales-figures.ts";
import { SHOP_TIME_ZONE } from "../../../../shared/rules/bulk-delivery-date.ts";
import { csvRow } from "../../../../shared/rules/csv-text.ts";
import { countsAsOrder } from "../../../../shared/rules/order-count.ts";
import { CANCEL_REASON_LABELS } from "../../../../shared/rules/order-fulfilment.ts";
import {
  exportedPaymentStatus,
  ORDER_STATUS_LABELS,
} from "../../../../shared/rules/order-status.ts";
import { paiseToRupeesText } from "../../../../shared/rules/product-form.ts";
import { type Database, rowsOf } from "../../../db/client.ts";
import { lineItemsSql } from "../../orders/index.ts";
import { dayStartSql } from "./day-figures.ts";
import { refundedAfterDeliverySql } from "./placed-orders.ts";

/** Orders per query: small enough to hold, large enough that round trips do not dominate. */
export const CSV_PAGE = 2000;

type CsvOrderRow = {
  id: number;
  /** placed_at as the database writes it: the next page starts after it, to the microsecond. */
  cursor_at: string;
  order_number: string;
  placed: string;
  status: string;
  payment_method: string;
  payment_status: string;
  customer_name: string;
  phone: string;
  email: string;
  pincode: string;
  units: number | string;
  subtotal_paise: number;
  gst_paise: number;
  delivery_fee_paise: number;
  total_paise: number;
  refunded_paise: number | string;
  confirmed: string | null;
  packed: string | null;
  out_for_delivery: string | null;
  delivered: string | null;
  cancelled: string | null;
  cancel_reason: string | null;
  invoice_number: string | null;
};

const shopTime = (column: string) =>
  sql.raw(`to_char(o.${column} at time zone '${SHOP_TIME_ZONE}', 'YYYY-MM-DD HH24:MI:SS')`);

async function page(
  db: Database,
  { from, to }: OrdersCsvQuery,
  after: OrdersCursor | undefined,
  limit: number,
): Promise<CsvOrderRow[]> {
  const keyset = afterCursorSql(after);
  return rowsOf<CsvOrderRow>(
    await db.execute(sql`
      select o.id, o.placed_at::text as cursor_at, o.order_number,
        ${shopTime("placed_at")} as placed, o.status, o.payment_method, o.payment_status,
        trim(o.first_name || ' ' || o.last_name) as customer_name, o.phone, o.email, o.pincode,
        (select coalesce(sum(${lineItemsSql("l")}), 0) from order_lines l where l.order_id = o.id)::integer
          as units,
        o.subtotal_paise, o.gst_paise, o.delivery_fee_paise, o.total_paise,
        ${refundedAfterDeliverySql()} as refunded_paise,
        ${shopTime("confirmed_at")} as confirmed, ${shopTime("packed_at")} as packed,
        ${shopTime("out_for_delivery_at")} as out_for_delivery,
        ${shopTime("delivered_at")} as delivered, ${shopTime("cancelled_at")} as cancelled,
        o.cancel_reason, o.invoice_number
      from orders o
      where o.placed_at >= ${dayStartSql(from)}
        and o.placed_at < ${dayStartSql(sql`${to}::date + 1`)}
        ${keyset}
      order by o.placed_at, o.id
      limit ${limit}`),
  );
}

const rupees = (paise: number) => paiseToRupeesText(Number(paise));

/**
 * A state, method or reason as the shop says it ("Out for delivery"), never its code: the file is
 * read by people. A value with no label (never written by the store) reads "Unknown".
 */
export function labelOf(labels: Readonly<Record<string, string>>, code: string | null): string {
  if (code === null || code === "") return "";
  return Object.hasOwn(labels, code) ? labels[code]! : "Unknown";
}

function line(row: CsvOrderRow): string {
  return csvRow([
    row.order_number,
    row.placed,
    labelOf(ORDER_STATUS_LABELS, row.status),
    labelOf(PAYMENT_METHOD_LABELS, row.payment_method),
    exportedPaymentStatus({
      status: row.status,
      paymentMethod: row.payment_method,
      paymentStatus: row.payment_status,
    }),
    row.customer_name,
    row.phone,
    row.email,
    row.pincode,
    Number(row.units),
    rupees(row.subtotal_paise),
    rupees(row.gst_paise),
    rupees(row.delivery_fee_paise),
    rupees(row.total_paise),
    rupees(Number(row.refunded_paise)),
    countsAsOrder(row.status) ? "yes" : "no",
    row.confirmed,
    row.packed,
    row.out_for_delivery,
    row.delivered,
    row.cancelled,
    labelOf(CANCEL_REASON_LABELS, row.cancel_reason),
    row.invoice_number,
  ]);
}

/** Where the next page starts: after the order placed at `at` with id `id`. */
export type OrdersCursor = { at: string; id: number };

/**
 * A CSV's text, a page at a time (the header first): `fetch` answers a page of rows after a
 * cursor and the cursor of its last order, until a page holds fewer orders than asked for.
 */
export async function* pagedCsv<Row>(
  columns: readonly string[],
  fetch: (
    after: OrdersCursor | undefined,
    limit: number,
  ) => Promise<{ rows: Row[]; orders: number; last: OrdersCursor | undefined }>,
  line: (row: Row) => string,
  pageSize = CSV_PAGE,
): AsyncGenerator<string> {
  yield `${columns.join(",")}\r\n`;
  let after: OrdersCursor | undefined;
  for (;;) {
    const { rows, orders, last } = await fetch(after, pageSize);
    if (rows.length > 0) yield `${rows.map(line).join("\r\n")}\r\n`;
    if (orders < pageSize || !last) return;
    after = last;
  }
}

/** The keyset condition of a page of orders (alias `o`) after a cursor. */
export function afterCursorSql(after: OrdersCursor | undefined) {
  // `placed_at >= at and (placed_at > at or id > …)` rather than a row comparison: the index
  // on placed_at then starts each page where the last one ended instead of at `from`.
  return after
    ? sql`and o.placed_at >= ${after.at}::timestamptz
          and (o.placed_at > ${after.at}::timestamptz or o.id > ${after.id})`
    : sql``;
}

/** The orders CSV's text, a page of orders at a time (the header first). */
export function ordersCsvChunks(
  db: Database,
  query: OrdersCsvQuery,
  pageSize = CSV_PAGE,
): AsyncGenerator<string> {
  return pagedCsv(
    ORDERS_CSV_COLUMNS,
    async (after, limit) => {
      const rows = await page(db, query, after, limit);
      const last = rows.at(-1);
      return {
        rows,
        orders: rows.length,
        last: last && { at: last.cursor_at, id: Number(last.id) },
      };
    },
    line,
    pageSize,
  );
}

/** The same as a stream the reply pipes to the client, which pulls each page as it reads. */
export function ordersCsvStream(db: Database, query: OrdersCsvQuery): Readable {
  return Readable.from(ordersCsvChunks(db, query), { objectMode: false });
}
