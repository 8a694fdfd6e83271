// What a sales manager's move does to an order, all in one transaction: the state change (checked
// against the state the move starts from, in the same statement), its timestamp, the timeline,
// the audit entry, the stock ledger, any refund owed, the GST document, the shopper's email and
// the dashboards' notice. The transaction either does all of it or none.
import { and, asc, eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { MoveOrder } from "../../../shared/contracts/sales.ts";
import {
  CANCEL_REASON_LABELS,
  CANCELLABLE,
  type CancelReason,
  type ForwardMove,
  FULFILMENT_MESSAGES,
  MOVE_FROM,
} from "../../../shared/rules/order-fulfilment.ts";
import { ORDER_STATUS_LABELS, type OrderStatus } from "../../../shared/rules/order-status.ts";
import type { Database, Transaction } from "../../db/client.ts";
import { orderLines, orders, payments } from "../../db/schema/index.ts";
import { AppError } from "../../http/app-error.ts";
import type { CreditNoteDocument } from "../invoices/credit-note-document.ts";
import { nextDocumentNumber } from "../invoices/document-series.ts";
import { enqueueMail, type OutgoingMail } from "../mail/outbox.ts";
import { owe } from "../payments/refunds.ts";
import { recordAudit } from "../staff/audit.ts";
import { staffMemberOf } from "../staff/staff-guard.ts";
import { notifyStaff } from "../staff/staff-notify.ts";
import { mustMove } from "../stock/record-movement.ts";
import { issueCreditNote } from "./credit-notes.ts";
import type { StatusMails } from "./order-status-mails.ts";
import { recordOrderEvent } from "./order-timeline.ts";
import { loadOrderView } from "./order-view.ts";
import { shortPick } from "./short-pick.ts";

export type OrderRow = typeof orders.$inferSelect;
export type MoveDeps = {
  db: Database;
  mails: StatusMails;
  /** Runs inside each move's transaction: keeps the closed days' figures true. */
  afterChange?: (tx: Transaction, order: OrderRow) => Promise<void>;
};

/** The timestamp each state writes. */
const AT_FIELD = {
  confirmed: "confirmedAt",
  packed: "packedAt",
  out_for_delivery: "outForDeliveryAt",
  delivered: "deliveredAt",
  cancelled: "cancelledAt",
} as const satisfies Record<ForwardMove | "cancelled", keyof typeof orders.$inferInsert>;

function alreadyMoved(status: string): AppError {
  const label = ORDER_STATUS_LABELS[status as OrderStatus] ?? status;
  return new AppError("CONFLICT", FULFILMENT_MESSAGES.alreadyMoved(label.toLowerCase()));
}

/** What the move is allowed to start from, and the order as it was: one statement, locked. */
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
  if (!row) throw new AppError("NOT_FOUND", FULFILMENT_MESSAGES.notFound);
  if (!from.includes(row.status as OrderStatus)) {
    throw alreadyMoved(row.status);
  }
  return row;
}

/** The state change itself, guarded again by the state it starts from. */
async function setStatus(
  tx: Transaction,
  order: OrderRow,
  to: ForwardMove | "cancelled",
  extra: Partial<typeof orders.$inferInsert> = {},
): Promise<OrderRow> {
  const [moved] = await tx
    .update(orders)
    .set({
      status: to,
      [AT_FIELD[to]]: sql`now()`,
      updatedAt: sql`now()`,
      ...extra,
    })
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning();
  if (!moved) throw alreadyMoved(order.status);
  return moved;
}

const isOnlinePaid = (order: OrderRow) =>
  order.paymentMethod !== "cash" && order.paymentStatus === "paid";

async function chargeOf(tx: Transaction, orderId: number) {
  const [charge] = await tx
    .select({ transactionId: payments.transactionId, gateway: payments.gateway })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "paid")))
    .orderBy(asc(payments.id))
    .limit(1);
  return charge?.transactionId ? { ...charge, transactionId: charge.transactionId } : undefined;
}

/** What a move leaves for after its commit: a refund to pay, or none. */
export type MoveDone = { orderId: number; owesRefund: boolean };

async function tellEveryone(
  tx: Transaction,
  request: FastifyRequest,
  order: OrderRow,
  audit: { action: string; before: unknown; after: unknown; stockMoved: boolean },
  mail: OutgoingMail | undefined,
) {
  await recordAudit(tx, request, {
    action: audit.action,
    targetType: "order",
    targetId: order.orderNumber,
    before: audit.before,
    after: audit.after,
  });
  if (mail) await enqueueMail(tx, mail);
  // The inventory dashboard cares only when stock moved (a cancel, a short-pick).
  await notifyStaff(tx, {
    topic: "orders",
    dashboards: audit.stockMoved ? ["sales", "inventory"] : ["sales"],
    id: order.orderNumber,
  });
}

