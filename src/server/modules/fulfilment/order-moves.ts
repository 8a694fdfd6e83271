// What a sales manager's move does to an order, all in one transaction: the state change (checked
// against the state the move starts from, in the same statement), its timestamp, the timeline,
// the audit entry, the stock ledger, any refund owed, the GST document, the shopper's email and
// the dashboards' notice. The transaction either does all of it or none.
import { and, asc, desc, eq, getTableColumns, type SQLWrapper, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { FastifyRequest } from "fastify";
import { LIVE_TOPICS } from "../../../shared/contracts/live-topics.ts";
import type { MoveOrder } from "../../../shared/contracts/sales.ts";
import {
  CANCEL_REASON_LABELS,
  CANCELLABLE,
  type CancelReason,
  FORWARD_MOVES,
  type ForwardMove,
  FULFILMENT_MESSAGES,
  MOVE_FROM,
} from "../../../shared/rules/order-fulfilment.ts";
import { ORDER_STATUS_LABELS, type OrderStatus } from "../../../shared/rules/order-status.ts";
import { formatShopDateTime } from "../../../shared/rules/shop-time.ts";
import type { Database, Transaction } from "../../db/client.ts";
import { inOneStatement } from "../../db/in-one-statement.ts";
import { preparedOnce } from "../../db/statement-once.ts";
import { AppError } from "../../http/app-error.ts";
import type { EventOrderSteps } from "../bulk-orders/index.ts";
import type { CreditNoteDocument } from "../invoices/index.ts";
import { nextDocumentNumber } from "../invoices/index.ts";
import { staffNoticeSql } from "../live/index.ts";
import { type OutgoingMail, outboxInsert } from "../mail/index.ts";
import {
  loadOrderView,
  type OrderEvent,
  orderCashPaidOnDelivery,
  orderEventsInsert,
  orderInvoiced,
  orderStatusChange,
  recordOrderEvent,
} from "../orders/index.ts";
import { orderEvents, orders } from "../orders/schema.ts";
import { cashDueLowered, cashPaidOnDelivery, owe } from "../payments/index.ts";
import { payments } from "../payments/schema.ts";
import { auditInsert, staffMemberOf } from "../staff/index.ts";
import { creditLinesOf, issueCreditNote } from "./credit-notes.ts";
import { lockOrderDaySql, openDay, refreshDaySql } from "./figures/order-rollup.ts";
import type { StatusMails } from "./order-status-mails.ts";
import { returnLinesToStock } from "./return-to-stock.ts";
import { shortPick } from "./short-pick.ts";

export type OrderRow = typeof orders.$inferSelect;
export type MoveDeps = {
  db: Database;
  /** The shop's tolerance for weighed lines at packing, in percent either way. */
  weightTolerancePercent: number;
  mails: StatusMails;
  /** What an event order's move on the board does to the event order (bulk-orders). */
  eventOrders: EventOrderSteps;
};

/**
 * The order's columns, and its day's figures lock when that day may be rolled up, for an UPDATE's
 * RETURNING: the row is locked by the update before the day is (see lockForMove).
 */
const orderAndDayLock = (now: Date | SQLWrapper) => ({
  ...getTableColumns(orders),
  dayLocked: lockOrderDaySql(orders.placedAt, now).mapWith(String),
});

/** A forward move's state change, made once: the order's number and the day are its values. */
const preparedForward = (to: ForwardMove) =>
  preparedOnce(`order_move_${to}`, (db, name) =>
    orderStatusChange(
      db,
      sql.placeholder("orderNumber"),
      MOVE_FROM[to],
      to,
      to === "delivered" ? orderCashPaidOnDelivery() : {},
    )
      .returning(orderAndDayLock(sql.placeholder("openDay")))
      .prepare(name),
  );
const forwardChanges = Object.fromEntries(
  FORWARD_MOVES.map((to) => [to, preparedForward(to)]),
) as Record<ForwardMove, ReturnType<typeof preparedForward>>;
const withoutLock = ({ dayLocked: _, ...order }: OrderRow & { dayLocked: string }): OrderRow =>
  order;

function alreadyMoved(status: string, since?: string): AppError {
  const label = ORDER_STATUS_LABELS[status as OrderStatus] ?? status;
  return new AppError("CONFLICT", FULFILMENT_MESSAGES.alreadyMoved(label.toLowerCase(), since));
}

/**
 * Why a move cannot go ahead: no such order, or it is in another state, since when and by whom
 * (the order's last change of state on its timeline), so the manager knows who got there first.
 */
async function refusalOf(
  tx: Transaction,
  order: { id: number; status: string } | undefined,
): Promise<AppError> {
  if (!order) return new AppError("NOT_FOUND", FULFILMENT_MESSAGES.notFound);
  const [last] = await tx
    .select({ at: orderEvents.at, staffName: orderEvents.staffName })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.kind, "status")))
    .orderBy(desc(orderEvents.id))
    .limit(1);
  const since =
    last &&
    FULFILMENT_MESSAGES.movedSince(formatShopDateTime(last.at.toISOString()), last.staffName);
  return alreadyMoved(order.status, since);
}

