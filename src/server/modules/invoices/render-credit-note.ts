// The credit note a shopper receives when an order is cancelled after its invoice was issued
// (CGST Act s.34, Rule 53(1A)): one standalone HTML file in the invoice's style, naming the
// invoice it reduces and, per HSN line, the taxable value and the CGST and SGST taken back.
import type { OrderView } from "../../../shared/contracts/orders.ts";
import { formatRupees } from "../../../shared/money.ts";
import type { CreditNoteDocument } from "./credit-note-document.ts";
import {
  deliveryFeeRow,
  documentFooter,
  gstDocument,
  gstTotals,
  linesTable,
  metaTable,
  recipientLines,
  type Seller,
  sellerBlock,
  signatureBlock,
} from "./document-style.ts";
import { escapeHtml } from "./escape-html.ts";
import { amountInWords, formatInvoiceDate, placeOfSupply } from "./render-invoice.ts";

/** The credit note as one standalone HTML5 document: inline CSS, no scripts, nothing fetched. */
export function renderCreditNote(
  note: CreditNoteDocument,
  order: OrderView,
  seller: Seller,
): string {
  const totals = gstTotals(note.lines);
  const buyer = recipientLines(order);
  const supply = placeOfSupply(order.state, seller);
  const issued = formatInvoiceDate(note.issuedAt);
  const invoiced = formatInvoiceDate(note.invoicedAt);
  const deliveryRow =
    note.deliveryFeePaise > 0
      ? deliveryFeeRow("Delivery charges credited", note.deliveryFeePaise, note.lines.length + 1)
      : "";

  const body = `<header class="top">
${sellerBlock(seller)}
<div class="doc">
<h1>Credit Note</h1>
<p class="copy">Original for recipient</p>
${metaTable([
  ["Credit note no.", note.number],
  ["Credit note date", issued],
  ["Against invoice", note.invoiceNumber],
  ["Invoice date", invoiced],
  ["Order no.", order.orderNumber],
  ["Place of supply", supply],
])}
</div>
</header>
<p class="against">Against invoice <strong class="invoice-ref">${escapeHtml(note.invoiceNumber)}</strong> dated <strong>${escapeHtml(invoiced)}</strong></p>
<section class="parties">
<div class="box">
<h2>Recipient / Delivery address</h2>
<p class="buyer-name">${buyer.name}</p>
<p class="pre">${buyer.address}</p>
<p>State: ${escapeHtml(supply)}</p>
<p>${buyer.phone}</p>
<p>${buyer.email}</p>
</div>
<div class="box">
<h2>Reason for credit</h2>
<p class="pre reason">${escapeHtml(note.reason)}</p>
</div>
</section>
${linesTable({
  lines: note.lines,
  taxableHeading: "Taxable value credited",
  deliveryRow,
  deliveryFeePaise: note.deliveryFeePaise,
})}
<section class="bottom">
<div class="left">
<div class="words">
<h2>Amount credited in words</h2>
<strong>${amountInWords(note.totalPaise)}</strong>
</div>
<p class="note">This credit note reduces the value of the invoice named above, and the tax charged on it, by the amounts shown.</p>
</div>
<table class="totals">
<tr><th scope="row">Taxable value credited</th><td class="subtotal">${formatRupees(note.taxablePaise)}</td></tr>
<tr><th scope="row">CGST credited</th><td class="cgst-total">${formatRupees(totals.cgstPaise)}</td></tr>
<tr><th scope="row">SGST credited</th><td class="sgst-total">${formatRupees(totals.sgstPaise)}</td></tr>
${note.deliveryFeePaise > 0 ? `<tr><th scope="row">Delivery charges credited</th><td class="delivery-total">${formatRupees(note.deliveryFeePaise)}</td></tr>\n` : ""}<tr class="grand"><th scope="row">Total credited</th><td class="grand-total">${formatRupees(note.totalPaise)}</td></tr>
</table>
</section>
${signatureBlock(seller)}
${documentFooter(seller, "credit note")}`;

  return gstDocument(`Credit Note ${note.number}`, body);
}
