// The invoice a buyer downloads and receives by mail: one standalone HTML file, made on the server.
// GST law asks for a tax invoice for taxable goods (CGST Rule 46) and a bill of supply for exempt
// ones (Rule 49; fresh produce is exempt, ghee and butter are 5%); a mixed order gets one
// invoice-cum-bill of supply (Rule 46A). The invoice's serial is taken when the order leaves the
// store (decision 25); until then the same page is a proforma, which is not a tax invoice.
import { PAYMENT_METHOD_LABELS } from "../../../shared/contracts/checkout.ts";
import type { OrderLine, OrderView } from "../../../shared/contracts/orders.ts";
import { formatRupees } from "../../../shared/money.ts";
import { paymentOf } from "../../../shared/rules/order-facts.ts";
import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from "../../../shared/rules/order-status.ts";
import { formatShopDate } from "../../../shared/rules/shop-time.ts";
import { renderHtmlDocument } from "../../markup/render-html.ts";
import { UserText } from "../../markup/user-text.tsx";
import { amountInWords } from "./amount-in-words.ts";
import { buyerLabels, englishLabels, type Labels } from "./document-labels.ts";
import { renderDocumentPdf } from "./document-pdf.ts";
import {
  DocumentFooter,
  GstDocument,
  type MetaRow,
  MetaTable,
  Recipient,
  SellerBlock,
  SignatureBlock,
} from "./gst-document.tsx";
import { gstTotals, type Seller } from "./gst-figures.ts";
import { DeliveryFeeRow, LinesTable } from "./lines-table.tsx";
import { placeOfSupply } from "./place-of-supply.ts";

export type InvoiceTitle = "Tax Invoice" | "Bill of Supply" | "Invoice-cum-Bill of Supply";

export function invoiceFileName(orderNumber: string, format: "html" | "pdf" = "html"): string {
  return `invoice-${orderNumber}.${format}`;
}

const isTaxed = (line: Pick<OrderLine, "gstRateBps" | "gstPaise">) =>
  line.gstRateBps > 0 || line.gstPaise > 0;

/** A line is taxed when its product carries a GST rate, even if rounding leaves 0 paise. */
export function invoiceTitle(
  lines: readonly Pick<OrderLine, "gstRateBps" | "gstPaise">[],
): InvoiceTitle {
  const taxed = lines.filter(isTaxed).length;
  if (taxed === 0) return /*i18n*/ "Bill of Supply";
  return taxed === lines.length ? /*i18n*/ "Tax Invoice" : /*i18n*/ "Invoice-cum-Bill of Supply";
}

/** Until the order leaves the store it has no invoice serial, and its page is only a proforma. */
export const PROFORMA_NOTICE =
  /*i18n*/ "This is not a tax invoice. Your GST invoice is issued when your order leaves our store, and emailed to you.";

/** A status's words, or its code where the store has none. */
const labelOf = (label: Labels, words: string | undefined, code: string) =>
  words ? label(words) : code;

/** The kind of supply is judged on what was supplied: a line short-picked to 0 is no supply. */
function suppliedLines(lines: readonly OrderLine[]): readonly OrderLine[] {
  const supplied = lines.filter((line) => line.quantity > 0);
  return supplied.length > 0 ? supplied : lines;
}

function ExemptNote({ kind, label }: { kind: InvoiceTitle; label: Labels }) {
  if (kind === "Tax Invoice") return null;
  return (
    <p className="note">
      {kind === "Bill of Supply"
        ? label(/*i18n*/ "Supply of goods exempt from GST: no tax is charged.")
        : label(
            /*i18n*/ "Lines at 0% GST are exempt supplies billed as a bill of supply; no tax is charged on them.",
          )}
    </p>
  );
}

/** A free delivery still shows in the table, so the buyer sees it was not forgotten. */
function FreeDeliveryRow({ label }: { label: Labels }) {
  return (
    <tr className="delivery">
      <td className="c"></td>
      <td className="desc" colSpan={10}>
        {label(/*i18n*/ "Delivery: Free")}
      </td>
      <td className="num line-total">0.00</td>
    </tr>
  );
}

function PaymentAndOrder({ order, label }: { order: OrderView; label: Labels }) {
  const method = PAYMENT_METHOD_LABELS[order.paymentMethod];
  const paymentLabel = method ? label(method) : order.paymentMethod;
  const details = paymentOf(order);
  return (
    <div className="box">
      <h2>{label(/*i18n*/ "Payment and order")}</h2>
      <dl className="kv">
        <dt>{label(/*i18n*/ "Payment method")}</dt>
        <dd>{paymentLabel}</dd>
        {details && details !== method && (
          <>
            <dt>{label(/*i18n*/ "Details")}</dt>
            <dd>
              <UserText>{details}</UserText>
            </dd>
          </>
        )}
        <dt>{label(/*i18n*/ "Payment status")}</dt>
        <dd>{labelOf(label, PAYMENT_STATUS_LABELS[order.paymentStatus], order.paymentStatus)}</dd>
        <dt>{label(/*i18n*/ "Order status")}</dt>
        <dd>{labelOf(label, ORDER_STATUS_LABELS[order.status], order.status)}</dd>
      </dl>
    </div>
  );
}

