// The credit note a shopper receives when an order is cancelled after its invoice was issued
// (CGST Act s.34, Rule 53(1A)): one standalone HTML file in the invoice's style, naming the
// invoice it reduces and, per HSN line, the taxable value and the CGST and SGST taken back. For an
// order placed in Odia or Hindi its labels are in that language beside the English, as the
// invoice's are (document-labels.ts).
import type { OrderView } from "../../../shared/contracts/orders.ts";
import { formatRupees } from "../../../shared/money.ts";
import { formatShopDate } from "../../../shared/rules/shop-time.ts";
import { renderHtmlDocument } from "../../markup/render-html.ts";
import { UserText } from "../../markup/user-text.tsx";
import { amountInWords } from "./amount-in-words.ts";
import type { CreditNoteDocument, CreditNoteLine } from "./credit-note-document.ts";
import { buyerLabels, englishLabels, type Labels } from "./document-labels.ts";
import { renderDocumentPdf } from "./document-pdf.ts";
import {
  DocumentFooter,
  GstDocument,
  MetaTable,
  Recipient,
  SellerBlock,
  SignatureBlock,
} from "./gst-document.tsx";
import { gstTotals, type Seller } from "./gst-figures.ts";
import { DeliveryFeeRow, LinesTable } from "./lines-table.tsx";
import { placeOfSupply } from "./place-of-supply.ts";

/**
 * A credited line by the name the buyer bought it under too: the note keeps the shop's name of
 * each product, and the order's line of the same product its name in the order's language.
 */
function namedAsSold(lines: readonly CreditNoteLine[], order: OrderView) {
  return lines.map((line) => ({
    ...line,
    localName: order.lines.find(
      (sold) => sold.productId === line.productId && sold.name === line.name,
    )?.localName,
  }));
}

export function CreditNote(props: {
  note: CreditNoteDocument;
  order: OrderView;
  seller: Seller;
  /** The buyer's language beside English (document-labels.ts); English alone by default. */
  label?: Labels;
}) {
  const { note, order, seller } = props;
  const label = props.label ?? englishLabels;
  const totals = gstTotals(note.lines);
  const supply = placeOfSupply(order.state, seller);
  const invoiced = formatShopDate(note.invoicedAt);
  const credited = note.deliveryFeePaise > 0;

  return (
    <GstDocument title={`Credit Note ${note.number}`}>
      <header className="top">
        <SellerBlock seller={seller} />
        <div className="doc">
          <h1>{label(/*i18n*/ "Credit Note")}</h1>
          <p className="copy">{label(/*i18n*/ "Original for recipient")}</p>
          <MetaTable
            rows={[
              [label(/*i18n*/ "Credit note no."), note.number],
              [label(/*i18n*/ "Credit note date"), formatShopDate(note.issuedAt)],
              [label(/*i18n*/ "Against invoice"), note.invoiceNumber],
              [label(/*i18n*/ "Invoice date"), invoiced],
              [label(/*i18n*/ "Order no."), order.orderNumber],
              [label(/*i18n*/ "Place of supply"), supply],
            ]}
          />
        </div>
      </header>
      {/* The particular Rule 53(1A)(g) asks for, in English as the invoice's declarations are;
          the rows above give the same in the buyer's language. */}
      <p className="against">
        Against invoice <strong className="invoice-ref">{note.invoiceNumber}</strong> dated{" "}
        <strong>{invoiced}</strong>
      </p>
      <section className="parties">
        <Recipient
          heading={label(/*i18n*/ "Recipient / Delivery address")}
          order={order}
          state={supply}
          label={label}
        />
        <div className="box">
          <h2>{label(/*i18n*/ "Reason for credit")}</h2>
          <p className="pre reason">
            <UserText>{note.reason}</UserText>
          </p>
        </div>
      </section>
      <LinesTable
        lines={namedAsSold(note.lines, order)}
        label={label}
        taxableHeading="Taxable value credited"
        deliveryRow={
          credited && (
            <DeliveryFeeRow
              label={label(/*i18n*/ "Delivery charges credited")}
              feePaise={note.deliveryFeePaise}
              number={note.lines.length + 1}
            />
          )
        }
        deliveryFeePaise={note.deliveryFeePaise}
      />
      <section className="bottom">
        <div className="left">
          <div className="words">
            <h2>{label(/*i18n*/ "Amount credited in words")}</h2>
            <strong>{amountInWords(note.totalPaise)}</strong>
          </div>
          <p className="note">
            {label(
              /*i18n*/ "This credit note reduces the value of the invoice named above, and the tax charged on it, by the amounts shown.",
            )}
          </p>
        </div>
        <table className="totals">
          <tbody>
            <tr>
              <th scope="row">{label(/*i18n*/ "Taxable value credited")}</th>
              <td className="subtotal">{formatRupees(note.taxablePaise)}</td>
            </tr>
            <tr>
              <th scope="row">{label(/*i18n*/ "CGST credited")}</th>
              <td className="cgst-total">{formatRupees(totals.cgstPaise)}</td>
            </tr>
            <tr>
              <th scope="row">{label(/*i18n*/ "SGST credited")}</th>
              <td className="sgst-total">{formatRupees(totals.sgstPaise)}</td>
            </tr>
            {credited && (
              <tr>
                <th scope="row">{label(/*i18n*/ "Delivery charges credited")}</th>
                <td className="delivery-total">{formatRupees(note.deliveryFeePaise)}</td>
              </tr>
            )}
            <tr className="grand">
              <th scope="row">{label(/*i18n*/ "Total credited")}</th>
              <td className="grand-total">{formatRupees(note.totalPaise)}</td>
            </tr>
          </tbody>
        </table>
      </section>
      <SignatureBlock seller={seller} />
      <DocumentFooter seller={seller} documentName="credit note" />
    </GstDocument>
  );
}

/**
 * The credit note as one standalone HTML5 document: inline CSS, no scripts, nothing fetched; its
 * labels in the buyer's language beside English.
 */
export function renderCreditNote(
  note: CreditNoteDocument,
  order: OrderView,
  seller: Seller,
): string {
  return renderHtmlDocument(
    <CreditNote note={note} order={order} seller={seller} label={buyerLabels(order.locale)} />,
  );
}

/** The same credit note as a PDF, drawn from the same components in the same languages. */
export function renderCreditNotePdf(
  note: CreditNoteDocument,
  order: OrderView,
  seller: Seller,
  options?: { compress?: boolean },
): Promise<Buffer> {
  return renderDocumentPdf(
    <CreditNote note={note} order={order} seller={seller} label={buyerLabels(order.locale)} />,
    options,
  );
}
