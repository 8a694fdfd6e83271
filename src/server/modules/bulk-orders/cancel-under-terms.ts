// A bulk order cancelled under the terms, by the desk or from the Sales board: the advance back in
// full before processing begins, after it the fee kept and the rest owed back (paid after commit,
// once however often it is retried), the order's pending payments dropped, and the planner told.
import { eq, sql } from "drizzle-orm";
import { type BulkStatus, cancellationTerms } from "../../../shared/rules/bulk-order-status.ts";
import type { Transaction } from "../../db/client.ts";
import { enqueueMail } from "../mail/index.ts";
import { cancelPendingBulkPayments } from "../payments/index.ts";
import type { BulkOrderRow } from "./bulk-order-access.ts";
import { bulkCancelledMail } from "./bulk-order-emails.ts";
import { loadBulkOrderView } from "./bulk-order-view.ts";
import { oweBack } from "./owe-back.ts";
import { paidSoFar } from "./paid-so-far.ts";
import { bulkOrders } from "./schema.ts";

export async function cancelUnderTerms(
  tx: Transaction,
  row: BulkOrderRow,
  cancel: { reason: string; by: string; link: string },
) {
  const paid = await paidSoFar(tx, row.id);
  const terms = cancellationTerms(
    row.status as BulkStatus,
    row.quotePaise,
    paid.total,
    row.feePaise ?? 0,
  );
  await cancelPendingBulkPayments(tx, row.id);
  const owed = await oweBack(
    tx,
    {
      bulkOrderId: row.id,
      reference: `bulk-cancel:${row.ticketId}`,
      reason: cancel.reason,
      amountPaise: terms.refundPaise,
    },
    paid.charges,
  );
  const now = new Date();
  const [saved] = await tx
    .update(bulkOrders)
    .set({
      status: "cancelled",
      cancelledAt: now,
      cancelReason: cancel.reason,
      feePaise: terms.feePaise,
      refundPaise: terms.refundPaise,
      version: sql`${bulkOrders.version} + 1`,
      updatedAt: now,
      updatedBy: cancel.by,
    })
    .where(eq(bulkOrders.id, row.id))
    .returning();
  const view = await loadBulkOrderView(tx, saved!);
  await enqueueMail(
    tx,
    bulkCancelledMail({ ...view, locale: saved!.locale }, cancel.link, {
      ...terms,
      reason: cancel.reason,
      paidPaise: paid.total,
      keptBeforePaise: row.feePaise ?? 0,
    }),
  );
  return { terms, paidPaise: paid.total, owesRefund: owed > 0 };
}