/** Why a guarded change found nothing to change, read after it. */
async function refusal(tx: Transaction, orderNumber: string): Promise<AppError> {
  const [row] = await tx
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber));
  return refusalOf(tx, row);
}

/**
 * The order as it was, locked, if the move may start from its state: one statement. It takes no
 * day lock: a SELECT works its values out before it locks the row, and every writer must take
 * the row first and the day second, or two of them could wait for each other.
 */
async function lockForMove(
  tx: Transaction,
  orderNumber: string,
  from: readonly OrderStatus[],
): Promise<OrderRow> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber))
    .for("update");
  if (!row || !from.includes(row.status as OrderStatus)) throw await refusalOf(tx, row);
  return row;
}

/**
 * The cancel itself, guarded by the state it starts from in the same statement (a second manager
 * pressing at once waits for the row, then finds it moved). Answers the changed order.
 */
async function setCancelled(
  tx: Transaction,
  now: Date,
  orderNumber: string,
  from: OrderStatus,
  extra: PgUpdateSetSource<typeof orders>,
): Promise<OrderRow> {
  const [moved] = await orderStatusChange(tx, orderNumber, from, "cancelled", extra).returning(
    orderAndDayLock(now),
  );
  if (!moved) throw await refusal(tx, orderNumber);
  return withoutLock(moved);
}

/**
 * A forward move's state change, guarded as a cancel's is, with its statement made once (the hot
 * path of the board).
 */
async function moveForward(
  tx: Transaction,
  now: Date,
  orderNumber: string,
  to: ForwardMove,
): Promise<OrderRow> {
  const [moved] = await forwardChanges[to](tx).execute({ orderNumber, openDay: openDay(now) });
  if (!moved) throw await refusal(tx, orderNumber);
  return withoutLock(moved);
}

export const isOnlinePaid = (order: OrderRow) =>
  order.paymentMethod !== "cash" && order.paymentStatus === "paid";

export async function chargeOf(tx: Transaction, orderId: number) {
  const [charge] = await tx
    .select({ transactionId: payments.transactionId, gateway: payments.gateway })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "paid")))
    .orderBy(asc(payments.id))
    .limit(1);
  return charge?.transactionId ? { ...charge, transactionId: charge.transactionId } : undefined;
}

/** What a move leaves for after its commit: a refund to pay (an order's, an event's), or none. */
export type MoveDone = { orderId: number; owesRefund: boolean; eventRefundOf?: number | null };

type MoveRecord = {
  events: OrderEvent[];
  audit: { action: string; before: unknown; after: unknown };
  mail: OutgoingMail | undefined;
  /** The inventory dashboard cares only when stock moved (a cancel, a short-pick). */
  stockMoved: boolean;
  /** Other writes of the move that touch none of the rows above. */
  also?: SQLWrapper[];
};

/**
 * Everything a move writes besides the order row and the stock, in one statement: the timeline,
 * the audit entry, the shopper's email, the figures of the order's day (whose lock the statement
 * that changed the order took) and the dashboards' notice.
 */
export async function recordMove(
  tx: Transaction,
  request: FastifyRequest,
  now: Date,
  order: OrderRow,
  record: MoveRecord,
): Promise<void> {
  const writes: SQLWrapper[] = [
    // One insert for all of them: the parts of a statement run in no promised order, and the
    // timeline shows its rows in id order.
    ...(record.events.length > 0 ? [orderEventsInsert(tx, record.events)] : []),
    auditInsert(tx, request, {
      ...record.audit,
      targetType: "order",
      targetId: order.orderNumber,
    }),
    ...(record.mail ? [outboxInsert(tx, record.mail)] : []),
    ...(record.also ?? []),
  ];
  const refreshDay = refreshDaySql(order.placedAt, now);
  if (refreshDay) writes.push(refreshDay);
  const notice = staffNoticeSql({
    topic: LIVE_TOPICS.orders,
    dashboards: record.stockMoved ? ["sales", "inventory"] : ["sales"],
    id: order.orderNumber,
  });
  await tx.execute(inOneStatement(writes, notice));
}

