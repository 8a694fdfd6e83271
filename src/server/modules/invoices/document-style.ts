// What the shop's GST documents (the invoice and the credit note) share, so both read alike and
// neither copies the other: one stylesheet, the document frame, the seller's header, the table of
// goods with CGST and SGST per line, the signature block (CGST Rule 46(q), Rule 53(1A)(i)) and the
// footer. Every string that reaches markup here goes through escapeHtml.
import type { OrderLine, OrderView } from "../../../shared/contracts/orders.ts";
import { formatRupees } from "../../../shared/money.ts";
import { NAME_FALLBACK } from "../../../shared/rules/person-name.ts";
import { STORE } from "../../../shared/store-info.ts";
import { escapeHtml } from "./escape-html.ts";

export type Seller = {
  name: string;
  address: string;
  gstin: string;
  stateName: string;
  stateCode: string;
};

/** The spec's words for buyer details the order does not have. */
export const INVOICE_FALLBACKS = {
  name: NAME_FALLBACK,
  address: "Address not provided",
  email: "Email not provided",
  phone: "Phone not provided",
} as const;

/** Intra-state supply: half the GST is central, half state. An odd paisa goes to SGST, so the
 * two halves always add up to the line's GST exactly. */
export function splitGst(gstPaise: number): { cgstPaise: number; sgstPaise: number } {
  const cgstPaise = Math.floor(gstPaise / 2);
  return { cgstPaise, sgstPaise: gstPaise - cgstPaise };
}

/** Table cells carry plain figures under a "(₹)" heading; totals keep the symbol. */
export const figure = (paise: number) => formatRupees(paise).replace("₹", "");
const halfRate = (gstRateBps: number) => `${Number((gstRateBps / 200).toFixed(3))}%`;

/** The delivery address as one line: the joined one, else built from its parts. */
function deliveryAddress(order: OrderView): string {
  const full = order.shippingAddress.trim();
  if (full) return full;
  return [order.address, order.city, order.state, order.pincode]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(", ");
}

/** The recipient's name, delivery address, phone and email, escaped, with the spec's fallbacks.
 * "Phone: Phone not provided" would say it twice, so a missing value shows the fallback alone. */
export function recipientLines(order: OrderView): {
  name: string;
  address: string;
  phone: string;
  email: string;
} {
  const phone = order.phone.trim();
  const email = order.email.trim();
  return {
    name: escapeHtml(order.customerName.trim() || INVOICE_FALLBACKS.name),
    address: escapeHtml(deliveryAddress(order) || INVOICE_FALLBACKS.address),
    phone: phone ? `Phone: ${escapeHtml(phone)}` : INVOICE_FALLBACKS.phone,
    email: email ? `Email: ${escapeHtml(email)}` : INVOICE_FALLBACKS.email,
  };
}

// ---------------------------------------------------------------------------------------------

const BRAND = "#2f7d32";

