import type { BulkOrderView, QuoteView } from "../../../shared/contracts/bulk-orders.ts";
import {
  balanceOf,
  changesCloseAt,
  differenceDue,
  linesChangeable,
} from "../../../shared/rules/bulk-changes.ts";
import type { BulkStatus } from "../../../shared/rules/bulk-order-status.ts";
import type { Database, Transaction } from "../../db/client.ts";
import type { BulkOrderRow } from "./bulk-order-access.ts";
import { eventOrderNumber } from "./event-order-number.ts";
import { type PaidSoFar, paidSoFar } from "./paid-so-far.ts";
import { loadQuote } from "./quote-lines.ts";

const NOTHING_PAID: PaidSoFar = { total: 0, charges: [], cashOnDelivery: false, summary: null };

/**
 * What is payable online now: the advance of a quote, or what a changed quote's advance lacks.
 * Nothing once the order is on the board: its cash to collect was set then.
 */
function dueNow(row: BulkOrderRow, paid: PaidSoFar, onBoard: boolean): number {
  if (row.status === "awaiting_payment") return row.advancePaise ?? 0;
  if (row.quotePaise === null || onBoard) return 0;
  if (row.status !== "advance_paid" && row.status !== "confirmed") return 0;
  return differenceDue({
    quotePaise: row.quotePaise,
    paidPaise: paid.total,
    feePaise: row.feePaise ?? 0,
    cashOnDelivery: paid.cashOnDelivery,
  });
}

/** The request as its requester sees it; `advanceSummary` is how the advance was paid, if it was. */
export function toBulkOrderView(
  row: BulkOrderRow,
  advanceSummary: string | null,
  quote: QuoteView | null = null,
  paid: PaidSoFar = NOTHING_PAID,
  { changeable = false, onBoard = false } = {},
): BulkOrderView {
  const kept = row.status === "cancelled" ? 0 : (row.feePaise ?? 0);
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
    money: {
      paidPaise: paid.total,
      feesKeptPaise: row.feePaise ?? 0,
      balancePaise:
        // On the board, what is left is the shop order's cash to collect, on its own page.
        row.quotePaise === null ||
        onBoard ||
        row.status === "cancelled" ||
        row.status === "delivered"
          ? null
          : balanceOf(row.quotePaise, kept, paid.total),
      dueNowPaise: dueNow(row, paid, onBoard),
      changesUntil: changeable ? changesCloseAt(row.deliveryDate).toISOString() : null,
    },
    submittedAt: row.createdAt.toISOString(),
    version: row.version,
  };
}

export async function loadBulkOrderView(
  db: Database | Transaction,
  row: BulkOrderRow,
  now = new Date(),
): Promise<BulkOrderView> {
  const [quote, paid, onBoard] = await Promise.all([
    loadQuote(db, row),
    paidSoFar(db, row.id),
    eventOrderNumber(db, row.ticketId),
  ]);
  const changeable =
    !onBoard && quote !== null && linesChangeable(row.status as BulkStatus, row.deliveryDate, now);
  return toBulkOrderView(row, paid.summary, quote, paid, {
    changeable,
    onBoard: onBoard !== null,
  });
}

/** What is payable online now for this request, read afresh (see `dueNow`). */
export async function dueNowOf(db: Database | Transaction, row: BulkOrderRow): Promise<number> {
  const [paid, onBoard] = await Promise.all([
    paidSoFar(db, row.id),
    eventOrderNumber(db, row.ticketId),
  ]);
  return dueNow(row, paid, onBoard !== null);
}
