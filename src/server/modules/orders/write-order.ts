import { type SQL, sql } from "drizzle-orm";
import { LIVE_TOPICS } from "../../../shared/contracts/live-topics.ts";
import type { Database, Transaction } from "../../db/client.ts";
import { statementOnce } from "../../db/statement-once.ts";
import { largeOrderNoticeEvent, largeOrderNoticeParts } from "../checkout/index.ts";
import { salesRecordedPartSql, sellableStockSql, stockTakenPartSql } from "../inventory/index.ts";
import { STAFF_CHANNEL, type StaffEvent } from "../live/index.ts";
import { outboxPartSql, type outboxRow } from "../mail/index.ts";
import { placedPaymentSql } from "../payments/index.ts";
import type { payments } from "../payments/schema.ts";
import type { orderLines, orders } from "./schema.ts";

export type OrderValues = Omit<
  typeof orders.$inferInsert,
  "id" | "rating" | "status" | `${string}At`
> & { status: string; placedAt: Date; paymentDueAt?: Date | null };
export type LineValues = Omit<typeof orderLines.$inferInsert, "id" | "orderId">;
export type PaymentValues = Omit<
  typeof payments.$inferInsert,
  "id" | "orderId" | "createdAt" | "updatedAt" | "failureReason"
>;

export type OrderWrite = {
  order: OrderValues;
  /** One line per product (the statement locks the rows in id order whatever this order is). */
  lines: LineValues[];
  payment: PaymentValues;
  mail?: ReturnType<typeof outboxRow>;
  /** A statement to run only when the order is written (it may use the CTE `placed`). */
  alsoWhenPlaced?: (placed: SQL) => SQL;
  /**
   * A cash order: placed only while its phone and its browser each have fewer than `perShopper`
   * open ones, and its network (`order.networkKey`, when it has one) fewer than `perNetwork`.
   */
  openCashLimit?: { perShopper: number; perNetwork: number };
  /** An online order: placed only while its phone and browser hold fewer than `max` unpaid ones. */
  heldLimit?: { max: number };
  /** Written only while this holds (the run still holds its Idempotency-Key). */
  onlyWhile?: SQL;
};

/** Whose limit refused an order: its phone's or browser's, or its network's. */
export type FullLimit = "shopper" | "network";

/**
 * Placed; or not placed because some lines had too little stock (what every line has left), or
 * because the phone, browser or network already has the most open cash orders (or unpaid online
 * ones) it may.
 */
export type WriteResult =
  | { orderId: number }
  | { orderId: null; claimLost: true }
  | { orderId: null; tooManyOpenCashOrders: FullLimit }
  | { orderId: null; tooManyOpenCashOrders?: undefined; stock: Map<string, number> };

const int = (value: SQL) => sql`${value}::integer`;

/** The dashboards that show orders and stock refetch when one is placed (sent on commit). */
const ORDER_PLACED_EVENT = JSON.stringify({
  topic: LIVE_TOPICS.orders,
  dashboards: ["inventory", "sales"],
} satisfies StaffEvent);

/**
 * Writes a whole order in one statement, which PostgreSQL runs atomically without a transaction
 * around it: locks every line's product row (in id order, so no two orders wait in a cycle), and
 * only if every line has enough stock for sale (none from a lot past its best-before date) takes the stock and inserts the order, its lines, its
 * payment, its email and one `sale` row per line in the stock ledger, and tells the staff
 * dashboards (and notes any line that took a large share of its product's stock). Archived products are not locked, so an order for one finds it sold out. Otherwise nothing is written and the answer says what each product has
 * left. One round trip instead of ten is most of what a checkout costs the database.
 */
export async function writeOrder(
  db: Database | Transaction,
  write: OrderWrite,
): Promise<WriteResult> {
  const [row] = await orderStatement.run<{
    order_id: number | null;
    full_limit: FullLimit | null;
    held: boolean;
    stock: Record<string, number> | string;
  }>(db, write);
  if (row?.order_id != null) return { orderId: Number(row.order_id) };
  if (row && !row.held) return { orderId: null, claimLost: true };
  if (row?.full_limit) return { orderId: null, tooManyOpenCashOrders: row.full_limit };
  const stock = typeof row?.stock === "string" ? JSON.parse(row.stock) : (row?.stock ?? {});
  return { orderId: null, stock: new Map(Object.entries(stock as Record<string, number>)) };
}

/**
 * The order's statement, made once per shape: its number of lines and which limit it is held
 * to (a cash order's open ones, an online order's unpaid holds). The key's guard, the key's
 * completion and the mail are other modules' pieces, built with each order.
 */