const STYLE = `
@page { size: A4; margin: 14mm; }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body {
  margin: 0; padding: 24px 12px; background: #eef2ee; color: #111;
  font-family: "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif;
  font-size: 12px; line-height: 1.4;
}
.sheet {
  max-width: 800px; margin: 0 auto; padding: 28px 32px; background: #fff;
  border-top: 5px solid ${BRAND}; box-shadow: 0 1px 4px rgba(0, 0, 0, 0.12);
}
h1, h2 { color: ${BRAND}; margin: 0; }
h1 { font-size: 22px; letter-spacing: 0.02em; text-transform: uppercase; }
h2 { font-size: 10px; letter-spacing: 0.08em; text-transform: uppercase; margin-bottom: 4px; }
p { margin: 0; }
.muted { color: #555; }
.top { display: flex; justify-content: space-between; gap: 24px; align-items: flex-start;
  padding-bottom: 14px; border-bottom: 2px solid ${BRAND}; }
.seller-name { font-size: 20px; font-weight: 700; color: ${BRAND}; }
.seller p { margin-top: 2px; }
.doc { text-align: right; }
.copy { font-size: 10px; color: #555; text-transform: uppercase; letter-spacing: 0.06em; margin-top: 2px; }
.notice { margin-top: 12px; padding: 8px 12px; border: 1px solid #d9a400; border-left-width: 4px;
  border-radius: 4px; background: #fff8e1; color: #3d2f00; font-weight: 600; }
.against { margin-top: 12px; padding: 8px 12px; border-left: 4px solid ${BRAND}; background: #f1f8f1; }
table { border-collapse: collapse; width: 100%; }
.meta { margin-top: 10px; width: auto; margin-left: auto; }
.meta th, .meta td { padding: 1px 0 1px 12px; text-align: right; font-size: 11.5px; }
.meta th { font-weight: 400; color: #555; }
.meta td { font-weight: 600; }
.parties { display: flex; gap: 12px; margin: 14px 0; }
.box { flex: 1; border: 1px solid #cfd8cf; border-radius: 4px; padding: 8px 10px; }
.box p + p { margin-top: 2px; }
.buyer-name { font-weight: 700; font-size: 13px; }
.pre { white-space: pre-line; overflow-wrap: anywhere; }
.kv { margin: 0; display: grid; grid-template-columns: max-content 1fr; gap: 2px 10px; }
.kv dt { color: #555; }
.kv dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
.lines { font-size: 11px; }
.lines th, .lines td { border: 1px solid #9aa79a; padding: 4px 5px; vertical-align: top; }
.lines thead th { background: #e8f2e8; color: #14301a; font-weight: 600; font-size: 10px;
  text-align: center; vertical-align: middle; }
.lines td.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
.lines td.c { text-align: center; }
.lines td.desc { overflow-wrap: anywhere; }
.lines .ordered { display: block; font-size: 9px; color: #555; }
.lines .delivery td { background: #fafcfa; }
.lines tfoot td { font-weight: 700; background: #f3f7f3; }
tr { break-inside: avoid; page-break-inside: avoid; }
thead { display: table-header-group; }
.note { font-size: 10.5px; color: #444; margin-top: 6px; }
.bottom { display: flex; gap: 16px; margin-top: 14px; align-items: flex-start;
  break-inside: avoid; page-break-inside: avoid; }
.left { flex: 1.25; }
.left > * + * { margin-top: 10px; }
.words { border: 1px solid #cfd8cf; border-radius: 4px; padding: 8px 10px; }
.words strong { display: block; margin-top: 2px; font-size: 12.5px; }
.totals { flex: 1; font-size: 12px; }
.totals th, .totals td { padding: 4px 8px; border-bottom: 1px solid #dde5dd; }
.totals th { text-align: left; font-weight: 400; color: #333; }
.totals td { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
.totals .grand th, .totals .grand td { border-top: 2px solid ${BRAND}; border-bottom: 2px solid ${BRAND};
  color: ${BRAND}; font-weight: 700; font-size: 14px; padding: 6px 8px; }
.signature { width: 240px; margin: 22px 0 0 auto; text-align: center;
  break-inside: avoid; page-break-inside: avoid; }
.signature .for { font-weight: 700; }
.signature .space { height: 44px; border-bottom: 1px solid #555; }
.signature .role { margin-top: 4px; color: #333; }
footer { margin-top: 18px; padding-top: 10px; border-top: 1px solid #cfd8cf; text-align: center;
  font-size: 10.5px; color: #444; }
footer p + p { margin-top: 2px; }
@media print {
  body { background: #fff; padding: 0; font-size: 10.5px; }
  .sheet { max-width: none; padding: 0; box-shadow: none; border-top: 0; }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  .lines { font-size: 9.5px; }
  .lines thead th { font-size: 8.5px; }
}
@media (max-width: 640px) {
  .sheet { padding: 16px; }
  .top, .parties, .bottom { flex-direction: column; }
  .doc { text-align: left; }
  .meta { margin-left: 0; }
  .lines { font-size: 10px; }
  .signature { margin-left: 0; }
}
`;

/** A GST document as one standalone HTML5 file: inline CSS, no scripts, nothing fetched.
 * `title` is plain text; `body` is markup whose text the caller has escaped. */
export function gstDocument(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en-IN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main class="sheet">
${body}
</main>
</body>
</html>
`;
}

/** The supplier's name, address, GSTIN and state with its code (Rule 46(a), Rule 53(1A)(a)). */
export function sellerBlock(seller: Seller): string {
  return `<div class="seller">
<p class="seller-name">${escapeHtml(seller.name)}</p>
<p class="pre">${escapeHtml(seller.address)}</p>
<p>GSTIN: <strong>${escapeHtml(seller.gstin)}</strong></p>
<p>State: ${escapeHtml(seller.stateName)}, State code: ${escapeHtml(seller.stateCode)}</p>
</div>`;
}

/** Label and value rows beside the document's title: number, date, order, place of supply. */
export function metaTable(rows: [label: string, value: string][]): string {
  const body = rows
    .map(
      ([label, value]) =>
        `<tr><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join("\n");
  return `<table class="meta">\n${body}\n</table>`;
}

/** The fields of a goods line that both documents print. */
export type GstLine = Pick<
  OrderLine,
  | "name"
  | "hsnCode"
  | "quantity"
  | "unit"
  | "unitPricePaise"
  | "gstRateBps"
  | "taxablePaise"
  | "gstPaise"
  | "orderedQuantity"
>;

export function gstTotals(lines: readonly GstLine[]) {
  let taxablePaise = 0;
  let cgstPaise = 0;
  let sgstPaise = 0;
  for (const line of lines) {
    const split = splitGst(line.gstPaise);
    taxablePaise += line.taxablePaise;
    cgstPaise += split.cgstPaise;
    sgstPaise += split.sgstPaise;
  }
  return { taxablePaise, cgstPaise, sgstPaise };
}

