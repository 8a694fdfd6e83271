// The invoice a buyer downloads and receives by mail: one standalone HTML file, made on the server.
// GST law asks for a tax invoice for taxable goods and a bill of supply for exempt ones (fresh
// produce is exempt, ghee and butter are 5%); a mixed order gets one invoice-cum-bill of supply.
import { PAYMENT_METHOD_LABELS } from "../../../shared/contracts/checkout.ts";
import type { OrderLine, OrderView } from "../../../shared/contracts/orders.ts";
import { formatRupees } from "../../../shared/money.ts";
import { ORDER_STATUS_LABELS, type PaymentStatus } from "../../../shared/rules/order-status.ts";
import { STORE } from "../../../shared/store-info.ts";
import { escapeHtml } from "./escape-html.ts";

export type Seller = {
  name: string;
  address: string;
  gstin: string;
  stateName: string;
  stateCode: string;
};

export type InvoiceTitle = "Tax Invoice" | "Bill of Supply" | "Invoice-cum-Bill of Supply";

/** The spec's words for buyer details the order does not have. */
export const INVOICE_FALLBACKS = {
  name: "Valued Customer",
  address: "Address not provided",
  email: "Email not provided",
  phone: "Phone not provided",
} as const;

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: "Pending",
  paid: "Paid",
  failed: "Failed",
  refunded: "Refunded",
};

export function invoiceFileName(orderNumber: string): string {
  return `invoice-${orderNumber}.html`;
}

const isTaxed = (line: Pick<OrderLine, "gstRateBps" | "gstPaise">) =>
  line.gstRateBps > 0 || line.gstPaise > 0;

/** A line is taxed when its product carries a GST rate, even if rounding leaves 0 paise. */
export function invoiceTitle(
  lines: readonly Pick<OrderLine, "gstRateBps" | "gstPaise">[],
): InvoiceTitle {
  const taxed = lines.filter(isTaxed).length;
  if (taxed === 0) return "Bill of Supply";
  return taxed === lines.length ? "Tax Invoice" : "Invoice-cum-Bill of Supply";
}

/** Intra-state supply: half the GST is central, half state. An odd paisa goes to SGST, so the
 * two halves always add up to the line's GST exactly. */
export function splitGst(gstPaise: number): { cgstPaise: number; sgstPaise: number } {
  const cgstPaise = Math.floor(gstPaise / 2);
  return { cgstPaise, sgstPaise: gstPaise - cgstPaise };
}

// ---------------------------------------------------------------------------------------------
// Amount in words, Indian numbering (thousand, lakh, crore).

const SMALL = [
  "Zero",
  "One",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Eleven",
  "Twelve",
  "Thirteen",
  "Fourteen",
  "Fifteen",
  "Sixteen",
  "Seventeen",
  "Eighteen",
  "Nineteen",
];
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];

function belowHundred(n: number): string {
  if (n < 20) return SMALL[n]!;
  const unit = n % 10;
  return TENS[Math.floor(n / 10)]! + (unit ? `-${SMALL[unit]}` : "");
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const words = hundreds ? [`${SMALL[hundreds]} Hundred`] : [];
  if (rest || !hundreds) words.push(belowHundred(rest));
  return words.join(" ");
}

/** A whole number in words the Indian way: 1,23,45,678 is One Crore Twenty-Three Lakh ... */
function indianWords(n: number): string {
  if (n === 0) return "Zero";
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  const words: string[] = [];
  if (crore) words.push(`${indianWords(crore)} Crore`);
  if (lakh) words.push(`${belowHundred(lakh)} Lakh`);
  if (thousand) words.push(`${belowHundred(thousand)} Thousand`);
  if (rest) words.push(belowThousand(rest));
  return words.join(" ");
}

/** 104950 -> "Rupees One Thousand Forty-Nine and Fifty Paise Only"; 0 -> "Rupees Zero Only". */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`amountInWords: ${paise} is not paise`);
  const sign = paise < 0 ? "Minus " : "";
  const rupees = Math.floor(Math.abs(paise) / 100);
  const cents = Math.abs(paise) % 100;
  if (rupees === 0 && cents > 0) return `${sign}${belowHundred(cents)} Paise Only`;
  const paiseWords = cents ? ` and ${belowHundred(cents)} Paise` : "";
  return `${sign}Rupees ${indianWords(rupees)}${paiseWords} Only`;
}