/**
 * With its serial (`order.invoiceNumber`) this is the GST invoice: tax invoice, bill of supply or
 * invoice-cum-bill of supply, dated when the goods left, with the supplier's signature block.
 * Without it, a proforma dated by the order.
 */
export function InvoiceDocument({
  order,
  seller,
  label = englishLabels,
}: {
  order: OrderView;
  seller: Seller;
  /** The buyer's language beside English (document-labels.ts); English alone by default. */
  label?: Labels;
}) {
  const invoiceNumber = order.invoiceNumber?.trim() || null;
  const kind = invoiceTitle(suppliedLines(order.lines));
  const totals = gstTotals(order.lines);
  const notes = order.notes.trim();
  const supply = placeOfSupply(order.state, seller);
  const meta: MetaRow[] = invoiceNumber
    ? [
        [label(/*i18n*/ "Invoice no."), invoiceNumber],
        [label(/*i18n*/ "Invoice date"), formatShopDate(order.invoicedAt ?? order.statusAt)],
        [label(/*i18n*/ "Order no."), order.orderNumber],
        [label(/*i18n*/ "Place of supply"), supply],
      ]
    : [
        [label(/*i18n*/ "Order no."), order.orderNumber],
        [label(/*i18n*/ "Order date"), formatShopDate(order.placedAt)],
        [label(/*i18n*/ "Place of supply"), supply],
      ];
  const title = invoiceNumber
    ? `${kind} ${invoiceNumber}`
    : `Proforma Invoice for order ${order.orderNumber}`;

  return (
    <GstDocument title={title}>
      <header className="top">
        <SellerBlock seller={seller} />
        <div className="doc">
          <h1>{label(invoiceNumber ? kind : /*i18n*/ "Proforma Invoice")}</h1>
          {invoiceNumber && <p className="copy">{label(/*i18n*/ "Original for recipient")}</p>}
          <MetaTable rows={meta} />
        </div>
      </header>
      {!invoiceNumber && <p className="notice proforma">{label(PROFORMA_NOTICE)}</p>}
      <section className="parties">
        <Recipient heading={label(/*i18n*/ "Bill to / Ship to")} order={order} label={label} />
        <PaymentAndOrder order={order} label={label} />
      </section>
      <LinesTable
        lines={order.lines}
        label={label}
        taxableHeading="Taxable value"
        deliveryRow={
          order.deliveryFeePaise > 0 ? (
            <DeliveryFeeRow
              label={label(/*i18n*/ "Delivery charges")}
              feePaise={order.deliveryFeePaise}
              number={order.lines.length + 1}
            />
          ) : (
            <FreeDeliveryRow label={label} />
          )
        }
        deliveryFeePaise={order.deliveryFeePaise}
      />
      <ExemptNote kind={kind} label={label} />
      <section className="bottom">
        <div className="left">
          <div className="words">
            <h2>{label(/*i18n*/ "Amount in words")}</h2>
            <strong>{amountInWords(order.totalPaise)}</strong>
          </div>
          <p>
            Whether tax is payable on reverse charge: <strong>No</strong>
          </p>
          {notes && (
            <div>
              <h2>{label(/*i18n*/ "Delivery notes")}</h2>
              <p className="pre">
                <UserText>{notes}</UserText>
              </p>
            </div>
          )}
          <p className="note">
            We declare that this invoice shows the actual price of the goods described and that all
            particulars are true and correct.
          </p>
        </div>
        <table className="totals">
          <tbody>
            <tr>
              <th scope="row">{label(/*i18n*/ "Taxable value")}</th>
              <td className="subtotal">{formatRupees(order.subtotalPaise)}</td>
            </tr>
            <tr>
              <th scope="row">CGST</th>
              <td className="cgst-total">{formatRupees(totals.cgstPaise)}</td>
            </tr>
            <tr>
              <th scope="row">SGST</th>
              <td className="sgst-total">{formatRupees(totals.sgstPaise)}</td>
            </tr>
            <tr>
              <th scope="row">{label(/*i18n*/ "Delivery charges")}</th>
              <td className="delivery-total">
                {order.deliveryFeePaise > 0 ? formatRupees(order.deliveryFeePaise) : label("Free")}
              </td>
            </tr>
            <tr className="grand">
              <th scope="row">{label(/*i18n*/ "Grand total")}</th>
              <td className="grand-total">{formatRupees(order.totalPaise)}</td>
            </tr>
          </tbody>
        </table>
      </section>
      {invoiceNumber && <SignatureBlock seller={seller} />}
      <DocumentFooter seller={seller} documentName="invoice" />
    </GstDocument>
  );
}

/**
 * The invoice as one standalone HTML5 document, for download and as a mail attachment: its
 * labels in the buyer's language beside English.
 */
export function renderInvoice(order: OrderView, seller: Seller): string {
  return renderHtmlDocument(
    <InvoiceDocument order={order} seller={seller} label={buyerLabels(order.locale)} />,
  );
}

/**
 * The same invoice as a PDF, drawn from the same components in the same languages: an Odia or
 * Hindi order's embeds that script's Noto faces (document-pdf.ts, decision 57).
 */
export function renderInvoicePdf(
  order: OrderView,
  seller: Seller,
  options?: { compress?: boolean },
): Promise<Buffer> {
  return renderDocumentPdf(
    <InvoiceDocument order={order} seller={seller} label={buyerLabels(order.locale)} />,
    options,
  );
}
