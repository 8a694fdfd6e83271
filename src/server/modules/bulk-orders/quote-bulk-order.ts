import { eq } from "drizzle-orm";
import type { BulkOrderView, BulkQuote } from "../../../shared/contracts/bulk-orders.ts";
import { advanceFor, type BulkStatus, canQuote } from "../../../shared/rules/bulk-order-status.ts";
import type { Database } from "../../db/client.ts";
import { bulkOrders } from "../../db/schema/index.ts";
import { AppError } from "../../http/app-error.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { bulkQuoteMail } from "./bulk-order-emails.ts";
import { loadBulkOrderView } from "./bulk-order-view.ts";

/** Parsed with bulkQuoteSchema at the edge (the command, the staff route). */
export type QuoteInput = BulkQuote & { ticketId: string };

/**
 * Customer relations prices a request: the request moves to Awaiting Payment with its 50%
 * advance, and the requester is emailed the quote. A second quote before payment replaces the first.
 */
export async function quoteBulkOrder(
  db: Database,
  linkFor: (ticketId: string) => string,
  input: QuoteInput,
): Promise<BulkOrderView> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(bulkOrders)
      .where(eq(bulkOrders.ticketId, input.ticketId))
      .for("update");
    if (!row) throw new AppError("NOT_FOUND", `No bulk order request ${input.ticketId} exists.`);
    if (!canQuote(row.status as BulkStatus)) {
      throw new AppError(
        "CONFLICT",
        `${input.ticketId} is ${row.status.replaceAll("_", " ")}: it can no longer be quoted.`,
      );
    }
    const now = new Date();
    const [updated] = await tx
      .update(bulkOrders)
      .set({
        status: "awaiting_payment",
        quotePaise: input.quotePaise,
        advancePaise: advanceFor(input.quotePaise),
        codApproved: input.approveCod || row.codApproved,
        quotedAt: now,
        updatedAt: now,
      })
      .where(eq(bulkOrders.id, row.id))
      .returning();
    const view = await loadBulkOrderView(tx, updated!);
    await enqueueMail(tx, bulkQuoteMail(view, linkFor(view.ticketId)));
    return view;
  });
}