// ---------------------------------------------------------------------------------------------
// Dates, places and amounts as an Indian invoice prints them.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** India Standard Time is UTC+5:30 all year (no daylight saving). */
const IST_OFFSET_MS = 330 * 60 * 1000;

/** "21 Nov 2026" in Asia/Kolkata. ICU spells September "Sept" for en-IN, so the month is ours. */
export function formatInvoiceDate(isoTimestamp: string): string {
  const time = Date.parse(isoTimestamp);
  if (Number.isNaN(time)) return isoTimestamp;
  const ist = new Date(time + IST_OFFSET_MS);
  return `${ist.getUTCDate()} ${MONTHS[ist.getUTCMonth()]} ${ist.getUTCFullYear()}`;
}

/** GST state codes (the first two digits of a GSTIN). */
const GST_STATES: Record<string, string> = {
  "01": "Jammu and Kashmir",
  "02": "Himachal Pradesh",
  "03": "Punjab",
  "04": "Chandigarh",
  "05": "Uttarakhand",
  "06": "Haryana",
  "07": "Delhi",
  "08": "Rajasthan",
  "09": "Uttar Pradesh",
  "10": "Bihar",
  "11": "Sikkim",
  "12": "Arunachal Pradesh",
  "13": "Nagaland",
  "14": "Manipur",
  "15": "Mizoram",
  "16": "Tripura",
  "17": "Meghalaya",
  "18": "Assam",
  "19": "West Bengal",
  "20": "Jharkhand",
  "21": "Odisha",
  "22": "Chhattisgarh",
  "23": "Madhya Pradesh",
  "24": "Gujarat",
  "26": "Dadra and Nagar Haveli and Daman and Diu",
  "27": "Maharashtra",
  "29": "Karnataka",
  "30": "Goa",
  "31": "Lakshadweep",
  "32": "Kerala",
  "33": "Tamil Nadu",
  "34": "Puducherry",
  "35": "Andaman and Nicobar Islands",
  "36": "Telangana",
  "37": "Andhra Pradesh",
  "38": "Ladakh",
};
const STATE_ALIASES: Record<string, string> = {
  orissa: "21",
  od: "21",
  or: "21",
  "new delhi": "07",
  "nct of delhi": "07",
  pondicherry: "34",
  uttaranchal: "05",
  "daman and diu": "26",
  "dadra and nagar haveli": "26",
  "andaman and nicobar": "35",
  "j and k": "01",
};
const normalizeState = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z]+/g, " ")
    .trim();
const STATE_CODES = new Map<string, string>([
  ...Object.entries(GST_STATES).map(([code, name]) => [normalizeState(name), code] as const),
  ...Object.entries(STATE_ALIASES),
]);

/** The buyer's state with its GST code, e.g. "Odisha (21)"; the seller's state if none is given.
 * A state we cannot name is printed as the buyer wrote it. */
export function placeOfSupply(buyerState: string, seller: Seller): string {
  const given = buyerState.trim();
  if (!given) return `${seller.stateName} (${seller.stateCode})`;
  const normalized = normalizeState(given);
  if (normalized === normalizeState(seller.stateName)) {
    return `${seller.stateName} (${seller.stateCode})`;
  }
  const code = STATE_CODES.get(normalized);
  return code ? `${GST_STATES[code]} (${code})` : given;
}

/** Table cells carry plain figures under a "(₹)" heading; totals keep the symbol. */
const figure = (paise: number) => formatRupees(paise).replace("₹", "");
const halfRate = (gstRateBps: number) => `${Number((gstRateBps / 200).toFixed(3))}%`;
const orFallback = (value: string, fallback: string) => value.trim() || fallback;

