// Customer Relations' moves of a bulk order: quote (again, until the advance is paid), confirm
// after the advance, deliver with the balance paid, cancel under the terms (the advance back in
// full before processing begins; after it, the 25% fee kept and the rest refunded). Each is made
// against the version the member saw, and commits with its email, audit entry and live notice.
import { eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { BulkQuote } from "../../../shared/contracts/bulk-orders.ts";
import {
  BALANCE_METHOD_LABELS,
  BULK_PIPELINE_MESSAGES,
} from "../../../shared/contracts/bulk-pipeline.ts";
import { balanceOf } from "../../../shared/rules/bulk-changes.ts";
import { deliveredBeforeEvent } from "../../../shared/rules/bulk-delivery-date.ts";
import {
  BULK_MOVES_FROM,
  BULK_STATUS_LABELS,
  BULK_STATUSES,
  type BulkStatus,
  canQuote,
} from "../../../shared/rules/bulk-order-status.ts";
import type { Database, Transaction } from "../../db/client.ts";
import { AppError } from "../../http/app-error.ts";
import { notifyStaff } from "../live/index.ts";
import { enqueueMail } from "../mail/index.ts";
import { cancelPendingBulkPayments, recordPayment } from "../payments/index.ts";
import { recordAudit, staffMemberOf } from "../staff/index.ts";
import { BULK_EVENT } from "./bulk-event.ts";
import type { BulkOrderRow } from "./bulk-order-access.ts";
import { bulkConfirmedMail, bulkDeliveredMail, bulkQuoteMail } from "./bulk-order-emails.ts";
import { loadBulkOrderView } from "./bulk-order-view.ts";
import { cancelUnderTerms } from "./cancel-under-terms.ts";
import { lockForMove, refuseOnBoard } from "./move-lock.ts";
import { paidSoFar } from "./paid-so-far.ts";
import { lineText, priceQuote, replaceQuoteLines } from "./quote-lines.ts";
import { bulkOrders } from "./schema.ts";

export type BulkMoveDeps = { db: Database; linkFor: (ticketId: string) => string };

const statusText = (status: string) => BULK_STATUS_LABELS[status as BulkStatus] ?? status;

async function save(
  tx: Transaction,
  request: FastifyRequest,
  row: BulkOrderRow,
  changes: Partial<typeof bulkOrders.$inferInsert>,
): Promise<BulkOrderRow> {
  const [saved] = await tx
    .update(bulkOrders)
    .set({
      ...changes,
      version: sql`${bulkOrders.version} + 1`,
      updatedAt: new Date(),
      updatedBy: staffMemberOf(request).name,
    })
    .where(eq(bulkOrders.id, row.id))
    .returning();
  return saved!;
}

async function record(
  tx: Transaction,
  request: FastifyRequest,
  row: BulkOrderRow,
  action: string,
  before: unknown,
  after: unknown,
) {
  await recordAudit(tx, request, {
    action,
    targetType: "bulk_order",
    targetId: row.ticketId,
    before,
    after,
  });
  await notifyStaff(tx, { ...BULK_EVENT, id: row.ticketId });
}

/**
 * A quote from catalogue lines (or a new one before payment, replacing the last), priced by the
 * shared rule, and its email with the link.
 */
export async function quoteBulk(
  deps: BulkMoveDeps,
  request: FastifyRequest,
  ticketId: string,
  input: BulkQuote & { notes: string; version: number },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await lockForMove(
      tx,
      ticketId,
      input.version,
      BULK_STATUSES.filter(canQuote),
      (current) => BULK_PIPELINE_MESSAGES.notQuotable(ticketId, statusText(current.status)),
    );
    const { breakdown, lines } = await priceQuote(tx, input);
    await replaceQuoteLines(tx, row.id, lines);
    const saved = await save(tx, request, row, {
      status: "awaiting_payment",
      quotePaise: breakdown.totalPaise,
      advancePaise: breakdown.advancePaise,
      discountPercent: breakdown.discountPercent,
      deliveryChargePaise: breakdown.deliveryChargePaise,
      // The quote says whether cash on delivery is approved: a new quote can withdraw it.
      codApproved: input.approveCod,
      quoteNotes: input.notes,
      quotedAt: new Date(),
    });
    const view = await loadBulkOrderView(tx, saved);
    await enqueueMail(tx, bulkQuoteMail({ ...view, locale: saved.locale }, deps.linkFor(ticketId)));
    await record(
      tx,
      request,
      row,
      "bulk.quote",
      { status: row.status, quotePaise: row.quotePaise },
      {
        status: saved.status,
        quotePaise: saved.quotePaise,
        lines: lines.map(lineText),
        discountPercent: saved.discountPercent,
        deliveryChargePaise: saved.deliveryChargePaise,
        codApproved: saved.codApproved,
      },
    );
  });
}