/** A short-picked line shows the units supplied, with the units ordered beside them. */
function quantityCell(line: GstLine): string {
  const ordered = line.orderedQuantity;
  const note =
    ordered != null && ordered !== line.quantity
      ? `<span class="ordered">(ordered ${ordered})</span>`
      : "";
  return `<td class="num qty">${line.quantity}${note}</td>`;
}

function lineRow(line: GstLine, index: number): string {
  const { cgstPaise, sgstPaise } = splitGst(line.gstPaise);
  return `<tr class="line">
<td class="c">${index + 1}</td>
<td class="desc">${escapeHtml(line.name)}</td>
<td class="c">${escapeHtml(line.hsnCode)}</td>
${quantityCell(line)}
<td class="c">${escapeHtml(line.unit)}</td>
<td class="num">${figure(line.unitPricePaise)}</td>
<td class="num taxable">${figure(line.taxablePaise)}</td>
<td class="num">${halfRate(line.gstRateBps)}</td>
<td class="num cgst">${figure(cgstPaise)}</td>
<td class="num">${halfRate(line.gstRateBps)}</td>
<td class="num sgst">${figure(sgstPaise)}</td>
<td class="num line-total">${figure(line.taxablePaise + line.gstPaise)}</td>
</tr>`;
}

/** The delivery fee as a numbered line of its own: a charge with no HSN and no GST. */
export function deliveryFeeRow(label: string, feePaise: number, number: number): string {
  return `<tr class="delivery">
<td class="c">${number}</td>
<td class="desc">${escapeHtml(label)}</td>
<td class="c"></td><td></td><td></td><td></td><td></td>
<td class="num">&mdash;</td><td class="num">&mdash;</td><td class="num">&mdash;</td><td class="num">&mdash;</td>
<td class="num line-total">${figure(feePaise)}</td>
</tr>`;
}

/**
 * The goods table: per line description, HSN, quantity and unit, rate, taxable value, CGST and
 * SGST rate and amount, and the line's total; then `deliveryRow` (markup) and the column totals.
 */
export function linesTable(options: {
  lines: readonly GstLine[];
  taxableHeading: string;
  deliveryRow: string;
  deliveryFeePaise: number;
}): string {
  const { lines, deliveryFeePaise } = options;
  const totals = gstTotals(lines);
  const linesTotal = lines.reduce((sum, line) => sum + line.taxablePaise + line.gstPaise, 0);
  return `<table class="lines">
<colgroup>
<col style="width:4%"><col><col style="width:6.5%"><col style="width:8%"><col style="width:5.5%">
<col style="width:8.5%"><col style="width:9.5%"><col style="width:5.5%"><col style="width:7.5%">
<col style="width:5.5%"><col style="width:7.5%"><col style="width:9.5%">
</colgroup>
<thead>
<tr>
<th rowspan="2" scope="col">#</th>
<th rowspan="2" scope="col">Description of goods</th>
<th rowspan="2" scope="col">HSN</th>
<th rowspan="2" scope="col">Qty</th>
<th rowspan="2" scope="col">Unit</th>
<th rowspan="2" scope="col">Rate (&#8377;)</th>
<th rowspan="2" scope="col">${escapeHtml(options.taxableHeading)} (&#8377;)</th>
<th colspan="2" scope="colgroup">CGST</th>
<th colspan="2" scope="colgroup">SGST</th>
<th rowspan="2" scope="col">Total (&#8377;)</th>
</tr>
<tr><th scope="col">Rate</th><th scope="col">Amount</th><th scope="col">Rate</th><th scope="col">Amount</th></tr>
</thead>
<tbody>
${lines.map(lineRow).join("\n")}
${options.deliveryRow}
</tbody>
<tfoot>
<tr>
<td colspan="6">Total</td>
<td class="num">${figure(totals.taxablePaise)}</td>
<td></td><td class="num">${figure(totals.cgstPaise)}</td>
<td></td><td class="num">${figure(totals.sgstPaise)}</td>
<td class="num">${figure(linesTotal + Math.max(deliveryFeePaise, 0))}</td>
</tr>
</tfoot>
</table>`;
}

/** The supplier's authorised signatory signs here (Rule 46(q), Rule 49(h), Rule 53(1A)(i)). */
export function signatureBlock(seller: Seller): string {
  return `<section class="signature">
<p class="for">For ${escapeHtml(seller.name)}</p>
<div class="space"></div>
<p class="role">Authorised signatory</p>
</section>`;
}

/** Where to ask about the document, and the shop's tagline. */
export function documentFooter(seller: Seller, documentName: string): string {
  return `<footer>
<p>Questions about this ${escapeHtml(documentName)}? Write to ${escapeHtml(STORE.supportEmail)} or call ${escapeHtml(STORE.phone)} (${escapeHtml(STORE.supportHours)}).</p>
<p class="muted">${escapeHtml(seller.name)} &middot; ${escapeHtml(STORE.tagline)}</p>
</footer>`;
}