function deliveryAddress(order: OrderView): string {
  const full = order.shippingAddress.trim();
  if (full) return full;
  return [order.address, order.city, order.state, order.pincode]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(", ");
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
.invoice {
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
footer { margin-top: 18px; padding-top: 10px; border-top: 1px solid #cfd8cf; text-align: center;
  font-size: 10.5px; color: #444; }
footer p + p { margin-top: 2px; }
@media print {
  body { background: #fff; padding: 0; font-size: 10.5px; }
  .invoice { max-width: none; padding: 0; box-shadow: none; border-top: 0; }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  .lines { font-size: 9.5px; }
  .lines thead th { font-size: 8.5px; }
}
@media (max-width: 640px) {
  .invoice { padding: 16px; }
  .top, .parties, .bottom { flex-direction: column; }
  .doc { text-align: left; }
  .meta { margin-left: 0; }
  .lines { font-size: 10px; }
}
`;

function lineRow(line: OrderLine, index: number): string {
  const { cgstPaise, sgstPaise } = splitGst(line.gstPaise);
  return `<tr class="line">
<td class="c">${index + 1}</td>
<td class="desc">${escapeHtml(line.name)}</td>
<td class="c">${escapeHtml(line.hsnCode)}</td>
<td class="num">${line.quantity}</td>
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

function deliveryRow(deliveryFeePaise: number, firstNumber: number): string {
  if (deliveryFeePaise > 0) {
    return `<tr class="delivery">
<td class="c">${firstNumber}</td>
<td class="desc">Delivery charges</td>
<td class="c"></td><td></td><td></td><td></td><td></td>
<td class="num">&mdash;</td><td class="num">&mdash;</td><td class="num">&mdash;</td><td class="num">&mdash;</td>
<td class="num line-total">${figure(deliveryFeePaise)}</td>
</tr>`;
  }
  return `<tr class="delivery">
<td class="c"></td>
<td class="desc" colspan="10">Delivery: Free</td>
<td class="num line-total">0.00</td>
</tr>`;
}

/** The invoice as one standalone HTML5 document: inline CSS, no scripts, nothing fetched. */
export function renderInvoice(order: OrderView, seller: Seller): string {
  const title = invoiceTitle(order.lines);
  const splits = order.lines.map((line) => splitGst(line.gstPaise));
  const cgstTotal = splits.reduce((sum, split) => sum + split.cgstPaise, 0);
  const sgstTotal = splits.reduce((sum, split) => sum + split.sgstPaise, 0);
  const taxableTotal = order.lines.reduce((sum, line) => sum + line.taxablePaise, 0);
  const linesTotal = order.lines.reduce((sum, line) => sum + line.taxablePaise + line.gstPaise, 0);

  const orderNumber = escapeHtml(order.orderNumber);
  const buyerName = escapeHtml(orFallback(order.customerName, INVOICE_FALLBACKS.name));
  const address = escapeHtml(orFallback(deliveryAddress(order), INVOICE_FALLBACKS.address));
  // "Phone: Phone not provided" would say it twice; a missing value shows the fallback alone.
  const phone = order.phone.trim()
    ? `Phone: ${escapeHtml(order.phone.trim())}`
    : INVOICE_FALLBACKS.phone;
  const email = order.email.trim()
    ? `Email: ${escapeHtml(order.email.trim())}`
    : INVOICE_FALLBACKS.email;
  const summary = order.paymentSummary.trim();
  const notes = order.notes.trim();
  const paymentLabel = PAYMENT_METHOD_LABELS[order.paymentMethod] ?? order.paymentMethod;
  const paymentStatus = PAYMENT_STATUS_LABELS[order.paymentStatus] ?? order.paymentStatus;
  const orderStatus = ORDER_STATUS_LABELS[order.status] ?? order.status;
  const delivery = order.deliveryFeePaise > 0 ? formatRupees(order.deliveryFeePaise) : "Free";

  const exemptNote =
    title === "Tax Invoice"
      ? ""
      : `<p class="note">${
          title === "Bill of Supply"
            ? "Supply of goods exempt from GST: no tax is charged."
            : "Lines at 0% GST are exempt supplies billed as a bill of supply; no tax is charged on them."
        }</p>`;

  return `<!DOCTYPE html>
<html lang="en-IN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Invoice ${orderNumber}</title>
<style>${STYLE}</style>
</head>
<body>
<main class="invoice">
<header class="top">
<div class="seller">
<p class="seller-name">${escapeHtml(seller.name)}</p>
<p class="pre">${escapeHtml(seller.address)}</p>
<p>GSTIN: <strong>${escapeHtml(seller.gstin)}</strong></p>
<p>State: ${escapeHtml(seller.stateName)}, State code: ${escapeHtml(seller.stateCode)}</p>
</div>
<div class="doc">
<h1>${title}</h1>
<p class="copy">Original for recipient</p>
<table class="meta">
<tr><th scope="row">Invoice no.</th><td>${orderNumber}</td></tr>
<tr><th scope="row">Invoice date</th><td>${escapeHtml(formatInvoiceDate(order.placedAt))}</td></tr>
<tr><th scope="row">Order no.</th><td>${orderNumber}</td></tr>
<tr><th scope="row">Place of supply</th><td>${escapeHtml(placeOfSupply(order.state, seller))}</td></tr>
</table>
</div>
</header>
<section class="parties">
<div class="box">
<h2>Bill to / Ship to</h2>
<p class="buyer-name">${buyerName}</p>
<p class="pre">${address}</p>
<p>${phone}</p>
<p>${email}</p>
</div>
<div class="box">
<h2>Payment and order</h2>
<dl class="kv">
<dt>Payment method</dt><dd>${escapeHtml(paymentLabel)}</dd>
${summary && summary !== paymentLabel ? `<dt>Details</dt><dd>${escapeHtml(summary)}</dd>\n` : ""}<dt>Payment status</dt><dd>${escapeHtml(paymentStatus)}</dd>
<dt>Order status</dt><dd>${escapeHtml(orderStatus)}</dd>
</dl>
</div>
</section>
<table class="lines">
<colgroup>
<col style="width:4%"><col><col style="width:7%"><col style="width:5%"><col style="width:6%">
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
<th rowspan="2" scope="col">Taxable value (&#8377;)</th>
<th colspan="2" scope="colgroup">CGST</th>
<th colspan="2" scope="colgroup">SGST</th>
<th rowspan="2" scope="col">Total (&#8377;)</th>
</tr>
<tr><th scope="col">Rate</th><th scope="col">Amount</th><th scope="col">Rate</th><th scope="col">Amount</th></tr>
</thead>
<tbody>
${order.lines.map(lineRow).join("\n")}
${deliveryRow(order.deliveryFeePaise, order.lines.length + 1)}
</tbody>
<tfoot>
<tr>
<td colspan="6">Total</td>
<td class="num">${figure(taxableTotal)}</td>
<td></td><td class="num">${figure(cgstTotal)}</td>
<td></td><td class="num">${figure(sgstTotal)}</td>
<td class="num">${figure(linesTotal + Math.max(order.deliveryFeePaise, 0))}</td>
</tr>
</tfoot>
</table>
${exemptNote}
<section class="bottom">
<div class="left">
<div class="words">
<h2>Amount in words</h2>
<strong>${amountInWords(order.totalPaise)}</strong>
</div>
<p>Whether tax is payable on reverse charge: <strong>No</strong></p>
${notes ? `<div><h2>Delivery notes</h2><p class="pre">${escapeHtml(notes)}</p></div>` : ""}
<p class="note">We declare that this invoice shows the actual price of the goods described and that all particulars are true and correct.</p>
</div>
<table class="totals">
<tr><th scope="row">Taxable value</th><td class="subtotal">${formatRupees(order.subtotalPaise)}</td></tr>
<tr><th scope="row">CGST</th><td class="cgst-total">${formatRupees(cgstTotal)}</td></tr>
<tr><th scope="row">SGST</th><td class="sgst-total">${formatRupees(sgstTotal)}</td></tr>
<tr><th scope="row">Delivery charges</th><td class="delivery-total">${delivery}</td></tr>
<tr class="grand"><th scope="row">Grand total</th><td class="grand-total">${formatRupees(order.totalPaise)}</td></tr>
</table>
</section>
<footer>
<p>This is a computer-generated invoice and needs no signature.</p>
<p>Questions about this invoice? Write to ${escapeHtml(STORE.supportEmail)} or call ${escapeHtml(STORE.phone)} (${escapeHtml(STORE.supportHours)}).</p>
<p class="muted">${escapeHtml(seller.name)} &middot; ${escapeHtml(STORE.tagline)}</p>
</footer>
</main>
</body>
</html>
`;
}
