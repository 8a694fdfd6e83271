// For the figures' tests (nothing else imports it): orders written straight into the tables at
// chosen times, and the figures worked out again from those rows in plain TypeScript, so the
// rollup's SQL is checked against an independent reading of the same orders.
import { sql } from "drizzle-orm";
import { TIMED_STATES } from "../../shared/contracts/sales-figures.ts";
import { addDays, shopDate } from "../../shared/rules/bulk-delivery-date.ts";
import { lineAmountPaise } from "../../shared/rules/measure.ts";
import { PROMISED_MINUTES } from "../../shared/rules/order-fulfilment.ts";
import { type Database, rowsOf } from "../db/client.ts";
import type { DayFigures } from "../modules/fulfilment/figures/day-figures.ts";

const MINUTE = 60_000;

/**
 * A line as it stands: `quantity` in grams when `unit` is kg (the price then per kilogram), in
 * whole units otherwise; a line without a unit is counted ("each").
 */
export type TestLine = {
  productId: string;
  quantity: number;
  unitPricePaise: number;
  unit?: string;
};
const amountOf = (line: TestLine) =>
  lineAmountPaise(line.unitPricePaise, line.quantity, line.unit ?? "each");
export type TestOrder = {
  placedAt: Date;
  paymentMethod?: string;
  lines: TestLine[];
  /** Minutes after placing each later state was reached (as far as the order got). */
  confirmedAfter?: number;
  packedAfter?: number;
  outAfter?: number;
  deliveredAfter?: number;
  /** Minutes after placing it was cancelled, with the reason. */
  cancelled?: { after: number; reason: string | null };
  firstName?: string;
  deliveryFeePaise?: number;
};

let written = 0;

/** The instant `minutes` after midnight, India time, `daysAgo` India days before `now`. */
export function indiaTime(now: Date, daysAgo: number, minutes: number): Date {
  const day = addDays(shopDate(now), -daysAgo);
  return new Date(Date.parse(`${day}T00:00:00+05:30`) + minutes * MINUTE);
}