/**
 * Moves an order one step forward: the change, one read for the email, one statement for the
 * rest. Two managers pressing at once: the second waits for the row and then finds the order
 * moved (409). Packing may short-pick lines; leaving the store issues the GST invoice; delivery
 * marks cash on delivery paid.
 */
export async function moveOrder(
  deps: MoveDeps,
  request: FastifyRequest,
  orderNumber: string,
  move: MoveOrder,
  /** A write of the caller's in the move's last statement, so it commits with the move or not at all. */
  alsoWrite?: (tx: Transaction) => SQLWrapper,
): Promise<MoveDone> {
  const member = staffMemberOf(request);
  const from = MOVE_FROM[move.to];
  const now = new Date();
  return deps.db.transaction(async (tx) => {
    const before = await moveForward(tx, now, orderNumber, move.to);
    // After the state check, so a move that is not allowed says so first (and rolls back).
    if (move.picked?.length && move.to !== "packed") {
      throw new AppError(
        "VALIDATION_FAILED",
        FULFILMENT_MESSAGES.shortPickOnlyWhenPacking,
        "picked",
      );
    }
    let order = before;
    const status: OrderEvent = { orderId: order.id, kind: "status", status: move.to, by: member };
    const also: SQLWrapper[] = [];
    if (move.to === "out_for_delivery") {
      // After the change, so the store-wide series row is locked only by a move that goes ahead
      // (and a rollback gives the number back: no gap). Written with the rest of the record.
      const invoice = {
        invoiceNumber: await nextDocumentNumber(tx, "invoice", now),
        invoicedAt: now,
      };
      order = { ...order, ...invoice };
      also.push(orderInvoiced(tx, order.id, invoice));
    }
    if (move.to === "delivered" && order.paymentMethod === "cash") {
      also.push(cashPaidOnDelivery(tx, order.id));
    }
    if (move.to === "delivered" && order.eventTicket) {
      await deps.eventOrders.delivered(tx, { eventTicket: order.eventTicket, by: member.name });
    }

    let mail: OutgoingMail | undefined;
    let owesRefund = false;
    let eventRefundOf: number | null = null;
    let picked: Awaited<ReturnType<typeof shortPick>>;
    if (move.picked?.length) {
      // The status first, so the timeline shows the packing before what was short.
      await recordOrderEvent(tx, status);
      picked = await shortPick(tx, order, move.picked, member, {
        weightTolerancePercent: deps.weightTolerancePercent,
        // Paid in full before packing, online or by an event order's advance: never charged more.
        paidBeforePacking: order.paymentStatus === "paid",
      });
    }
    if (picked) {
      order = picked.order;
      // What goes back is what was charged online; a cash order simply has less to collect.
      const charge = isOnlinePaid(order) ? await chargeOf(tx, order.id) : undefined;
      const refundPaise = charge ? picked.refundPaise : 0;
      owesRefund = refundPaise > 0;
      if (charge) {
        await owe(tx, {
          orderId: order.id,
          reference: `order-${order.id}-short-pick`,
          transactionId: charge.transactionId,
          gateway: charge.gateway,
          amountPaise: refundPaise,
          reason: "Short-picked at packing",
        });
      }
      // An event order's cash is its balance, which falls with the missing units (and rises with
      // a heavier weighing); below nothing, part of its advance goes back.
      if (order.eventTicket && picked.refundPaise !== 0) {
        also.push(cashDueLowered(tx, order.id, picked.refundPaise));
      }
      if (order.eventTicket && picked.refundPaise > 0) {
        eventRefundOf = await deps.eventOrders.shortPicked(tx, {
          eventTicket: order.eventTicket,
          totalPaise: order.totalPaise,
          by: member.name,
        });
      }
      const view = await loadOrderView(tx, order);
      mail = deps.mails.shortPicked(view, { changes: picked.changes, refundPaise });
    } else if (move.to !== "packed") {
      const view = await loadOrderView(tx, order);
      if (move.to === "confirmed") mail = deps.mails.confirmed(view);
      if (move.to === "out_for_delivery") mail = deps.mails.outForDelivery(view);
      if (move.to === "delivered") mail = deps.mails.delivered(view);
    }
    // A short-pick's own email says the order is packed and what changed; a plain packing sends none.
    await recordMove(tx, request, now, order, {
      events: move.picked?.length ? [] : [status],
      audit: {
        action: `order.${move.to}`,
        before: { status: from, totalPaise: before.totalPaise },
        after: {
          status: order.status,
          totalPaise: order.totalPaise,
          ...(order.invoiceNumber ? { invoiceNumber: order.invoiceNumber } : {}),
          ...(picked ? { shortPicked: picked.changes } : {}),
        },
      },
      mail,
      stockMoved: picked !== undefined,
      also: alsoWrite ? [...also, alsoWrite(tx)] : also,
    });
    return { orderId: order.id, owesRefund, eventRefundOf };
  });
}