/** After the advance: the shop buys for the event, and the planner is told. */
export async function confirmBulk(
  deps: BulkMoveDeps,
  request: FastifyRequest,
  ticketId: string,
  version: number,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await lockForMove(tx, ticketId, version, BULK_MOVES_FROM.confirm, (current) =>
      BULK_PIPELINE_MESSAGES.cannot("confirmed", ticketId, statusText(current.status)),
    );
    const saved = await save(tx, request, row, { status: "confirmed", confirmedAt: new Date() });
    const view = await loadBulkOrderView(tx, saved);
    await enqueueMail(
      tx,
      bulkConfirmedMail({ ...view, locale: saved.locale }, deps.linkFor(ticketId)),
    );
    await record(tx, request, row, "bulk.confirm", { status: row.status }, { status: "confirmed" });
  });
}

/** Delivered: the balance is recorded as paid, in cash or online, and the planner thanked. */
export async function deliverBulk(
  deps: BulkMoveDeps,
  request: FastifyRequest,
  ticketId: string,
  input: { version: number; balanceMethod: "cash" | "online"; earlyReason?: string | undefined },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await lockForMove(tx, ticketId, input.version, BULK_MOVES_FROM.deliver, (current) =>
      BULK_PIPELINE_MESSAGES.cannot("delivered", ticketId, statusText(current.status)),
    );
    await refuseOnBoard(tx, ticketId);
    const early = deliveredBeforeEvent(row.deliveryDate, new Date());
    if (early && !input.earlyReason) {
      throw new AppError("VALIDATION_FAILED", BULK_PIPELINE_MESSAGES.earlyReasonRequired);
    }
    const paid = await paidSoFar(tx, row.id);
    const balancePaise = balanceOf(row.quotePaise ?? 0, row.feePaise ?? 0, paid.total);
    // An approved cash-on-delivery order carries its whole amount as a pending payment.
    await cancelPendingBulkPayments(tx, row.id);
    if (balancePaise > 0) {
      await recordPayment(tx, {
        bulkOrderId: row.id,
        method: input.balanceMethod === "cash" ? "cash_on_delivery" : "online",
        status: "paid",
        amountPaise: balancePaise,
        gateway: input.balanceMethod === "cash" ? "cash" : "recorded",
        instrumentSummary: BALANCE_METHOD_LABELS[input.balanceMethod],
      });
    }
    const saved = await save(tx, request, row, { status: "delivered", deliveredAt: new Date() });
    const view = await loadBulkOrderView(tx, saved);
    await enqueueMail(
      tx,
      bulkDeliveredMail({ ...view, locale: saved.locale }, deps.linkFor(ticketId)),
    );
    await record(
      tx,
      request,
      row,
      "bulk.deliver",
      { status: row.status },
      {
        status: "delivered",
        balancePaise,
        balanceMethod: input.balanceMethod,
        ...(early && { earlyReason: input.earlyReason }),
      },
    );
  });
}

/**
 * Cancelled under the terms. The refund is owed in the same transaction and paid out after
 * commit (`payRefunds`), retried until the provider takes it. Answers whether one is owed.
 */
export async function cancelBulk(
  deps: BulkMoveDeps,
  request: FastifyRequest,
  ticketId: string,
  input: { version: number; reason: string },
): Promise<{ bulkOrderId: number; owesRefund: boolean }> {
  return deps.db.transaction(async (tx) => {
    const row = await lockForMove(tx, ticketId, input.version, BULK_MOVES_FROM.cancel, (current) =>
      BULK_PIPELINE_MESSAGES.cannot("cancelled", ticketId, statusText(current.status)),
    );
    await refuseOnBoard(tx, ticketId);
    const { terms, paidPaise, owesRefund } = await cancelUnderTerms(tx, row, {
      reason: input.reason,
      by: staffMemberOf(request).name,
      link: deps.linkFor(ticketId),
    });
    await record(
      tx,
      request,
      row,
      "bulk.cancel",
      { status: row.status, paidPaise },
      { status: "cancelled", reason: input.reason, ...terms },
    );
    return { bulkOrderId: row.id, owesRefund };
  });
}