export const orderStatement = statementOnce({
  name: "place_order",
  shape: (write: OrderWrite) => ({
    lines: write.lines.length,
    limit: write.openCashLimit ? "cash" : write.heldLimit ? "held" : "none",
  }),
  parts: {
    stillHeld: (write) => write.onlyWhile ?? sql`true`,
    mail: (write) => outboxPartSql("placed_mail", write.mail, "placed"),
    alsoWhenPlaced: (write) =>
      write.alsoWhenPlaced
        ? sql`, also_when_placed as (${write.alsoWhenPlaced(sql`exists (select 1 from placed)`)})`
        : sql``,
  },
  build: (shape, bind, parts) => {
    const lineAt = (at: number) => (write: OrderWrite) => write.lines[at]!;
    const lines = Array.from({ length: shape.lines }, (_, at) => lineAt(at));
    const wanted = sql.join(
      lines.map(
        (line) => sql`(${bind((w) => line(w).productId)}, ${int(bind((w) => line(w).quantity))})`,
      ),
      sql`, `,
    );
    const lineRows = sql.join(
      lines.map((line) => {
        const value = (column: keyof LineValues) => bind((w) => line(w)[column]);
        const integer = (column: keyof LineValues) => int(value(column));
        return sql`(${value("productId")}, ${value("name")}, ${bind((w) => line(w).localName ?? null)}::text, ${value("unit")}, ${value("hsnCode")}, ${integer("unitPricePaise")}, ${integer("quantity")}, ${integer("gstRateBps")}, ${integer("taxablePaise")}, ${integer("gstPaise")})`;
      }),
      sql`, `,
    );
    const order = <K extends keyof OrderValues>(column: K) =>
      bind((w: OrderWrite) => w.order[column]);
    const orNull = (value: (order: OrderValues) => unknown) =>
      bind((w: OrderWrite) => value(w.order) ?? null);
    // Counted (under the phone's, browser's and network's advisory locks) before any product row
    // is locked, and only while the run still holds its key: the guard gates `locked`, so a
    // refused order locks and takes nothing.
    const limitReached =
      shape.limit === "cash"
        ? sql`cash_order_limit_reached(${order("phone")}, ${order("browserKeyHash")}, ${orNull((o) => o.networkKey)}::text, ${int(bind((w) => w.openCashLimit!.perShopper))}, ${int(bind((w) => w.openCashLimit!.perNetwork))})`
        : shape.limit === "held"
          ? sql`case when unpaid_holds(${order("phone")}, ${order("browserKeyHash")}) >= ${int(bind((w) => w.heldLimit!.max))} then 'shopper' end`
          : sql`null::text`;
    const payment = <K extends keyof PaymentValues>(column: K) =>
      bind((w: OrderWrite) => w.payment[column]);
    const largeShare = largeOrderNoticeParts(
      bind((w) => largeOrderNoticeEvent(w.order.orderNumber)),
    );
    return sql`
    with wanted (id, quantity) as (values ${wanted}),
    still_held as materialized (select ${parts.stillHeld} as ok),
    cash_limit as materialized (
      select case when (select ok from still_held) then ${limitReached} end as reached
    ),
    cash_guard as materialized (
      select (select ok from still_held) and (select reached from cash_limit) is null as ok
    ),
    locked as materialized (
      select p.id, ${sellableStockSql("p")} as stock, w.quantity
      from products p join wanted w on w.id = p.id
      where (select ok from cash_guard) and p.archived_at is null
      order by p.id
      for update of p
    ),
    enough as materialized (
      select count(*) filter (where stock >= quantity) = ${shape.lines} as ok from locked
    ),
    ${stockTakenPartSql("taken", "wanted", sql`(select ok from enough)`)},
    placed as (
      insert into orders (
        order_number, status, payment_status, payment_method, first_name, last_name, email,
        locale, phone, address, city, state, pincode, notes, subtotal_paise, gst_paise,
        delivery_fee_paise, total_paise, browser_key_hash, customer_id, placed_at, payment_due_at,
        network_key, event_ticket
      )
      select ${order("orderNumber")}, ${order("status")}, ${order("paymentStatus")}, ${order("paymentMethod")},
        ${order("firstName")}, ${order("lastName")}, ${order("email")}, ${bind((w) => w.order.locale ?? "en")}, ${order("phone")}, ${order("address")},
        ${order("city")}, ${order("state")}, ${order("pincode")}, ${order("notes")},
        ${int(order("subtotalPaise"))}, ${int(order("gstPaise"))}, ${int(order("deliveryFeePaise"))},
        ${int(order("totalPaise"))}, ${order("browserKeyHash")}, ${orNull((o) => o.customerId)},
        ${bind((w) => w.order.placedAt.toISOString())}::timestamptz,
        ${bind((w) => w.order.paymentDueAt?.toISOString() ?? null)}::timestamptz,
        ${orNull((o) => o.networkKey)}::text, ${orNull((o) => o.eventTicket)}::text
      where (select ok from enough)
      returning id
    ),
    placed_lines as (
      insert into order_lines (
        order_id, product_id, name, local_name, unit, hsn_code, unit_price_paise, quantity, gst_rate_bps,
        taxable_paise, gst_paise
      )
      select placed.id, l.* from placed, (values ${lineRows}) as l
      returning 1
    ),
    ${salesRecordedPartSql("sold", { taken: "taken", wanted: "wanted", order: "placed" })},
    staff_notice as (
      select pg_notify(${STAFF_CHANNEL}, ${ORDER_PLACED_EVENT}) from placed
    ),
    placed_payment as (${placedPaymentSql(
      {
        method: payment("method"),
        status: payment("status"),
        amountPaise: payment("amountPaise"),
        gateway: payment("gateway"),
        transactionId: payment("transactionId"),
        instrumentSummary: payment("instrumentSummary"),
        idempotencyKey: payment("idempotencyKey"),
        providerOrderId: payment("providerOrderId"),
      },
      "placed",
    )})${largeShare.ctes}${parts.mail}${parts.alsoWhenPlaced}
    select (select id from placed) as order_id, (select reached from cash_limit) as full_limit,
      (select ok from still_held) as held,
      (select count(*) from staff_notice) as notified, ${largeShare.told} as told_large,
      (select coalesce(json_object_agg(id, stock), '{}'::json) from locked) as stock`;
  },
});
