import { and, asc, eq } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.ts";
import type { CreditNoteDocument, CreditNoteLine } from "../invoices/index.ts";
import { nextDocumentNumber } from "../invoices/index.ts";
import type { orders } from "../orders/schema.ts";
import { creditNotes } from "./schema.ts";

type OrderRow = typeof orders.$inferSelect;

/** An order's supplied lines as a credit note credits them in full (a cancellation). */
export function creditLinesOf(lines: readonly CreditNoteLine[]): CreditNoteLine[] {
  return lines
    .filter((line) => line.quantity > 0)
    .map((line) => ({
      productId: line.productId,
      name: line.name,
      hsnCode: line.hsnCode,
      unit: line.unit,
      quantity: line.quantity,
      unitPricePaise: line.unitPricePaise,
      gstRateBps: line.gstRateBps,
      taxablePaise: line.taxablePaise,
      gstPaise: line.gstPaise,
    }));
}

/**
 * Issues a credit note against an invoiced order for exactly the lines and delivery fee given
 * (all of them for a cancellation after dispatch, some for a refund after delivery), numbered in
 * its own series in the same transaction.
 */
export async function issueCreditNote(
  tx: Transaction,
  order: OrderRow,
  credit: {
    lines: CreditNoteLine[];
    deliveryFeePaise: number;
    reason: string;
    staffId: string;
  },
): Promise<CreditNoteDocument> {
  if (!order.invoiceNumber || !order.invoicedAt) {
    throw new Error("a credit note needs an issued invoice");
  }
  const { reason, staffId } = credit;
  const now = new Date();
  const credited = credit.lines;
  const taxablePaise = credited.reduce((sum, line) => sum + line.taxablePaise, 0);
  const gstPaise = credited.reduce((sum, line) => sum + line.gstPaise, 0);
  const document: CreditNoteDocument = {
    number: await nextDocumentNumber(tx, "credit_note", now),
    issuedAt: now.toISOString(),
    invoiceNumber: order.invoiceNumber,
    invoicedAt: order.invoicedAt.toISOString(),
    reason,
    lines: credited,
    taxablePaise,
    gstPaise,
    deliveryFeePaise: credit.deliveryFeePaise,
    totalPaise: taxablePaise + gstPaise + credit.deliveryFeePaise,
  };
  await tx.insert(creditNotes).values({
    number: document.number,
    orderId: order.id,
    invoiceNumber: document.invoiceNumber,
    invoicedAt: order.invoicedAt,
    reason,
    issuedAt: now,
    lines: document.lines,
    taxablePaise,
    gstPaise,
    deliveryFeePaise: document.deliveryFeePaise,
    totalPaise: document.totalPaise,
    staffId,
  });
  return document;
}

/** A credit note of an order, by its number written with dashes (as in a URL or file name). */
export async function readCreditNote(
  db: Database,
  orderId: number,
  noteId: string,
): Promise<CreditNoteDocument | undefined> {
  const rows = await db
    .select()
    .from(creditNotes)
    .where(and(eq(creditNotes.orderId, orderId)))
    .orderBy(asc(creditNotes.id));
  const row = rows.find((candidate) => candidate.number.replaceAll("/", "-") === noteId);
  if (!row) return undefined;
  return {
    number: row.number,
    issuedAt: row.issuedAt.toISOString(),
    invoiceNumber: row.invoiceNumber,
    invoicedAt: row.invoicedAt.toISOString(),
    reason: row.reason,
    lines: row.lines as CreditNoteLine[],
    taxablePaise: row.taxablePaise,
    gstPaise: row.gstPaise,
    deliveryFeePaise: row.deliveryFeePaise,
    totalPaise: row.totalPaise,
  };
}