/** Writes an order and its lines as they would stand; answers its id and number. */
export async function insertOrder(
  db: Database,
  order: TestOrder,
): Promise<{ id: number; orderNumber: string }> {
  const at = (after: number | undefined) =>
    after === undefined ? null : new Date(order.placedAt.getTime() + after * MINUTE).toISOString();
  const status = order.cancelled
    ? "cancelled"
    : order.deliveredAfter !== undefined
      ? "delivered"
      : order.outAfter !== undefined
        ? "out_for_delivery"
        : order.packedAfter !== undefined
          ? "packed"
          : order.confirmedAfter !== undefined
            ? "confirmed"
            : "placed";
  const subtotal = order.lines.reduce((sum, line) => sum + amountOf(line), 0);
  const fee = order.deliveryFeePaise ?? 0;
  const orderNumber = `FIG-${process.pid}-${++written}`;
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into orders (order_number, status, payment_status, payment_method, first_name,
        last_name, email, phone, address, city, state, pincode, notes, subtotal_paise, gst_paise,
        delivery_fee_paise, total_paise, browser_key_hash, placed_at, confirmed_at, packed_at,
        out_for_delivery_at, delivered_at, cancelled_at, cancel_reason, updated_at)
      values (${orderNumber}, ${status}, 'paid', ${order.paymentMethod ?? "cash"},
        ${order.firstName ?? "Asha"}, 'Das', 'asha@example.in', '9876543210', '12 Janpath',
        'Bhubaneswar', 'Odisha', '751007', '', ${subtotal}, 0, ${fee}, ${subtotal + fee},
        'figures-test', ${order.placedAt.toISOString()}::timestamptz,
        ${at(order.confirmedAfter)}::timestamptz, ${at(order.packedAfter)}::timestamptz,
        ${at(order.outAfter)}::timestamptz, ${at(order.deliveredAfter)}::timestamptz,
        ${at(order.cancelled?.after)}::timestamptz, ${order.cancelled ? order.cancelled.reason : null},
        now())
      returning id`),
  );
  const id = Number(row!.id);
  for (const line of order.lines) {
    await db.execute(sql`
      insert into order_lines (order_id, product_id, name, unit, hsn_code, unit_price_paise,
        quantity, gst_rate_bps, taxable_paise, gst_paise)
      values (${id}, ${line.productId}, ${line.productId}, ${line.unit ?? "each"}, '0804',
        ${line.unitPricePaise}, ${line.quantity}, 0, ${amountOf(line)}, 0)`);
  }
  return { id, orderNumber };
}

/** A moment as milliseconds (the tests write whole milliseconds), named as the column. */
const epochMs = (column: string) =>
  sql.raw(`round(extract(epoch from ${column}) * 1000)::bigint::text as ${column}`);

type RawOrder = {
  id: number;
  status: string;
  payment_method: string;
  cancel_reason: string | null;
  total_paise: number;
  event_ticket: string | null;
  placed_at: string;
  confirmed_at: string | null;
  packed_at: string | null;
  out_for_delivery_at: string | null;
  delivered_at: string | null;
};

/**
 * Every day's figures from `fromDay` to `toDay`, worked out from the raw rows: the same
 * definitions as the rollup, written again without its SQL.
 */
export async function rawDayFigures(
  db: Database,
  fromDay: string,
  toDay: string,
): Promise<DayFigures[]> {
  const orders = rowsOf<RawOrder>(
    await db.execute(sql`
      select id, status, payment_method, cancel_reason, total_paise, event_ticket,
        ${epochMs("placed_at")}, ${epochMs("confirmed_at")}, ${epochMs("packed_at")},
        ${epochMs("out_for_delivery_at")}, ${epochMs("delivered_at")}
      from orders`),
  );
  const lines = rowsOf<{
    order_id: number;
    product_id: string;
    quantity: number;
    taxable_paise: number;
  }>(await db.execute(sql`select order_id, product_id, quantity, taxable_paise from order_lines`));
  // Refunds after delivery take back from the order's revenue, and from its lines' units and value.
  const refunds = rowsOf<{
    order_id: number;
    total_paise: number;
    lines: { productId: string; quantity: number; taxablePaise: number }[];
  }>(await db.execute(sql`select order_id, total_paise, lines from delivered_refunds`));
  const refundedOf = (orderId: number) =>
    refunds
      .filter((refund) => Number(refund.order_id) === orderId)
      .reduce((sum, refund) => sum + Number(refund.total_paise), 0);
  const lineBack = (orderId: number, productId: string) => {
    const credited = refunds
      .filter((refund) => Number(refund.order_id) === orderId)
      .flatMap((refund) => refund.lines.filter((line) => line.productId === productId));
    return {
      units: credited.reduce((sum, line) => sum + line.quantity, 0),
      taxable: credited.reduce((sum, line) => sum + line.taxablePaise, 0),
    };
  };
  const days = new Map<string, DayFigures>();
  for (let day = fromDay; day <= toDay; day = addDays(day, 1)) {
    days.set(day, {
      day,
      orders: 0,
      cancelled: 0,
      revenuePaise: 0,
      delivered: 0,
      deliveredOnTime: 0,
      paymentMethods: {},
      cancelReasons: {},
      products: {},
      stateMinutes: {},
      eventOrders: 0,
      eventRevenuePaise: 0,
    });
  }
  const time = (text: string | null) => (text === null ? null : Number(text));
  const dayOfOrder = new Map<number, { day: DayFigures; cancelled: boolean }>();
  for (const order of orders) {
    const placed = time(order.placed_at)!;
    const figures = days.get(shopDate(new Date(placed)));
    if (!figures) continue;
    const cancelled = order.status === "cancelled";
    dayOfOrder.set(Number(order.id), { day: figures, cancelled });
    const method = figures.paymentMethods[order.payment_method] ?? { orders: 0, revenuePaise: 0 };
    figures.paymentMethods[order.payment_method] = method;
    // The one order count: placed and not cancelled; cancellations apart.
    if (!cancelled) {
      figures.orders++;
      method.orders++;
    }
    if (cancelled) {
      figures.cancelled++;
      const reason = order.cancel_reason ?? "other";
      figures.cancelReasons[reason] = (figures.cancelReasons[reason] ?? 0) + 1;
    } else {
      const kept = Number(order.total_paise) - refundedOf(Number(order.id));
      figures.revenuePaise += kept;
      method.revenuePaise += kept;
      if (order.event_ticket) {
        figures.eventOrders++;
        figures.eventRevenuePaise += kept;
      }
    }
    const delivered = time(order.delivered_at);
    if (delivered !== null) {
      figures.delivered++;
      // An event order's promise is its day; a shop order's, 60 minutes.
      const onTime = order.event_ticket
        ? shopDate(new Date(delivered)) <= shopDate(new Date(placed))
        : delivered - placed <= PROMISED_MINUTES * MINUTE;
      if (onTime) figures.deliveredOnTime++;
    }
    const marks = [
      placed,
      time(order.confirmed_at),
      time(order.packed_at),
      time(order.out_for_delivery_at),
      delivered,
    ];
    TIMED_STATES.forEach((state, index) => {
      const began = marks[index];
      const ended = marks[index + 1];
      if (began === null || began === undefined || ended === null || ended === undefined) return;
      const minute = String(Math.min(Math.max(Math.floor((ended - began) / MINUTE), 0), 1440));
      const histogram = figures.stateMinutes[state] ?? {};
      figures.stateMinutes[state] = histogram;
      histogram[minute] = (histogram[minute] ?? 0) + 1;
    });
  }
  for (const line of lines) {
    const owner = dayOfOrder.get(Number(line.order_id));
    if (!owner || owner.cancelled) continue;
    const sold = owner.day.products[line.product_id] ?? { units: 0, revenuePaise: 0 };
    owner.day.products[line.product_id] = sold;
    const back = lineBack(Number(line.order_id), line.product_id);
    sold.units += Number(line.quantity) - back.units;
    sold.revenuePaise += Number(line.taxable_paise) - back.taxable;
  }
  return [...days.values()];
}