/**
 * Moves an order one step forward. Two managers pressing at once: the row lock makes the second
 * wait, and it then finds the order moved (409). Packing may short-pick lines; leaving the store
 * issues the GST invoice; delivery marks cash on delivery paid.
 */
export async function moveOrder(
  deps: MoveDeps,
  request: FastifyRequest,
  orderNumber: string,
  move: MoveOrder,
): Promise<MoveDone> {
  const member = staffMemberOf(request);
  return deps.db.transaction(async (tx) => {
    const before = await lockForMove(tx, orderNumber, [MOVE_FROM[move.to]]);
    if (move.picked?.length && move.to !== "packed") {
      throw new AppError(
        "VALIDATION_FAILED",
        FULFILMENT_MESSAGES.shortPickOnlyWhenPacking,
        "picked",
      );
    }
    const now = new Date();
    const extra: Partial<typeof orders.$inferInsert> = {};
    if (move.to === "out_for_delivery") {
      extra.invoiceNumber = await nextDocumentNumber(tx, "invoice", now);
      extra.invoicedAt = now;
    }
    if (move.to === "delivered" && before.paymentMethod === "cash") extra.paymentStatus = "paid";
    let order = await setStatus(tx, before, move.to, extra);
    if (move.to === "delivered" && before.paymentMethod === "cash") {
      await tx
        .update(payments)
        .set({ status: "paid", updatedAt: sql`now()` })
        .where(and(eq(payments.orderId, order.id), eq(payments.method, "cash")));
    }
    await recordOrderEvent(tx, { orderId: order.id, kind: "status", status: move.to, by: member });

    let mail: OutgoingMail | undefined;
    let owesRefund = false;
    const picked =
      move.to === "packed" ? await shortPick(tx, order, move.picked ?? [], member) : undefined;
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
      const view = await loadOrderView(tx, order);
      mail = deps.mails.shortPicked(view, { changes: picked.changes, refundPaise });
    } else if (move.to !== "packed") {
      const view = await loadOrderView(tx, order);
      if (move.to === "confirmed") mail = deps.mails.confirmed(view);
      if (move.to === "out_for_delivery") mail = deps.mails.outForDelivery(view);
      if (move.to === "delivered") mail = deps.mails.delivered(view);
    }
    // A short-pick's own email says the order is packed and what changed; a plain packing sends none.
    await tellEveryone(
      tx,
      request,
      order,
      {
        action: `order.${move.to}`,
        before: { status: before.status, totalPaise: before.totalPaise },
        after: {
          status: order.status,
          totalPaise: order.totalPaise,
          ...(order.invoiceNumber ? { invoiceNumber: order.invoiceNumber } : {}),
          ...(picked ? { shortPicked: picked.changes } : {}),
        },
        stockMoved: picked !== undefined,
      },
      mail,
    );
    await deps.afterChange?.(tx, order);
    return { orderId: order.id, owesRefund };
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
  return deps.db.transaction(async (tx) => {
    const before = await lockForMove(tx, orderNumber, CANCELLABLE);
    const charge = isOnlinePaid(before) ? await chargeOf(tx, before.id) : undefined;
    const refundPaise = charge ? before.totalPaise : 0;
    const order = await setStatus(tx, before, "cancelled", {
      cancelReason: cancel.reason,
      cancelNote: cancel.note?.trim() || null,
    });
    const lines = await tx
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.productId));
    // In product id order, as checkouts lock them, so a cancel and a checkout never deadlock.
    for (const line of lines) {
      if (line.quantity <= 0) continue;
      await mustMove(tx, {
        productId: line.productId,
        kind: "cancellation",
        delta: line.quantity,
        orderId: order.id,
        staffId: member.id,
        note: `Order ${order.orderNumber} cancelled`,
      });
    }
    const reasonLabel = CANCEL_REASON_LABELS[cancel.reason];
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
      creditNote = await issueCreditNote(tx, order, lines, {
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
    await recordOrderEvent(tx, {
      orderId: order.id,
      kind: "status",
      status: "cancelled",
      by: member,
      note: [reasonLabel, cancel.note?.trim()].filter(Boolean).join(": "),
    });
    const view = await loadOrderView(tx, order);
    await tellEveryone(
      tx,
      request,
      order,
      {
        action: "order.cancel",
        before: { status: before.status, paymentStatus: before.paymentStatus },
        after: {
          status: "cancelled",
          reason: cancel.reason,
          refundPaise,
          ...(creditNote ? { creditNote: creditNote.number } : {}),
        },
        stockMoved: true,
      },
      deps.mails.cancelled(view, { reasonLabel, refundPaise, creditNote }),
    );
    await deps.afterChange?.(tx, order);
    return { orderId: order.id, owesRefund: refundPaise > 0 };
  });
}
