import { asc, eq, sql } from "drizzle-orm";
import { type OrderTracking, TRACKING_STEPS } from "../../../shared/contracts/order-tracking.ts";
import {
  CANCEL_REASON_LABELS,
  type OrderCancelReason,
} from "../../../shared/rules/order-fulfilment.ts";
import type { OrderStatus } from "../../../shared/rules/order-status.ts";
import type { Database } from "../../db/client.ts";
import { preparedOnce } from "../../db/statement-once.ts";
import { refunds } from "../payments/schema.ts";
import {
  creditNoteRefOf,
  paymentSummaryOf,
  STATUS_AT,
  toOrderView,
  VIEW_RELATIONS,
} from "./order-view.ts";
import { orders } from "./schema.ts";

type OrderRow = typeof orders.$inferSelect;

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : null);

/**
 * The states on the way to the door with their times. A cancelled order shows only the states it
 * reached, then the cancellation: the rest will never come.
 */
export function trackingSteps(order: OrderRow): OrderTracking["steps"] {
  const steps = TRACKING_STEPS.map((status) => ({
    status: status as OrderStatus,
    at: iso(order[STATUS_AT[status as OrderStatus]]),
  }));
  if (order.status !== "cancelled") return steps;
  return [
    ...steps.filter((step) => step.at !== null),
    { status: "cancelled", at: iso(order.cancelledAt) },
  ];
}

// The page a shopper keeps open and reloads while the order comes.
const trackingRead = preparedOnce("order_tracking", (db, name) =>
  db.query.orders
    .findFirst({
      where: eq(orders.id, sql.placeholder("id")),
      columns: { id: true },
      with: {
        ...VIEW_RELATIONS,
        refunds: {
          columns: { amountPaise: true, state: true, createdAt: true, doneAt: true },
          orderBy: asc(refunds.id),
        },
      },
    })
    .prepare(name),
);

/**
 * Everything the order's page shows, read in one statement, for a reader already allowed to see
 * the order (findOwnOrder).
 */
export async function readOrderTracking(db: Database, order: OrderRow): Promise<OrderTracking> {
  const parts = await trackingRead(db).execute({ id: order.id });
  return {
    order: toOrderView(
      order,
      parts?.lines ?? [],
      paymentSummaryOf(order, parts?.payments[0]),
      (parts?.creditNotes ?? []).map(creditNoteRefOf),
    ),
    steps: trackingSteps(order),
    deliveredAt: iso(order.deliveredAt),
    cancelReason:
      order.status === "cancelled" && order.cancelReason
        ? (CANCEL_REASON_LABELS[order.cancelReason as OrderCancelReason] ?? null)
        : null,
    refunds: (parts?.refunds ?? []).map((refund) => ({
      amountPaise: refund.amountPaise,
      // A refund the provider could not make is paid back by a person: still on its way.
      state: refund.state === "done" ? "refunded" : "in_progress",
      at: refund.createdAt.toISOString(),
      refundedAt: refund.state === "done" ? iso(refund.doneAt) : null,
    })),
    now: new Date().toISOString(),
  };
}
