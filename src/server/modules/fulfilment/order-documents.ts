import type { FastifyReply } from "fastify";
import { z } from "zod";
import { orderNumberParamSchema } from "../../../shared/contracts/sales.ts";
import type { Database } from "../../db/client.ts";
import type { CreditNoteDocument, Seller } from "../invoices/index.ts";
import {
  creditNoteFileName,
  invoiceFileName,
  renderCreditNote,
  renderCreditNotePdf,
  renderInvoice,
  renderInvoicePdf,
} from "../invoices/index.ts";
import { loadOrderView } from "../orders/index.ts";
import type { orders } from "../orders/schema.ts";

type OrderRow = typeof orders.$inferSelect;

/** The order's invoice as its buyer and the staff download it. */
export async function invoiceHtml(db: Database, order: OrderRow, seller: Seller) {
  const html = renderInvoice(await loadOrderView(db, order), seller);
  return { fileName: invoiceFileName(order.orderNumber), html };
}

export async function creditNoteHtml(
  db: Database,
  order: OrderRow,
  note: CreditNoteDocument,
  seller: Seller,
) {
  return renderCreditNote(note, await loadOrderView(db, order), seller);
}

/** The same invoice as a PDF, from the same order view and components. */
export async function invoicePdf(db: Database, order: OrderRow, seller: Seller) {
  const pdf = await renderInvoicePdf(await loadOrderView(db, order), seller);
  return { fileName: invoiceFileName(order.orderNumber, "pdf"), pdf };
}

export async function creditNotePdf(
  db: Database,
  order: OrderRow,
  note: CreditNoteDocument,
  seller: Seller,
) {
  const pdf = await renderCreditNotePdf(note, await loadOrderView(db, order), seller);
  return { fileName: creditNoteFileName(note.number, "pdf"), pdf };
}

/** A credit note in a URL: its number with dashes for slashes (FCN-26-27-000001). */
export const noteParamsSchema = orderNumberParamSchema.extend({
  noteId: z.string().regex(/^FCN-\d{2}-\d{2}-\d{6,}$/, "No credit note has that number"),
});

/** A GST document as a PDF download; private like the HTML one. */
export function sendPdf(reply: FastifyReply, fileName: string, pdf: Buffer) {
  return reply
    .header("content-disposition", `attachment; filename="${fileName}"`)
    .type("application/pdf")
    .send(pdf);
}

/** A GST document as a download; its route declares it private, so nothing caches it. */
export function sendDocument(reply: FastifyReply, fileName: string, html: string) {
  return reply
    .header("content-disposition", `attachment; filename="${fileName}"`)
    .type("text/html; charset=utf-8")
    .send(html);
}
