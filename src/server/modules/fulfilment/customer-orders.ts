// A customer's orders as Customer Relations reads them beside a ticket: lines as ordered and
// supplied, payments and where each refund stands, delivery times. Read-only, newest first.
import { sql } from "drizzle-orm";
import {
  CUSTOMER_HISTORY_ORDERS,
  type CustomerOrder,
} from "../../../shared/contracts/refund-requests.ts";
import { refundStateOf } from "../../../shared/rules/refund-state.ts";
import { type Database, rowsOf } from "../../db/client.ts";

type Row = {
  order_number: string;
  status: CustomerOrder["status"];
  placed_at: string | Date;
  delivered_at: string | Date | null;
  payment_method: CustomerOrder["paymentMethod"];
  payment_status: CustomerOrder["paymentStatus"];
  total_paise: number;
  lines:
    | {
        product_id: string;
        name: string;
        unit: string;
        quantity: number;
        ordered_quantity: number | null;
      }[]
    | null;
  refunds:
    | {
        reference: string;
        amount_paise: number;
        reason: string;
        state: string;
        last_error: string | null;
      }[]
    | null;
  after_delivery:
    | { total_paise: number; reason: string; credit_note_number: string; created_at: string }[]
    | null;
};

const iso = (value: string | Date) => new Date(value).toISOString();

/** The orders of one email address or account (awaiting payment ones left out), newest first. */
export async function customerOrders(
  db: Database,
  customer: { email: string; customerId: string | null },
): Promise<CustomerOrder[]> {
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select o.order_number, o.status, o.placed_at, o.delivered_at, o.payment_method,
        o.payment_status, o.total_paise,
        (select json_agg(json_build_object('product_id', l.product_id, 'name', l.name, 'unit', l.unit,
            'quantity', l.quantity, 'ordered_quantity', l.ordered_quantity) order by l.id)
          from order_lines l where l.order_id = o.id) as lines,
        (select json_agg(json_build_object('reference', r.reference, 'amount_paise', r.amount_paise, 'reason', r.reason,
            'state', r.state, 'last_error', r.last_error) order by r.id)
          from refunds r where r.order_id = o.id) as refunds,
        (select json_agg(json_build_object('total_paise', d.total_paise, 'reason', d.reason,
            'credit_note_number', d.credit_note_number, 'created_at', d.created_at) order by d.id)
          from delivered_refunds d where d.order_id = o.id) as after_delivery
      from orders o
      where (lower(o.email) = lower(${customer.email})
          ${customer.customerId ? sql`or o.customer_id = ${customer.customerId}` : sql``})
        and o.status <> 'awaiting_payment'
      order by o.placed_at desc, o.id desc
      limit ${CUSTOMER_HISTORY_ORDERS}`),
  );
  return rows.map((row) => ({
    orderNumber: row.order_number,
    status: row.status,
    placedAt: iso(row.placed_at),
    deliveredAt: row.delivered_at === null ? null : iso(row.delivered_at),
    paymentMethod: row.payment_method,
    paymentStatus: row.payment_status,
    totalPaise: Number(row.total_paise),
    lines: (row.lines ?? []).map((line) => ({
      productId: line.product_id,
      name: line.name,
      unit: line.unit,
      ordered: Number(line.ordered_quantity ?? line.quantity),
      supplied: Number(line.quantity),
    })),
    providerRefunds: (row.refunds ?? []).map((refund) => ({
      reference: refund.reference,
      amountPaise: Number(refund.amount_paise),
      reason: refund.reason,
      state: refundStateOf({ state: refund.state, lastError: refund.last_error }),
    })),
    refundsAfterDelivery: (row.after_delivery ?? []).map((refund) => ({
      totalPaise: Number(refund.total_paise),
      reason: refund.reason as CustomerOrder["refundsAfterDelivery"][number]["reason"],
      creditNoteNumber: refund.credit_note_number,
      at: iso(refund.created_at),
    })),
  }));
}