/**
 * Cancels an order that has not been delivered: every supplied unit goes back to stock through
 * the ledger, an online payment is owed back in full (paid after commit, once per order however
 * often the cancel is retried), and an order that already has its invoice gets a credit note.
 */
export async function cancelOrder(
  deps: MoveDeps,
  request: FastifyRequest,
  orderNumber: string,
  cancel: { reason: CancelReason; note?: string | undefined },
): Promise<MoveDone> {
  const member = staffMemberOf(request);
  const now = new Date();
  return deps.db.transaction(async (tx) => {
    const before = await lockForMove(tx, orderNumber, CANCELLABLE);
    const charge = isOnlinePaid(before) ? await chargeOf(tx, before.id) : undefined;
    const refundPaise = charge ? before.totalPaise : 0;
    const order = await setCancelled(tx, now, orderNumber, before.status as OrderStatus, {
      cancelReason: cancel.reason,
      cancelNote: cancel.note?.trim() || null,
    });
    const lines = await returnLinesToStock(tx, {
      id: order.id,
      staffId: member.id,
      note: `Order ${order.orderNumber} cancelled`,
    });
    const reasonLabel = CANCEL_REASON_LABELS[cancel.reason];
    // An event order cancelled on the board: the event follows, under the terms' fee.
    const eventRefundOf = order.eventTicket
      ? await deps.eventOrders.cancelled(tx, {
          eventTicket: order.eventTicket,
          by: member.name,
          reason: [reasonLabel, cancel.note?.trim()].filter(Boolean).join(": "),
        })
      : null;
    if (charge) {
      await owe(tx, {
        orderId: order.id,
        reference: `order-${order.id}-cancel`,
        transactionId: charge.transactionId,
        gateway: charge.gateway,
        amountPaise: refundPaise,
        reason: `Cancelled: ${reasonLabel}`,
      });
    }
    let creditNote: CreditNoteDocument | undefined;
    if (order.invoiceNumber && order.invoicedAt) {
      creditNote = await issueCreditNote(tx, order, {
        lines: creditLinesOf(lines),
        deliveryFeePaise: order.deliveryFeePaise,
        reason: `Order cancelled: ${reasonLabel.toLowerCase()}`,
        staffId: member.id,
      });
      await recordOrderEvent(tx, {
        orderId: order.id,
        kind: "credit_note",
        status: "cancelled",
        by: member,
        note: `Credit note ${creditNote.number}`,
      });
    }
    const view = await loadOrderView(tx, order);
    await recordMove(tx, request, now, order, {
      events: [
        {
          orderId: order.id,
          kind: "status",
          status: "cancelled",
          by: member,
          note: [reasonLabel, cancel.note?.trim()].filter(Boolean).join(": "),
        },
      ],
      audit: {
        action: "order.cancel",
        before: { status: before.status, paymentStatus: before.paymentStatus },
        after: {
          status: "cancelled",
          reason: cancel.reason,
          refundPaise,
          ...(creditNote ? { creditNote: creditNote.number } : {}),
        },
      },
      mail: deps.mails.cancelled(view, { reasonLabel, refundPaise, creditNote }),
      stockMoved: true,
    });
    return { orderId: order.id, owesRefund: refundPaise > 0, eventRefundOf };
  });
}
