// The confirmation mail sent when an order is placed: plain text, an HTML body that mail clients
// render (tables, inline styles, no CSS blocks or scripts), and the proforma invoice as an
// attachment. The GST invoice is issued when the order leaves the store and mailed then.
import { PAYMENT_METHOD_LABELS } from "../../../shared/contracts/checkout.ts";
import type { OrderView } from "../../../shared/contracts/orders.ts";
import { formatRupees } from "../../../shared/money.ts";
import { STORE } from "../../../shared/store-info.ts";
import { escapeHtml } from "../invoices/escape-html.ts";
import { INVOICE_FALLBACKS, invoiceFileName } from "../invoices/render-invoice.ts";
import {
  BRAND,
  button,
  emailDocument,
  FONT,
  markup,
  sectionHeading,
} from "../mail/email-layout.ts";

export type OrderConfirmationEmail = {
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: string }[];
};

/** "Asha Patel" -> "Asha"; an empty name gets the spec's fallback. */
export function greetingName(customerName: string): string {
  return customerName.trim().split(/\s+/)[0] || INVOICE_FALLBACKS.name;
}

export function orderLink(publicUrl: string, orderNumber: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/order-confirmation?order=${encodeURIComponent(orderNumber)}`;
}

function deliveryAddress(order: OrderView): string {
  const full = order.shippingAddress.trim();
  if (full) return full;
  const parts = [order.address, order.city, order.state, order.pincode].map((part) => part.trim());
  return parts.filter(Boolean).join(", ") || INVOICE_FALLBACKS.address;
}

/** The attachment is a proforma: the GST invoice gets its serial only at dispatch (decision 25). */
const PROFORMA_ATTACHED = "Your proforma invoice is attached";
const GST_INVOICE_FOLLOWS = "Your GST invoice follows by email when your order leaves our store.";

const lineTotal = (line: OrderView["lines"][number]) => line.taxablePaise;

export function orderConfirmationEmail(
  order: OrderView,
  options: { publicUrl: string; invoiceHtml: string },
): OrderConfirmationEmail {
  const name = greetingName(order.customerName);
  const link = orderLink(options.publicUrl, order.orderNumber);
  const address = deliveryAddress(order);
  const delivery = order.deliveryFeePaise > 0 ? formatRupees(order.deliveryFeePaise) : "Free";
  const agentPhone = order.deliveryAgentPhone.trim();
  const notes = order.notes.trim();
  const payment = order.paymentSummary.trim() || PAYMENT_METHOD_LABELS[order.paymentMethod];
  const fileName = invoiceFileName(order.orderNumber);
  const subject = `We have received your Fresh Harvest Hub order ${order.orderNumber}`;

  const text = [
    `Hi ${name},`,
    "",
    `Thank you for shopping with ${STORE.name}! We have received your order ${order.orderNumber}.`,
    `We start processing it within ${STORE.processingTime}, and it reaches you within ${STORE.deliveryPromise}.`,
    "",
    "Your order",
    ...order.lines.map(
      (line) => `- ${line.name} x ${line.quantity} ${line.unit}: ${formatRupees(lineTotal(line))}`,
    ),
    "",
    `Subtotal: ${formatRupees(order.subtotalPaise)}`,
    `GST: ${formatRupees(order.gstPaise)}`,
    `Delivery: ${delivery}`,
    `Total: ${formatRupees(order.totalPaise)}`,
    "",
    `Payment: ${payment}`,
    `Delivery address: ${address}`,
    ...(notes ? [`Delivery notes: ${notes}`] : []),
    agentPhone
      ? `Your delivery agent: ${agentPhone}`
      : "Your delivery agent's phone number will be shared once your order is on its way.",
    "",
    `View your order: ${link}`,
    `${PROFORMA_ATTACHED} (${fileName}).`,
    GST_INVOICE_FOLLOWS,
    "",
    `Questions? Write to ${STORE.supportEmail} or call ${STORE.phone} (${STORE.supportHours}).`,
    "",
    `${STORE.name}`,
    STORE.tagline,
    "",
  ].join("\n");

  const cell = `padding:6px 0;border-bottom:1px solid #e3e9e3;${FONT}font-size:14px;color:#222;`;
  const itemRows = order.lines
    .map(
      (line) => `<tr>
<td style="${cell}">${escapeHtml(line.name)}<br><span style="color:#666;font-size:12px;">Qty ${line.quantity} &middot; ${formatRupees(line.unitPricePaise)} / ${escapeHtml(line.unit)}</span></td>
<td align="right" style="${cell}white-space:nowrap;vertical-align:top;">${formatRupees(lineTotal(line))}</td>
</tr>`,
    )
    .join("\n");
  const sumRow = (label: string, value: string, strong = false) => {
    const weight = strong ? `font-weight:700;font-size:16px;color:${BRAND};` : "font-size:14px;";
    return `<tr>
<td style="padding:3px 0;${FONT}${weight}">${label}</td>
<td align="right" style="padding:3px 0;${FONT}${weight}white-space:nowrap;">${value}</td>
</tr>`;
  };
  const paragraph = (content: string) =>
    `<p style="margin:0 0 6px;${FONT}font-size:14px;line-height:1.5;color:#222;">${content}</p>`;
  const agent = agentPhone
    ? `Your delivery agent: <a href="tel:${escapeHtml(agentPhone.replace(/[^\d+]/g, ""))}" style="color:${BRAND};font-weight:700;">${escapeHtml(agentPhone)}</a>`
    : "Your delivery agent&#39;s phone number will be shared once your order is on its way.";

  const html = emailDocument({
    subject,
    preheader: `Order ${order.orderNumber} is received: delivery within ${STORE.deliveryPromise}.`,
    title: `Hi ${name}, we have your order!`,
    body: [
      markup(`${paragraph(`Thank you for shopping with us. Your order number is <strong>${escapeHtml(order.orderNumber)}</strong>.`)}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:14px 0;background:#f1f8f1;border-left:4px solid ${BRAND};">
<tr><td style="padding:10px 14px;${FONT}font-size:14px;line-height:1.6;color:#222;">
Processing: <strong>${STORE.processingTime}</strong><br>
Delivery: <strong>within ${STORE.deliveryPromise}</strong><br>
${agent}
</td></tr>
</table>
${sectionHeading("Your order").html}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">
${itemRows}
</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin-top:8px;">
${sumRow("Subtotal", formatRupees(order.subtotalPaise))}
${sumRow("GST", formatRupees(order.gstPaise))}
${sumRow("Delivery", delivery)}
${sumRow("Total", formatRupees(order.totalPaise), true)}
</table>
${sectionHeading("Payment").html}
${paragraph(escapeHtml(payment))}
${sectionHeading("Delivering to").html}
${paragraph(`${escapeHtml(order.customerName.trim() || INVOICE_FALLBACKS.name)}<br>${escapeHtml(address)}`)}
${notes ? paragraph(`Notes: ${escapeHtml(notes)}`) : ""}`),
      button("View your order", link),
      markup(
        paragraph(
          `<span style="color:#555;font-size:13px;">${PROFORMA_ATTACHED} (${escapeHtml(fileName)}). ${GST_INVOICE_FOLLOWS}</span>`,
        ),
      ),
    ],
  });

  return {
    subject,
    text,
    html,
    attachments: [
      { filename: fileName, contentType: "text/html; charset=utf-8", content: options.invoiceHtml },
    ],
  };
}
