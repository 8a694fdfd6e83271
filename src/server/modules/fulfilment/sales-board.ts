import { type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { PaymentMethod } from "../../../shared/contracts/checkout.ts";
import type { BoardOrder, BoardPage, boardQuerySchema } from "../../../shared/contracts/sales.ts";
import { addDays, SHOP_TIME_ZONE } from "../../../shared/rules/bulk-delivery-date.ts";
import { normalizeIndianMobile } from "../../../shared/rules/formats.ts";
import { promiseState } from "../../../shared/rules/order-fulfilment.ts";
import type { OrderStatus, PaymentStatus } from "../../../shared/rules/order-status.ts";
import { type Database, rowsOf } from "../../db/client.ts";
import { AppError } from "../../http/app-error.ts";
import { lineItemsSql, statusAtSql } from "../orders/index.ts";
import { lateOrdersCondition } from "./late-orders.ts";

type Query = z.output<typeof boardQuerySchema>;

export const BOARD_SEARCH_MESSAGE =
  "Search by order number (FHH-123456), mobile number or email address.";

/** The instant an India day (YYYY-MM-DD) starts, as SQL. */
const dayStart = (day: string) => sql`(${day}::date::timestamp at time zone ${SHOP_TIME_ZONE})`;

/** What the search box means: an order number, a mobile number or an email address. */
function searchCondition(q: string): SQL {
  const text = q.trim();
  const orderNumber = text.toUpperCase().match(/^(?:FHH-?)?(\d{6})$/);
  if (orderNumber) return sql`o.order_number = ${`FHH-${orderNumber[1]}`}`;
  const mobile = normalizeIndianMobile(text);
  if (mobile) return sql`o.phone = ${mobile}`;
  if (text.includes("@")) return sql`lower(o.email) = ${text.toLowerCase()}`;
  throw new AppError("VALIDATION_FAILED", BOARD_SEARCH_MESSAGE, "q");
}

/**
 * A cursor is the last row's placed_at in microseconds since 1970 (as the database keeps it: a
 * cursor cut to milliseconds would skip the orders of the same millisecond) and its id.
 */
function parseCursor(cursor: string): { micros: string; id: number } {
  const [micros, id] = cursor.split(".");
  return { micros: micros!, id: Number(id) };
}

type BoardRow = {
  id: number;
  order_number: string;
  status: OrderStatus;
  payment_method: PaymentMethod;
  payment_status: PaymentStatus;
  first_name: string;
  last_name: string;
  phone: string;
  pincode: string;
  total_paise: number;
  placed_at: Date | string;
  placed_micros: string;
  status_at: Date | string;
  delivered_at: Date | string | null;
  item_count: number;
  event_ticket: string | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The order board, newest first, a page at a time by keyset (placed_at, id): a page costs the
 * same on the millionth order as on the first. Open orders come from their own partial index.
 */
export async function listBoard(db: Database, query: Query, now = new Date()): Promise<BoardPage> {
  const where: SQL[] = [];
  // Open is the shop's work: an order awaiting its online payment is not yet (it has its status).
  if (query.status === "open") {
    where.push(sql`o.status not in ('delivered', 'cancelled', 'awaiting_payment')`);
  } else if (query.status) where.push(sql`o.status = ${query.status}`);
  if (query.paymentMethod) where.push(sql`o.payment_method = ${query.paymentMethod}`);
  if (query.paymentStatus) where.push(sql`o.payment_status = ${query.paymentStatus}`);
  if (query.from) where.push(sql`o.placed_at >= ${dayStart(query.from)}`);
  if (query.to) where.push(sql`o.placed_at < ${dayStart(addDays(query.to, 1))}`);
  if (query.late) where.push(lateOrdersCondition(now));
  if (query.kind === "event") where.push(sql`o.event_ticket is not null`);
  if (query.kind === "shop") where.push(sql`o.event_ticket is null`);
  if (query.q) where.push(searchCondition(query.q));
  if (query.cursor) {
    const { micros, id } = parseCursor(query.cursor);
    // Below 2^53 microseconds the multiplication is exact. Written as two conditions rather
    // than a row comparison so that the index on placed_at starts where the last page ended.
    const at = sql`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond')`;
    where.push(sql`o.placed_at <= ${at} and (o.placed_at < ${at} or o.id < ${id}::integer)`);
  }
  const rows = rowsOf<BoardRow>(
    await db.execute(sql`
      select o.id, o.order_number, o.status, o.payment_method, o.payment_status, o.first_name,
        o.last_name, o.phone, o.pincode, o.total_paise, o.placed_at, o.delivered_at, o.event_ticket,
        (extract(epoch from o.placed_at) * 1000000)::bigint::text as placed_micros,
        ${statusAtSql("o")} as status_at,
        (select coalesce(sum(${lineItemsSql("l")}), 0)::integer from order_lines l where l.order_id = o.id)
          as item_count
      from orders o
      ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
      order by o.placed_at desc, o.id desc
      limit ${query.limit + 1}`),
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const orders: BoardOrder[] = page.map((row) => {
    const placedAt = iso(row.placed_at);
    const deliveredAt = row.delivered_at ? iso(row.delivered_at) : null;
    return {
      orderNumber: row.order_number,
      status: row.status,
      paymentMethod: row.payment_method,
      paymentStatus: row.payment_status,
      customerName: [row.first_name, row.last_name].filter(Boolean).join(" "),
      phone: row.phone,
      pincode: row.pincode,
      itemCount: Number(row.item_count),
      totalPaise: Number(row.total_paise),
      placedAt,
      statusAt: iso(row.status_at),
      deliveredAt,
      eventTicket: row.event_ticket,
      promise: promiseState(
        { status: row.status, placedAt, deliveredAt, eventTicket: row.event_ticket },
        now,
      ),
    };
  });
  return {
    orders,
    nextCursor:
      rows.length > query.limit && last ? `${last.placed_micros}.${Number(last.id)}` : null,
    now: now.toISOString(),
  };
}
