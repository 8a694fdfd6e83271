// The confirmation mail sent when an order is placed: the order line by line with its sums, the
// payment, the address, the link to the order page, and the proforma invoice as an attachment.
// The GST invoice is issued when the order leaves the store and mailed then.
import { orderTrackingPath } from "../../../shared/contracts/order-tracking.ts";
import type { OrderView } from "../../../shared/contracts/orders.ts";
import { formatRupees } from "../../../shared/money.ts";
import { deliveryAddressOf, paymentOf } from "../../../shared/rules/order-facts.ts";
import { greetingName, NAME_FALLBACK } from "../../../shared/rules/person-name.ts";
import { STORE } from "../../../shared/store-info.ts";
import type { MailAttachment } from "../../db/schema/index.ts";
import { UserText } from "../../markup/user-text.tsx";
import { invoiceFileName } from "../invoices/invoice-document.tsx";
import { EmailLayout, Frame } from "../mail/email-layout.tsx";
import {
  ActionButton,
  Callout,
  DetailsTable,
  Paragraph,
  SectionHeading,
} from "../mail/email-pieces.tsx";
import { BRAND, FONT, RULE } from "../mail/email-style.ts";
import { renderEmail } from "../mail/render-email.ts";

export type OrderEmail = {
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
};

/** The order's own page, where its progress shows live: where every order email leads. */
export function orderPageLink(publicUrl: string, orderNumber: string): string {
  return `${publicUrl.replace(/\/+$/, "")}${orderTrackingPath(orderNumber)}`;
}

/** The attachment is a proforma: the GST invoice gets its serial only at dispatch (decision 25). */
const PROFORMA_ATTACHED = "Your proforma invoice is attached";
const GST_INVOICE_FOLLOWS = "Your GST invoice follows by email when your order leaves our store.";

/** Each line with its quantity and unit price, then the order's sums, the total in brand green. */
function OrderLines({ order }: { order: OrderView }) {
  const cell = {
    padding: "6px 0",
    borderBottom: `1px solid ${RULE}`,
    ...FONT,
    fontSize: "14px",
    color: "#222222",
    verticalAlign: "top",
  } as const;
  const delivery = order.deliveryFeePaise > 0 ? formatRupees(order.deliveryFeePaise) : "Free";
  const sums: [string, string][] = [
    ["Subtotal", formatRupees(order.subtotalPaise)],
    ["GST", formatRupees(order.gstPaise)],
    ["Delivery", delivery],
  ];
  const sum = { padding: "3px 0", ...FONT, fontSize: "14px" } as const;
  const total = { ...sum, fontWeight: 700, fontSize: "16px", color: BRAND } as const;
  return (
    <>
      <Frame>
        {order.lines.map((line) => (
          <tr key={line.productId}>
            <td data-text="label" style={cell}>
              <UserText>{line.name}</UserText>
              <br data-text="skip" />
              <span data-text="aside" style={{ color: "#666666", fontSize: "12px" }}>
                Qty {line.quantity} · {formatRupees(line.unitPricePaise)} /{" "}
                <UserText>{line.unit}</UserText>
              </span>
            </td>
            <td align="right" style={{ ...cell, whiteSpace: "nowrap" }}>
              {formatRupees(line.taxablePaise)}
            </td>
          </tr>
        ))}
      </Frame>
      <Frame style={{ marginTop: "8px" }}>
        {sums.map(([label, value]) => (
          <tr key={label}>
            <td data-text="label" style={sum}>
              {label}
            </td>
            <td align="right" style={{ ...sum, whiteSpace: "nowrap" }}>
              {value}
            </td>
          </tr>
        ))}
        <tr>
          <td data-text="label" style={total}>
            Total
          </td>
          <td align="right" style={{ ...total, whiteSpace: "nowrap" }}>
            {formatRupees(order.totalPaise)}
          </td>
        </tr>
      </Frame>
    </>
  );
}

function OrderConfirmation(props: { order: OrderView; subject: string; link: string }) {
  const { order, link } = props;
  const agentPhone = order.deliveryAgentPhone.trim();
  const notes = order.notes.trim();
  return (
    <EmailLayout
      subject={props.subject}
      preheader={`Order ${order.orderNumber} is received: delivery within ${STORE.deliveryPromise}.`}
      title="We have your order!"
    >
      <Paragraph>
        Hi <UserText>{greetingName(order.customerName)}</UserText>,
      </Paragraph>
      <Paragraph>
        Thank you for shopping with {STORE.name}! We have received your order{" "}
        <strong>{order.orderNumber}</strong>.
      </Paragraph>
      <Callout
        lines={[
          `Processing: ${STORE.processingTime}`,
          `Delivery: within ${STORE.deliveryPromise}`,
          agentPhone
            ? `Your delivery agent: ${agentPhone}`
            : "Your delivery agent's phone number will be shared once your order is on its way.",
        ]}
      />
      <SectionHeading>Your order</SectionHeading>
      <OrderLines order={order} />
      <SectionHeading>Payment and delivery</SectionHeading>
      <DetailsTable
        rows={[
          ["Payment", paymentOf(order)],
          ["Delivering to", order.customerName.trim() || NAME_FALLBACK],
          ["Address", deliveryAddressOf(order)],
          ...(notes ? [["Delivery notes", notes] as [string, string]] : []),
        ]}
      />
      <ActionButton label="View your order" href={link} />
      <Paragraph muted>
        {PROFORMA_ATTACHED} ({invoiceFileName(order.orderNumber)}). {GST_INVOICE_FOLLOWS}
      </Paragraph>
    </EmailLayout>
  );
}

export function orderConfirmationEmail(
  order: OrderView,
  options: { publicUrl: string; invoiceHtml: string },
): OrderEmail {
  const subject = `We have received your Fresh Harvest Hub order ${order.orderNumber}`;
  const link = orderPageLink(options.publicUrl, order.orderNumber);
  return {
    subject,
    ...renderEmail(<OrderConfirmation order={order} subject={subject} link={link} />),
    attachments: [
      {
        filename: invoiceFileName(order.orderNumber),
        contentType: "text/html; charset=utf-8",
        content: options.invoiceHtml,
      },
    ],
  };
}
