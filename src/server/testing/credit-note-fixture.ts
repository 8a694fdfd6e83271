// A credit note for document tests: the order invoiced, then cancelled after dispatch, so every
// supplied line and the delivery fee go back, as fulfilment/credit-notes.ts issues it.
import type { OrderView } from "../../shared/contracts/orders.ts";
import { creditLinesOf } from "../modules/fulfilment/credit-notes.ts";
import type { CreditNoteDocument } from "../modules/invoices/credit-note-document.ts";

export function creditNoteFor(order: OrderView, reason = "Order cancelled: Address not reachable") {
  const invoiced: OrderView = {
    ...order,
    status: "cancelled",
    invoiceNumber: "FHH/26-27/000042",
    invoicedAt: "2026-11-21T09:40:00.000Z",
  };
  const lines = creditLinesOf(invoiced.lines);
  const taxablePaise = lines.reduce((sum, line) => sum + line.taxablePaise, 0);
  const gstPaise = lines.reduce((sum, line) => sum + line.gstPaise, 0);
  const note: CreditNoteDocument = {
    number: "FCN/26-27/000003",
    issuedAt: "2026-11-21T10:05:00.000Z",
    invoiceNumber: invoiced.invoiceNumber!,
    invoicedAt: invoiced.invoicedAt!,
    reason,
    lines,
    taxablePaise,
    gstPaise,
    deliveryFeePaise: invoiced.deliveryFeePaise,
    totalPaise: taxablePaise + gstPaise + invoiced.deliveryFeePaise,
  };
  return { note, order: invoiced };
}
