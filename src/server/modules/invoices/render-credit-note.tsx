// The credit note a shopper receives when an order is cancelled after its invoice was issued
// (CGST Act s.34, Rule 53(1A)): one standalone HTML file in the invoice's style, naming the
// invoice it reduces and, per HSN line, the taxable value and the CGST and SGST taken back.
import type { OrderView } from "../../../shared/contracts/orders.ts";
import { formatRupees } from "../../../shared/money.ts";
import { formatShopDate } from "../../../shared/rules/shop-time.ts";
import { renderHtmlDocument } from "../../markup/render-html.ts";
import { UserText } from "../../markup/user-text.tsx";
import { amountInWords } from "./amount-in-words.ts";
import type { CreditNoteDocument } from "./credit-note-document.ts";
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

export function CreditNote(props: { note: CreditNoteDocument; order: OrderView; seller: Seller }) {
  const { note, order, seller } = props;
  const totals = gstTotals(note.lines);
  const supply = placeOfSupply(order.state, seller);
  const invoiced = formatShopDate(note.invoicedAt);
  const credited = note.deliveryFeePaise > 0;

  return (
    <GstDocument title={`Credit Note ${note.number}`}>
      <header className="top">
        <SellerBlock seller={seller} />
        <div className="doc">
          <h1>Credit Note</h1>
          <p className="copy">Original for recipient</p>
          <MetaTable
            rows={[
              ["Credit note no.", note.number],
              ["Credit note date", formatShopDate(note.issuedAt)],
              ["Against invoice", note.invoiceNumber],
              ["Invoice date", invoiced],
              ["Order no.", order.orderNumber],
              ["Place of supply", supply],
            ]}
          />
        </div>
      </header>
      <p className="against">
        Against invoice <strong className="invoice-ref">{note.invoiceNumber}</strong> dated{" "}
        <strong>{invoiced}</strong>
      </p>
      <section className="parties">
        <Recipient heading="Recipient / Delivery address" order={order} state={supply} />
        <div className="box">
          <h2>Reason for credit</h2>
          <p className="pre reason">
            <UserText>{note.reason}</UserText>
          </p>
        </div>
      </section>
      <LinesTable
        lines={note.lines}
        taxableHeading="Taxable value credited"
        deliveryRow={
          credited && (
            <DeliveryFeeRow
              label="Delivery charges credited"
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
            <h2>Amount credited in words</h2>
            <strong>{amountInWords(note.totalPaise)}</strong>
          </div>
          <p className="note">
            This credit note reduces the value of the invoice named above, and the tax charged on
            it, by the amounts shown.
          </p>
        </div>
        <table className="totals">
          <tbody>
            <tr>
              <th scope="row">Taxable value credited</th>
              <td className="subtotal">{formatRupees(note.taxablePaise)}</td>
            </tr>
            <tr>
              <th scope="row">CGST credited</th>
              <td className="cgst-total">{formatRupees(totals.cgstPaise)}</td>
            </tr>
            <tr>
              <th scope="row">SGST credited</th>
              <td className="sgst-total">{formatRupees(totals.sgstPaise)}</td>
            </tr>
            {credited && (
              <tr>
                <th scope="row">Delivery charges credited</th>
                <td className="delivery-total">{formatRupees(note.deliveryFeePaise)}</td>
              </tr>
            )}
            <tr className="grand">
              <th scope="row">Total credited</th>
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

/** The credit note as one standalone HTML5 document: inline CSS, no scripts, nothing fetched. */
export function renderCreditNote(
  note: CreditNoteDocument,
  order: OrderView,
  seller: Seller,
): string {
  return renderHtmlDocument(<CreditNote note={note} order={order} seller={seller} />);
}

/** The same credit note as a PDF, drawn from the same components. */
export function renderCreditNotePdf(
  note: CreditNoteDocument,
  order: OrderView,
  seller: Seller,
  options?: { compress?: boolean },
): Promise<Buffer> {
  return renderDocumentPdf(<CreditNote note={note} order={order} seller={seller} />, options);
}
