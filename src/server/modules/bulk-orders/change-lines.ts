// An event order's lines changed after its advance, by the planner through the emailed link or by
// the desk, until 24 hours before it reaches the board (shared rule `bulk-changes.ts`). Under the
// row's lock and against the version its changer saw: the new lines priced by the shared rule,
// the fee kept on goods taken off once processing has begun, what was paid beyond the new advance
// owed back to the charges it came from (paid out after commit), and the planner told.
import { asc, eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { QuoteLineInputValue } from "../../../shared/contracts/bulk-orders.ts";
import { fill } from "../../../shared/i18n/fill.ts";
import {
  CHANGE_TEXT,
  CHANGEABLE_STATUSES,
  changeMoney,
  changesCloseAt,
  valueTakenOff,
} from "../../../shared/rules/bulk-changes.ts";
import {
  advanceFor,
  BULK_STATUS_LABELS,
  type BulkStatus,
} from "../../../shared/rules/bulk-order-status.ts";
import type { Database, Transaction } from "../../db/client.ts";
import { AppError } from "../../http/app-error.ts";
import { notifyStaff } from "../live/index.ts";
import { enqueueMail } from "../mail/index.ts";
import { setBulkCashDue } from "../payments/index.ts";
import { recordAudit, staffMemberOf } from "../staff/index.ts";
import { BULK_EVENT } from "./bulk-event.ts";
import type { BulkOrderRow } from "./bulk-order-access.ts";
import { bulkChangedMail } from "./bulk-order-emails.ts";
import { loadBulkOrderView } from "./bulk-order-view.ts";
import { lockForMove, refuseOnBoard } from "./move-lock.ts";
import { oweBack } from "./owe-back.ts";
import { paidSoFar } from "./paid-so-far.ts";
import { lineText, priceQuote, replaceQuoteLines } from "./quote-lines.ts";
import { bulkOrderLines, bulkOrders } from "./schema.ts";

/** The planner changes products and quantities; the desk may also change prices and terms. */
export type LinesChange =
  | { by: "planner"; version: number; lines: { productId: string; quantity: number }[] }
  | {
      by: "desk";
      request: FastifyRequest;
      version: number;
      lines: QuoteLineInputValue[];
      discountPercent: number;
      deliveryChargePaise: number;
    };

export type LinesChanged = { bulkOrderId: number; owesRefund: boolean };

async function lockChangeable(
  tx: Transaction,
  ticketId: string,
  version: number,
  now: Date,
): Promise<BulkOrderRow> {
  const row = await lockForMove(tx, ticketId, version, CHANGEABLE_STATUSES, (current) =>
    CHANGE_TEXT.notChangeable(ticketId, BULK_STATUS_LABELS[current.status as BulkStatus]),
  );
  await refuseOnBoard(tx, ticketId);
  if (now >= changesCloseAt(row.deliveryDate)) {
    throw new AppError("CONFLICT", CHANGE_TEXT.closed(ticketId, row.deliveryDate));
  }
  return row;
}

export async function changeBulkLines(
  deps: { db: Database; linkFor: (ticketId: string) => string },
  ticketId: string,
  change: LinesChange,
  now = new Date(),
): Promise<LinesChanged> {
  return deps.db.transaction(async (tx) => {
    const row = await lockChangeable(tx, ticketId, change.version, now);
    const before = await tx
      .select()
      .from(bulkOrderLines)
      .where(eq(bulkOrderLines.bulkOrderId, row.id))
      .orderBy(asc(bulkOrderLines.position));
    if (before.length === 0)
      throw new AppError("CONFLICT", fill(CHANGE_TEXT.lumpSum, { ticketId }));
    const quotedPrice = new Map(before.map((line) => [line.productId, line.listPricePaise]));
    const terms =
      change.by === "desk"
        ? change
        : {
            // The planner's products keep the price they were quoted at.
            lines: change.lines.map((line) => ({
              ...line,
              listPricePaise: quotedPrice.get(line.productId),
            })),
            discountPercent: row.discountPercent,
            deliveryChargePaise: row.deliveryChargePaise ?? 0,
          };
    const { breakdown, lines } = await priceQuote(tx, terms, new Set(quotedPrice.keys()));
    const unchanged =
      breakdown.totalPaise === row.quotePaise &&
      lines.length === before.length &&
      lines.every((line) =>
        before.some(
          (old) =>
            old.productId === line.productId &&
            old.quantity === line.quantity &&
            old.unitPricePaise === line.unitPricePaise,
        ),
      );
    if (unchanged) throw new AppError("VALIDATION_FAILED", CHANGE_TEXT.unchanged, "lines");

    const paid = await paidSoFar(tx, row.id);
    const feeSoFar = row.feePaise ?? 0;
    const money = changeMoney({
      status: row.status as BulkStatus,
      takenOffPaise: valueTakenOff(before, lines),
      toPaise: breakdown.totalPaise,
      paidPaise: paid.total,
      feePaise: feeSoFar,
      cashOnDelivery: paid.cashOnDelivery,
    });
    await replaceQuoteLines(tx, row.id, lines);
    const by = change.by === "desk" ? staffMemberOf(change.request).name : "customer";
    const [saved] = await tx
      .update(bulkOrders)
      .set({
        quotePaise: breakdown.totalPaise,
        advancePaise: advanceFor(breakdown.totalPaise),
        discountPercent: breakdown.discountPercent,
        deliveryChargePaise: breakdown.deliveryChargePaise,
        feePaise: feeSoFar + money.feeAddedPaise,
        version: sql`${bulkOrders.version} + 1`,
        updatedAt: now,
        updatedBy: by,
      })
      .where(eq(bulkOrders.id, row.id))
      .returning();
    const owed = await oweBack(
      tx,
      {
        bulkOrderId: row.id,
        // One change is one version: the same change retried owes nothing twice.
        reference: `bulk-change:${ticketId}:${row.version}`,
        reason: `Order ${ticketId} changed`,
        amountPaise: money.refundPaise,
      },
      paid.charges,
    );
    if (paid.cashOnDelivery) {
      await setBulkCashDue(tx, row.id, breakdown.totalPaise + feeSoFar + money.feeAddedPaise);
    }
    // What the charges can take back is what the planner is told goes back.
    const told = { ...money, refundPaise: owed };
    const view = await loadBulkOrderView(tx, saved!, now);
    await enqueueMail(
      tx,
      bulkChangedMail({ ...view, locale: saved!.locale }, deps.linkFor(ticketId), {
        fromPaise: row.quotePaise ?? 0,
        money: told,
      }),
    );
    if (change.by === "desk") {
      await recordAudit(tx, change.request, {
        action: "bulk.change",
        targetType: "bulk_order",
        targetId: ticketId,
        before: { quotePaise: row.quotePaise, lines: before.map(lineText) },
        after: { quotePaise: saved!.quotePaise, lines: lines.map(lineText), ...told },
      });
    }
    await notifyStaff(tx, { ...BULK_EVENT, id: ticketId });
    return { bulkOrderId: row.id, owesRefund: owed > 0 };
  });
}
