import { and, desc, eq, inArray } from "drizzle-orm";
import type { BulkOrderView, QuoteView } from "../../../shared/contracts/bulk-orders.ts";
import type { BulkStatus } from "../../../shared/rules/bulk-order-status.ts";
import type { Database, Transaction } from "../../db/client.ts";
import { payments } from "../payments/schema.ts";
import type { BulkOrderRow } from "./bulk-order-access.ts";
import { loadQuote } from "./quote-lines.ts";

/** The request as its requester sees it; `advanceSummary` is how the advance was paid, if it was. */
export function toBulkOrderView(
  row: BulkOrderRow,
  advanceSummary: string | null,
  quote: QuoteView | null = null,
): BulkOrderView {
  return {
    ticketId: row.ticketId,
    status: row.status as BulkStatus,
    name: row.name,
    email: row.email,
    phone: row.phone,
    eventType: row.eventType as BulkOrderView["eventType"],
    products: row.products,
    location: row.location,
    deliveryDate: row.deliveryDate,
    codRequested: row.codRequested,
    codApproved: row.codApproved,
    quotePaise: row.quotePaise,
    advancePaise: row.advancePaise,
    advancePaymentSummary: advanceSummary,
    quoteNotes: row.quoteNotes,
    quote,
    submittedAt: row.createdAt.toISOString(),
  };
}

export async function loadBulkOrderView(
  db: Database | Transaction,
  row: BulkOrderRow,
): Promise<BulkOrderView> {
  const [[paid], quote] = await Promise.all([
    db
      .select({ summary: payments.instrumentSummary })
      .from(payments)
      // Paid online, or due on delivery for an approved cash-on-delivery request.
      .where(and(eq(payments.bulkOrderId, row.id), inArray(payments.status, ["paid", "pending"])))
      .orderBy(desc(payments.id))
      .limit(1),
    loadQuote(db, row),
  ]);
  return toBulkOrderView(row, paid?.summary ?? null, quote);
}
