// The confirmation mail sent when an order is placed: plain text, an HTML body that mail clients
// render (tables, inline styles, no CSS blocks or scripts), and the invoice as an attachment.
import { PAYMENT_METHOD_LABELS } from "../../../shared/contracts/checkout.ts";
import type { OrderView } from "../../../shared/contracts/orders.ts";
import { formatRupees } from "../../../shared/money.ts";
import { STORE } from "../../../shared/store-info.ts";
import { escapeHtml } from "../invoices/escape-html.ts";
import { INVOICE_FALLBACKS, invoiceFileName } from "../invoices/render-invoice.ts";

export type OrderConfirmationEmail = {
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: string }[];
};

const BRAND = "#2f7d32";
const FONT = "font-family:'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;";

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
  const subject = `Your Fresh Harvest Hub order ${order.orderNumber} is confirmed`;

  const text = [
    `Hi ${name},`,
    "",
    `Thank you for shopping with ${STORE.name}! Your order ${order.orderNumber} is confirmed.`,
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
    `Your invoice is attached (${fileName}).`,
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
  const heading = (label: string) =>
    `<p style="margin:20px 0 6px;${FONT}font-size:12px;font-weight:700;letter-spacing:1px;text-transform:uppercase;color:${BRAND};">${label}</p>`;
  const paragraph = (content: string) =>
    `<p style="margin:0 0 6px;${FONT}font-size:14px;line-height:1.5;color:#222;">${content}</p>`;
  const agent = agentPhone
    ? `Your delivery agent: <a href="tel:${escapeHtml(agentPhone.replace(/[^\d+]/g, ""))}" style="color:${BRAND};font-weight:700;">${escapeHtml(agentPhone)}</a>`
    : "Your delivery agent&#39;s phone number will be shared once your order is on its way.";

  const html = `<!DOCTYPE html>
<html lang="en-IN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#eef2ee;">
<div style="display:none;max-height:0;overflow:hidden;">Order ${escapeHtml(order.orderNumber)} is confirmed: delivery within ${STORE.deliveryPromise}.</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#eef2ee;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:#ffffff;border-collapse:collapse;">
<tr><td style="background:${BRAND};padding:20px 24px;${FONT}color:#ffffff;">
<p style="margin:0;font-size:22px;font-weight:700;">${escapeHtml(STORE.name)}</p>
<p style="margin:4px 0 0;font-size:13px;color:#ffffff;">${escapeHtml(STORE.tagline)}</p>
</td></tr>
<tr><td style="padding:24px;">
<h1 style="margin:0 0 10px;${FONT}font-size:20px;color:#14301a;">Hi ${escapeHtml(name)}, your order is confirmed!</h1>
${paragraph(`Thank you for shopping with us. Your order number is <strong>${escapeHtml(order.orderNumber)}</strong>.`)}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:14px 0;background:#f1f8f1;border-left:4px solid ${BRAND};">
<tr><td style="padding:10px 14px;${FONT}font-size:14px;line-height:1.6;color:#222;">
Processing: <strong>${STORE.processingTime}</strong><br>
Delivery: <strong>within ${STORE.deliveryPromise}</strong><br>
${agent}
</td></tr>
</table>
${heading("Your order")}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">
${itemRows}
</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin-top:8px;">
${sumRow("Subtotal", formatRupees(order.subtotalPaise))}
${sumRow("GST", formatRupees(order.gstPaise))}
${sumRow("Delivery", delivery)}
${sumRow("Total", formatRupees(order.totalPaise), true)}
</table>
${heading("Payment")}
${paragraph(escapeHtml(payment))}
${heading("Delivering to")}
${paragraph(`${escapeHtml(order.customerName.trim() || INVOICE_FALLBACKS.name)}<br>${escapeHtml(address)}`)}
${notes ? paragraph(`Notes: ${escapeHtml(notes)}`) : ""}
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:22px 0 8px;">
<tr><td style="background:${BRAND};border-radius:4px;">
<a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 22px;${FONT}font-size:15px;font-weight:700;color:#ffffff;text-decoration:none;">View your order</a>
</td></tr>
</table>
${paragraph(`<span style="color:#555;font-size:13px;">Your invoice is attached (${escapeHtml(fileName)}).</span>`)}
</td></tr>
<tr><td style="padding:16px 24px;background:#f6f8f6;border-top:1px solid #e3e9e3;${FONT}font-size:12px;line-height:1.6;color:#555;">
Questions? Write to <a href="mailto:${escapeHtml(STORE.supportEmail)}" style="color:${BRAND};">${escapeHtml(STORE.supportEmail)}</a>
or call <a href="${escapeHtml(STORE.phoneHref)}" style="color:${BRAND};">${escapeHtml(STORE.phone)}</a> (${escapeHtml(STORE.supportHours)}).<br>
${escapeHtml(STORE.name)}, ${escapeHtml(STORE.street)}, ${escapeHtml(STORE.city)}, ${escapeHtml(STORE.state)} ${escapeHtml(STORE.pincode)}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;

  return {
    subject,
    text,
    html,
    attachments: [
      { filename: fileName, contentType: "text/html; charset=utf-8", content: options.invoiceHtml },
    ],
  };
}
