// The confirmation mail sent when an order is placed: the order line by line with its sums, the
// payment, and the link to the order's page. Checkout takes any address, so the mail repeats
// nothing the shopper typed (name, address, delivery notes): the order's page, opened by the
// signed link, shows those, and the proforma invoice to download (decision 43). The GST invoice
// is issued when the order leaves the store and mailed then.

import { PAYMENT_METHOD_LABELS } from "../../../shared/contracts/checkout.ts";
import { orderTrackingPath } from "../../../shared/contracts/order-tracking.ts";
import type { OrderView } from "../../../shared/contracts/orders.ts";
import type { I18n } from "../../../shared/i18n/translator.ts";
import { formatRupees } from "../../../shared/money.ts";
import { formatQuantityIn, pricedUnitLabel } from "../../../shared/rules/measure.ts";
import { PAYMENT_STATUS_LABELS } from "../../../shared/rules/order-status.ts";
import { STORE } from "../../../shared/store-info.ts";
import { translatorFor } from "../../i18n/translator.ts";
import { translatedParts } from "../../markup/translated-parts.ts";
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
  "productId" | "name" | "localName" | "quantity" | "unit" | "unitPricePaise" | "taxablePaise"
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
> & {
  lines: ConfirmedLine[];
  /** The order's language; rows queued before languages have none, and are English. */
  locale?: OrderView["locale"];
};

/** The order's own page, where its progress shows live: where every order email leads. */
export function orderPageLink(publicUrl: string, orderNumber: string): string {
  return `${publicUrl.replace(/\/+$/, "")}${orderTrackingPath(orderNumber)}`;
}

/** The proforma is on the order's page; the GST invoice gets its serial at dispatch (decision 25). */
const ON_THE_PAGE =
  /*i18n*/ "Your delivery details and proforma invoice are on your order's page, with its progress.";
const GST_INVOICE_FOLLOWS =
  /*i18n*/ "Your GST invoice follows by email when your order leaves our store.";

/** "Cash on Delivery", or the online method with where its payment stands: "UPI (Paid)". */
function paymentLine(i18n: I18n, order: ConfirmedOrder): string {
  const method = i18n._(PAYMENT_METHOD_LABELS[order.paymentMethod]);
  return order.paymentMethod === "cash"
    ? method
    : `${method} (${i18n._(PAYMENT_STATUS_LABELS[order.paymentStatus])})`;
}

/** Each line with its quantity and unit price, then the order's sums, the total in brand green. */
function OrderLines({ order, i18n }: { order: ConfirmedOrder; i18n: I18n }) {
  const cell = {
    padding: "6px 0",
    borderBottom: `1px solid ${RULE}`,
    ...FONT,
    fontSize: "14px",
    color: "#222222",
    verticalAlign: "top",
  } as const;
  const delivery =
    order.deliveryFeePaise > 0 ? formatRupees(order.deliveryFeePaise) : i18n._("Free");
  const sums: [string, string][] = [
    [i18n._("Subtotal"), formatRupees(order.subtotalPaise)],
    ["GST", formatRupees(order.gstPaise)],
    [i18n._("Delivery"), delivery],
  ];
  const translate = i18n._.bind(i18n);
  const sum = { padding: "3px 0", ...FONT, fontSize: "14px" } as const;
  const total = { ...sum, fontWeight: 700, fontSize: "16px", color: BRAND } as const;
  return (
    <>
      <Frame>
        {order.lines.map((line) => (
          <tr key={line.productId}>
            <td data-text="label" style={cell}>
              <UserText>{line.localName || line.name}</UserText>
              <br data-text="skip" />
              <span data-text="aside" style={{ color: "#666666", fontSize: "12px" }}>
                <UserText>{formatQuantityIn(translate, line.quantity, line.unit)}</UserText> ·{" "}
                {formatRupees(line.unitPricePaise)}{" "}
                <UserText>{i18n._(pricedUnitLabel(line.unit))}</UserText>
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
            {i18n._("Total")}
          </td>
          <td align="right" style={{ ...total, whiteSpace: "nowrap" }}>
            {formatRupees(order.totalPaise)}
          </td>
        </tr>
      </Frame>
    </>
  );
}

function OrderConfirmation(props: {
  order: ConfirmedOrder;
  subject: string;
  link: string;
  i18n: I18n;
}) {
  const { order, link, i18n } = props;
  const agentPhone = order.deliveryAgentPhone.trim();
  const promise = i18n._(STORE.deliveryPromise);
  return (
    <EmailLayout
      i18n={i18n}
      subject={props.subject}
      preheader={i18n._("Order {orderNumber} is received: delivery within {promise}.", {
        orderNumber: order.orderNumber,
        promise,
      })}
      title={i18n._("We have your order!")}
    >
      <Paragraph>{i18n._(HELLO)}</Paragraph>
      <Paragraph>
        {translatedParts(
          i18n,
          /*i18n*/ "Thank you for shopping with {store}! We have received your order {orderNumber}.",
          { store: STORE.name, orderNumber: <strong>{order.orderNumber}</strong> },
        )}
      </Paragraph>
      <Callout
        lines={[
          i18n._("Processing: {time}", { time: i18n._(STORE.processingTime) }),
          i18n._("Delivery: within {promise}", { promise }),
          agentPhone
            ? i18n._("Your delivery agent: {phone}", { phone: agentPhone })
            : i18n._(
                "Your delivery agent's phone number will be shared once your order is on its way.",
              ),
        ]}
      />
      <SectionHeading>{i18n._("Your order")}</SectionHeading>
      <OrderLines order={order} i18n={i18n} />
      <SectionHeading>{i18n._("Payment")}</SectionHeading>
      <DetailsTable
        rows={[
          [i18n._("Order number"), order.orderNumber],
          [i18n._("Payment"), paymentLine(i18n, order)],
        ]}
      />
      <ActionButton label={i18n._("View your order")} href={link} />
      <Paragraph muted>
        {i18n._(ON_THE_PAGE)} {i18n._(GST_INVOICE_FOLLOWS)}
      </Paragraph>
    </EmailLayout>
  );
}

const confirmationSubject = (i18n: I18n, orderNumber: string) =>
  i18n._("We have received your Fresh Harvest Hub order {orderNumber}", { orderNumber });

/** Draws the confirmation from the order's shown facts and its signed link, in its language. */
export const orderConfirmationTemplate = mailTemplate<{ order: ConfirmedOrder; link: string }>(
  "order-confirmation",
  ({ order, link }) => {
    const i18n = translatorFor(order.locale);
    return renderEmail(
      <OrderConfirmation
        order={order}
        subject={confirmationSubject(i18n, order.orderNumber)}
        link={link}
        i18n={i18n}
      />,
    );
  },
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
    locale: order.locale,
    lines: order.lines.map((line) => ({
      productId: line.productId,
      name: line.name,
      localName: line.localName ?? null,
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
    subject: confirmationSubject(translatorFor(order.locale), order.orderNumber),
    ...templateMail(orderConfirmationTemplate, {
      order: confirmedOrder(order),
      link: options.link,
    }),
    attachments: [],
  };
}
