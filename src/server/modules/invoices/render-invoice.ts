// The invoice a buyer downloads and receives by mail: one standalone HTML file, made on the server.
// GST law asks for a tax invoice for taxable goods (CGST Rule 46) and a bill of supply for exempt
// ones (Rule 49; fresh produce is exempt, ghee and butter are 5%); a mixed order gets one
// invoice-cum-bill of supply (Rule 46A). The invoice's serial is taken when the order leaves the
// store (decision 25); until then the same page is a proforma, which is not a tax invoice.
import { PAYMENT_METHOD_LABELS } from "../../../shared/contracts/checkout.ts";
import type { OrderLine, OrderView } from "../../../shared/contracts/orders.ts";
import { formatRupees } from "../../../shared/money.ts";
import { ORDER_STATUS_LABELS, type PaymentStatus } from "../../../shared/rules/order-status.ts";
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

export { INVOICE_FALLBACKS, type Seller, splitGst } from "./document-style.ts";

export type InvoiceTitle = "Tax Invoice" | "Bill of Supply" | "Invoice-cum-Bill of Supply";

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

// ---------------------------------------------------------------------------------------------

/** Until the order leaves the store it has no invoice serial, and its page is only a proforma. */
export const PROFORMA_NOTICE =
  "This is not a tax invoice. Your GST invoice is issued when your order leaves our store, and emailed to you.";

/** The kind of supply is judged on what was supplied: a line short-picked to 0 is no supply. */
function suppliedLines(lines: readonly OrderLine[]): readonly OrderLine[] {
  const supplied = lines.filter((line) => line.quantity > 0);
  return supplied.length > 0 ? supplied : lines;
}

function exemptNote(title: InvoiceTitle): string {
  if (title === "Tax Invoice") return "";
  const note =
    title === "Bill of Supply"
      ? "Supply of goods exempt from GST: no tax is charged."
      : "Lines at 0% GST are exempt supplies billed as a bill of supply; no tax is charged on them.";
  return `<p class="note">${note}</p>`;
}

/**
 * The invoice as one standalone HTML5 document. With its serial (`order.invoiceNumber`) it is the
 * GST invoice: tax invoice, bill of supply or invoice-cum-bill of supply, dated when the goods
 * left, with the supplier's signature block. Without it, a proforma dated by the order.
 */
export function renderInvoice(order: OrderView, seller: Seller): string {
  const invoiceNumber = order.invoiceNumber?.trim() || null;
  const kind = invoiceTitle(suppliedLines(order.lines));
  const heading = invoiceNumber ? kind : "Proforma Invoice";
  const totals = gstTotals(order.lines);
  const buyer = recipientLines(order);
  const summary = order.paymentSummary.trim();
  const notes = order.notes.trim();
  const paymentLabel = PAYMENT_METHOD_LABELS[order.paymentMethod] ?? order.paymentMethod;
  const paymentStatus = PAYMENT_STATUS_LABELS[order.paymentStatus] ?? order.paymentStatus;
  const orderStatus = ORDER_STATUS_LABELS[order.status] ?? order.status;
  const delivery = order.deliveryFeePaise > 0 ? formatRupees(order.deliveryFeePaise) : "Free";
  const supply = placeOfSupply(order.state, seller);

  const meta: [string, string][] = invoiceNumber
    ? [
        ["Invoice no.", invoiceNumber],
        ["Invoice date", formatInvoiceDate(order.invoicedAt ?? order.statusAt)],
        ["Order no.", order.orderNumber],
        ["Place of supply", supply],
      ]
    : [
        ["Order no.", order.orderNumber],
        ["Order date", formatInvoiceDate(order.placedAt)],
        ["Place of supply", supply],
      ];
  const deliveryRow =
    order.deliveryFeePaise > 0
      ? deliveryFeeRow("Delivery charges", order.deliveryFeePaise, order.lines.length + 1)
      : `<tr class="delivery">
<td class="c"></td>
<td class="desc" colspan="10">Delivery: Free</td>
<td class="num line-total">0.00</td>
</tr>`;

  const body = `<header class="top">
${sellerBlock(seller)}
<div class="doc">
<h1>${heading}</h1>
${invoiceNumber ? `<p class="copy">Original for recipient</p>` : ""}
${metaTable(meta)}
</div>
</header>
${invoiceNumber ? "" : `<p class="notice proforma">${PROFORMA_NOTICE}</p>`}
<section class="parties">
<div class="box">
<h2>Bill to / Ship to</h2>
<p class="buyer-name">${buyer.name}</p>
<p class="pre">${buyer.address}</p>
<p>${buyer.phone}</p>
<p>${buyer.email}</p>
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
${linesTable({
  lines: order.lines,
  taxableHeading: "Taxable value",
  deliveryRow,
  deliveryFeePaise: order.deliveryFeePaise,
})}
${exemptNote(kind)}
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
<tr><th scope="row">CGST</th><td class="cgst-total">${formatRupees(totals.cgstPaise)}</td></tr>
<tr><th scope="row">SGST</th><td class="sgst-total">${formatRupees(totals.sgstPaise)}</td></tr>
<tr><th scope="row">Delivery charges</th><td class="delivery-total">${delivery}</td></tr>
<tr class="grand"><th scope="row">Grand total</th><td class="grand-total">${formatRupees(order.totalPaise)}</td></tr>
</table>
</section>
${invoiceNumber ? signatureBlock(seller) : ""}
${documentFooter(seller, "invoice")}`;

  const title = invoiceNumber
    ? `${kind} ${invoiceNumber}`
    : `Proforma Invoice for order ${order.orderNumber}`;
  return gstDocument(title, body);
}
