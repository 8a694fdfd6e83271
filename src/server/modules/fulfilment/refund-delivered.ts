// A refund of a delivered order, all in one transaction under the order's lock: the credit note
// for exactly what goes back, the refund's record, the goods back on the shelf or written off
// through the ledger, the money owed back through the provider (paid after commit) or the cash
// paid back recorded, the timeline, the audit entry, the shopper's email and the board's notice.
import { and, asc, eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { RefundDeliveredAsk as Ask } from "../../../shared/contracts/sales.ts";
import { formatRupees } from "../../../shared/money.ts";
import {
  CASH_PAID_BACK_LABELS,
  creditOfLine,
  DELIVERED_REFUND_MESSAGES,
  DELIVERED_REFUND_REASON_LABELS,
  type LineCredit,
  refundableLine,
  refundWindowEndsAt,
} from "../../../shared/rules/delivered-refund.ts";
import { FULFILMENT_MESSAGES } from "../../../shared/rules/order-fulfilment.ts";
import type { Transaction } from "../../db/client.ts";
import { AppError } from "../../http/app-error.ts";
import { mustMove } from "../inventory/index.ts";
import type { CreditNoteLine } from "../invoices/index.ts";
import { loadOrderView } from "../orders/index.ts";
import { orderLines, orders } from "../orders/schema.ts";
import { owe } from "../payments/index.ts";
import { staffMemberOf } from "../staff/index.ts";
import { issueCreditNote } from "./credit-notes.ts";
import { lockOrderDaySql } from "./figures/order-rollup.ts";
import {
  chargeOf,
  isOnlinePaid,
  type MoveDeps,
  type MoveDone,
  type OrderRow,
  recordMove,
} from "./order-moves.ts";
import { answerRefundRequest } from "./refund-requests.ts";
import { type DeliveredRefundLine, deliveredRefunds } from "./schema.ts";

export type RefundDeps = MoveDeps & { refundWindowHours: number };
type LineRow = typeof orderLines.$inferSelect;
type RefundRow = typeof deliveredRefunds.$inferSelect;

const invalid = (message: string, field: string) =>
  new AppError("VALIDATION_FAILED", message, field);

/** The refunds already made of an order, oldest first. */
function refundsOf(tx: Transaction, orderId: number) {
  return tx
    .select()
    .from(deliveredRefunds)
    .where(eq(deliveredRefunds.orderId, orderId))
    .orderBy(asc(deliveredRefunds.id));
}

/** What each line and the delivery fee can still give back, after `earlier` refunds. */
export function refundableOf(
  order: Pick<OrderRow, "deliveryFeePaise">,
  lines: readonly LineRow[],
  earlier: readonly Pick<RefundRow, "lines" | "deliveryFeePaise">[],
) {
  const creditsOf = (productId: string): LineCredit[] =>
    earlier.flatMap((refund) => refund.lines.filter((line) => line.productId === productId));
  return {
    lines: lines.map((line) => ({
      productId: line.productId,
      ...refundableLine(line, creditsOf(line.productId)),
    })),
    deliveryFeePaise: earlier.some((refund) => refund.deliveryFeePaise > 0)
      ? 0
      : order.deliveryFeePaise,
  };
}

/** The same request again (a retry, a double press) asked for exactly this refund. */
function sameAsk(row: RefundRow, ask: Ask): boolean {
  const sameLine = (asked: Ask["lines"][number]) =>
    row.lines.some(
      (done) =>
        done.productId === asked.productId &&
        (asked.quantity !== undefined
          ? done.quantity === asked.quantity
          : done.quantity === 0 && done.taxablePaise + done.gstPaise === asked.amountPaise),
    );
  return (
    row.reason === ask.reason &&
    row.goods === ask.goods &&
    row.deliveryFeePaise > 0 === (ask.deliveryFee === true) &&
    ask.lines.length === row.lines.length &&
    ask.lines.every(sameLine)
  );
}

/** The lines asked for, priced against what each has left; a line that cannot give it is refused. */
function creditedLines(lines: readonly LineRow[], earlier: readonly RefundRow[], ask: Ask) {
  const left = refundableOf({ deliveryFeePaise: 0 }, lines, earlier).lines;
  const seen = new Set<string>();
  const credited = ask.lines.map((asked, index) => {
    const field = `lines.${index}`;
    const line = lines.find((candidate) => candidate.productId === asked.productId);
    if (!line) throw invalid(DELIVERED_REFUND_MESSAGES.unknownLine(asked.productId), field);
    if (seen.has(asked.productId)) {
      throw invalid(DELIVERED_REFUND_MESSAGES.lineTwice(asked.productId), field);
    }
    seen.add(asked.productId);
    const credit = creditOfLine(left.find((item) => item.productId === asked.productId)!, asked);
    if ("refused" in credit) throw invalid(`${line.name}: ${credit.refused}`, field);
    if (credit.taxablePaise + credit.gstPaise <= 0) {
      throw invalid(`${line.name}: ${DELIVERED_REFUND_MESSAGES.moreMoneyThanLeft(0)}`, field);
    }
    return { line, credit };
  });
  // In product id order, as checkouts lock products, so a refund and a checkout never deadlock.
  return credited.sort((a, b) => (a.line.productId < b.line.productId ? -1 : 1));
}

/** The delivery fee given back, if asked and still owed. */
function feeCredited(order: OrderRow, earlier: readonly RefundRow[], ask: Ask): number {
  if (!ask.deliveryFee) return 0;
  if (order.deliveryFeePaise === 0) throw invalid(DELIVERED_REFUND_MESSAGES.noFee, "deliveryFee");
  if (earlier.some((refund) => refund.deliveryFeePaise > 0)) {
    throw invalid(DELIVERED_REFUND_MESSAGES.feeAlreadyRefunded, "deliveryFee");
  }
  return order.deliveryFeePaise;
}

/**
 * Refunds part or all of a delivered order. Two managers refunding the same line at once: the
 * second waits for the order's row and then prices against what the first left. The same key
 * again answers the refund already made and does nothing more.
 */
export async function refundDelivered(
  deps: RefundDeps,
  request: FastifyRequest,
  orderNumber: string,
  ask: Ask,
): Promise<MoveDone> {
  const member = staffMemberOf(request);
  const now = new Date();
  return deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(eq(orders.orderNumber, orderNumber))
      .for("update");
    if (!order) throw new AppError("NOT_FOUND", FULFILMENT_MESSAGES.notFound);
    // The row first, then its day's figures (as every order writer takes them): the refund
    // lowers that day's revenue, worked out again below.
    await tx.execute(
      sql`select ${lockOrderDaySql(sql`${order.placedAt.toISOString()}::timestamptz`, now)}`,
    );
    const [done] = await tx
      .select()
      .from(deliveredRefunds)
      .where(and(eq(deliveredRefunds.orderId, order.id), eq(deliveredRefunds.key, ask.key)));
    if (done) {
      if (!sameAsk(done, ask))
        throw new AppError("CONFLICT", DELIVERED_REFUND_MESSAGES.replayDiffers);
      return { orderId: order.id, owesRefund: false };
    }
    if (order.status !== "delivered" || !order.deliveredAt) {
      throw new AppError("CONFLICT", DELIVERED_REFUND_MESSAGES.notDelivered);
    }
    const late = now > refundWindowEndsAt(order.deliveredAt, deps.refundWindowHours);
    if (late && !ask.note) {
      throw invalid(DELIVERED_REFUND_MESSAGES.lateNoteRequired(deps.refundWindowHours), "note");
    }
    const onlinePaid = isOnlinePaid(order);
    if (!onlinePaid && !ask.paidBackBy) {
      throw invalid(DELIVERED_REFUND_MESSAGES.paidBackByRequired, "paidBackBy");
    }
    if (onlinePaid && ask.paidBackBy) {
      throw invalid(DELIVERED_REFUND_MESSAGES.paidBackByOnlyCash, "paidBackBy");
    }

    const lines = await tx
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.productId));
    const earlier = await refundsOf(tx, order.id);
    const credited = creditedLines(lines, earlier, ask);
    const deliveryFeePaise = feeCredited(order, earlier, ask);

    const reasonLabel = DELIVERED_REFUND_REASON_LABELS[ask.reason];
    const noteLines: CreditNoteLine[] = credited.map(({ line, credit }) => ({
      productId: line.productId,
      name: line.name,
      hsnCode: line.hsnCode,
      unit: line.unit,
      quantity: credit.quantity,
      unitPricePaise: line.unitPricePaise,
      gstRateBps: line.gstRateBps,
      taxablePaise: credit.taxablePaise,
      gstPaise: credit.gstPaise,
    }));
    const refundLines: DeliveredRefundLine[] = credited.map(({ line, credit }) => ({
      productId: line.productId,
      name: line.name,
      unit: line.unit,
      ...credit,
    }));
    // The shelf before the credit note's series, in the order a cancel takes them, so a refund
    // and a cancel at once never wait for each other.
    await moveGoods(tx, order, refundLines, {
      goods: ask.goods,
      reason: ask.reason,
      staffId: member.id,
    });
    const creditNote = await issueCreditNote(tx, order, {
      lines: noteLines,
      deliveryFeePaise,
      // The note is the staff's (kept with the refund and in the audit log): the shopper's
      // credit note gives the reason alone.
      reason: `Refund after delivery: ${reasonLabel.toLowerCase()}`,
      staffId: member.id,
    });
    const [refund] = await tx
      .insert(deliveredRefunds)
      .values({
        orderId: order.id,
        key: ask.key,
        reason: ask.reason,
        note: ask.note || null,
        goods: ask.goods,
        paidBackBy: onlinePaid ? null : (ask.paidBackBy ?? null),
        lines: refundLines,
        deliveryFeePaise,
        totalPaise: creditNote.totalPaise,
        creditNoteNumber: creditNote.number,
        staffId: member.id,
        staffName: member.name,
      })
      .returning();
    if (ask.requestId !== undefined) {
      await answerRefundRequest(
        tx,
        ask.requestId,
        { orderId: order.id, deliveredRefundId: refund!.id },
        member,
      );
    }

    const charge = onlinePaid ? await chargeOf(tx, order.id) : undefined;
    if (charge) {
      await owe(tx, {
        orderId: order.id,
        reference: `order-${order.id}-refund-${refund!.id}`,
        transactionId: charge.transactionId,
        gateway: charge.gateway,
        amountPaise: creditNote.totalPaise,
        reason: `Refund after delivery: ${reasonLabel}`,
      });
    }
    const paidBackBy =
      ask.paidBackBy && !onlinePaid ? CASH_PAID_BACK_LABELS[ask.paidBackBy] : undefined;
    const view = await loadOrderView(tx, order);
    await recordMove(tx, request, now, order, {
      events: [
        {
          orderId: order.id,
          kind: "credit_note",
          status: "delivered",
          by: member,
          note: `Credit note ${creditNote.number}: ${formatRupees(creditNote.totalPaise)} refunded (${reasonLabel.toLowerCase()}${paidBackBy ? `, paid back by ${paidBackBy}` : ""})`,
        },
      ],
      audit: {
        action: "order.refund",
        before: { status: order.status },
        after: {
          creditNote: creditNote.number,
          totalPaise: creditNote.totalPaise,
          reason: ask.reason,
          goods: ask.goods,
          lines: refundLines.map(({ productId, name, unit, quantity, taxablePaise, gstPaise }) => ({
            productId,
            name,
            unit,
            quantity,
            paise: taxablePaise + gstPaise,
          })),
          ...(deliveryFeePaise > 0 ? { deliveryFeePaise } : {}),
          ...(paidBackBy ? { paidBackBy: ask.paidBackBy } : {}),
          ...(late ? { late: true, note: ask.note } : {}),
        },
      },
      mail: deps.mails.refunded(view, {
        lines: refundLines.map((line) => ({
          name: line.name,
          unit: line.unit,
          quantity: line.quantity,
          totalPaise: line.taxablePaise + line.gstPaise,
        })),
        deliveryFeePaise,
        totalPaise: creditNote.totalPaise,
        reasonLabel,
        paidBackBy,
        creditNote,
      }),
      stockMoved: refundLines.some((line) => line.quantity > 0),
    });
    return { orderId: order.id, owesRefund: charge !== undefined };
  });
}

/**
 * Units given back come into stock through the ledger; written off, they go out again at once
 * with the reason, so the shelf count is what it was and the ledger says what happened.
 */
async function moveGoods(
  tx: Transaction,
  order: OrderRow,
  lines: readonly DeliveredRefundLine[],
  choice: { goods: Ask["goods"]; reason: Ask["reason"]; staffId: string },
) {
  for (const line of lines) {
    if (line.quantity <= 0) continue;
    await mustMove(tx, {
      productId: line.productId,
      kind: "refund",
      delta: line.quantity,
      orderId: order.id,
      staffId: choice.staffId,
      note: `Returned after delivery of ${order.orderNumber}`,
    });
    if (choice.goods === "write_off") {
      await mustMove(tx, {
        productId: line.productId,
        kind: "write_off",
        delta: -line.quantity,
        reason: choice.reason === "damaged" ? "damaged" : "spoiled",
        orderId: order.id,
        staffId: choice.staffId,
        note: `Returned after delivery of ${order.orderNumber}, not fit to sell again`,
      });
    }
  }
}
