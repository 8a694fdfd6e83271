// The confirmation mail sent when an order is placed: the order line by line with its sums, the
// payment, and the link to the order's page. Checkout takes any address, so the mail repeats
// nothing the shopper typed (name, address, delivery notes): the order's page, opened by the
// signed link, shows those, and the proforma invoice to download (decision 43). The GST invoice
// is issued when the order leaves the store and mailed then.
import { PAYMENT_METHOD_LABELS } from "../../../shared/contracts/checkout.ts";
import { orderTrackingPath } from "../../../shared/contracts/order-tracking.ts";
import type { OrderView } from "../../../shared/contracts/orders.ts";
import { formatRupees } from "../../../shared/money.ts";
import { formatQuantity, pricedUnitLabel } from "../../../shared/rules/measure.ts";
import { PAYMENT_STATUS_LABELS } from "../../../shared/rules/order-status.ts";
import { STORE } from "../../../shared/store-info.ts";
import { UserText } from "../../markup/user-text.tsx";
import {
  ActionButton,
  BRAND,
  Callout,
  DetailsTable,
  EmailLayout,
  FONT,
  Frame,
  HELLO,
  type MailBody,
  mailTemplate,
  Paragraph,
  RULE,
  renderEmail,
  SectionHeading,
  templateMail,
} from "../mail/index.ts";
import type { MailAttachment } from "../mail/schema.ts";

/** A mail about an order as the outbox keeps it: drawn from its template when it is sent. */
export type OrderEmail = MailBody & { subject: string; attachments: MailAttachment[] };

/**
 * What the confirmation shows of an order, and all it keeps in the outbox: no name or address
 * (the mail repeats nothing typed), so the order's statement binds a few hundred bytes.
 */
type ConfirmedLine = Pick<
  OrderView["lines"][number],
  "productId" | "name" | "quantity" | "unit" | "unitPricePaise" | "taxablePaise"
>;
export type ConfirmedOrder = Pick<
  OrderView,
  | "orderNumber"
  | "deliveryAgentPhone"
  | "deliveryFeePaise"
  | "subtotalPaise"
  | "gstPaise"
  | "totalPaise"
  | "paymentMethod"
  | "paymentStatus"
> & { lines: ConfirmedLine[] };

/** The order's own page, where its progress shows live: where every order email leads. */
export function orderPageLink(publicUrl: string, orderNumber: string): string {
  return `${publicUrl.replace(/\/+$/, "")}${orderTrackingPath(orderNumber)}`;
}

/** The proforma is on the order's page; the GST invoice gets its serial at dispatch (decision 25). */
const ON_THE_PAGE =
  "Your delivery details and proforma invoice are on your order's page, with its progress.";
const GST_INVOICE_FOLLOWS = "Your GST invoice follows by email when your order leaves our store.";

/** "Cash on Delivery", or the online method with where its payment stands: "UPI (Paid)". */
function paymentLine(order: ConfirmedOrder): string {
  const method = PAYMENT_METHOD_LABELS[order.paymentMethod];
  return order.paymentMethod === "cash"
    ? method
    : `${method} (${PAYMENT_STATUS_LABELS[order.paymentStatus]})`;
}

/** Each line with its quantity and unit price, then the order's sums, the total in brand green. */
function OrderLines({ order }: { order: ConfirmedOrder }) {
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
                <UserText>{formatQuantity(line.quantity, line.unit)}</UserText> ·{" "}
                {formatRupees(line.unitPricePaise)}{" "}
                <UserText>{pricedUnitLabel(line.unit)}</UserText>
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

function OrderConfirmation(props: { order: ConfirmedOrder; subject: string; link: string }) {
  const { order, link } = props;
  const agentPhone = order.deliveryAgentPhone.trim();
  return (
    <EmailLayout
      subject={props.subject}
      preheader={`Order ${order.orderNumber} is received: delivery within ${STORE.deliveryPromise}.`}
      title="We have your order!"
    >
      <Paragraph>{HELLO}</Paragraph>
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
      <SectionHeading>Payment</SectionHeading>
      <DetailsTable
        rows={[
          ["Order number", order.orderNumber],
          ["Payment", paymentLine(order)],
        ]}
      />
      <ActionButton label="View your order" href={link} />
      <Paragraph muted>
        {ON_THE_PAGE} {GST_INVOICE_FOLLOWS}
      </Paragraph>
    </EmailLayout>
  );
}

const confirmationSubject = (orderNumber: string) =>
  `We have received your Fresh Harvest Hub order ${orderNumber}`;

/** Draws the confirmation from the order's shown facts and its signed link. */
export const orderConfirmationTemplate = mailTemplate<{ order: ConfirmedOrder; link: string }>(
  "order-confirmation",
  ({ order, link }) =>
    renderEmail(
      <OrderConfirmation
        order={order}
        subject={confirmationSubject(order.orderNumber)}
        link={link}
      />,
    ),
);

function confirmedOrder(order: OrderView): ConfirmedOrder {
  return {
    orderNumber: order.orderNumber,
    deliveryAgentPhone: order.deliveryAgentPhone,
    deliveryFeePaise: order.deliveryFeePaise,
    subtotalPaise: order.subtotalPaise,
    gstPaise: order.gstPaise,
    totalPaise: order.totalPaise,
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    lines: order.lines.map((line) => ({
      productId: line.productId,
      name: line.name,
      quantity: line.quantity,
      unit: line.unit,
      unitPricePaise: line.unitPricePaise,
      taxablePaise: line.taxablePaise,
    })),
  };
}

/** The confirmation; `link` opens the order's page in any browser (order-link.ts). */
export function orderConfirmationEmail(order: OrderView, options: { link: string }): OrderEmail {
  return {
    subject: confirmationSubject(order.orderNumber),
    ...templateMail(orderConfirmationTemplate, {
      order: confirmedOrder(order),
      link: options.link,
    }),
    attachments: [],
  };
}
