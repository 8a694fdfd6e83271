// What the shop's GST documents (the invoice and the credit note) share, so both read alike and
// neither copies the other: the document frame, the seller's header, the buyer's details, the
// signature block (CGST Rule 46(q), Rule 53(1A)(i)) and the footer. The goods table is in
// lines-table.tsx. Every piece takes plain strings and lets React escape them; none takes markup.

import type { ReactNode } from "react";
import { isErasedAddress } from "../../../shared/contracts/account-deletion.ts";
import type { OrderView } from "../../../shared/contracts/orders.ts";
import { deliveryAddressOf, ORDER_FALLBACKS } from "../../../shared/rules/order-facts.ts";
import { STORE } from "../../../shared/store-info.ts";
import { UserText } from "../../markup/user-text.tsx";
import { englishLabels, type Labels } from "./document-labels.ts";
import { DOCUMENT_STYLESHEET } from "./document-stylesheet.ts";
import type { Seller } from "./gst-figures.ts";

/** A GST document as one standalone HTML5 file: inline CSS, no scripts, nothing fetched. */
export function GstDocument({ title, children }: { title: string; children: ReactNode }) {
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the stylesheet is a constant of ours; nothing anyone typed reaches it */}
        <style dangerouslySetInnerHTML={{ __html: DOCUMENT_STYLESHEET }} />
      </head>
      <body>
        <main className="sheet">{children}</main>
      </body>
    </html>
  );
}

/** The supplier's name, address, GSTIN and state with its code (Rule 46(a), Rule 53(1A)(a)). */
export function SellerBlock({ seller }: { seller: Seller }) {
  return (
    <div className="seller">
      <p className="seller-name">{seller.name}</p>
      <p className="pre">
        <UserText>{seller.address}</UserText>
      </p>
      <p>
        GSTIN: <strong>{seller.gstin}</strong>
      </p>
      <p>
        State: {seller.stateName}, State code: {seller.stateCode}
      </p>
    </div>
  );
}

export type MetaRow = [label: string, value: string];

/** Label and value rows beside the document's title: number, date, order, place of supply.
 * The place of supply may be a state as the buyer wrote it, so values are isolated. */
export function MetaTable({ rows }: { rows: readonly MetaRow[] }) {
  return (
    <table className="meta">
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>
              <UserText>{value}</UserText>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The recipient's name, delivery address, phone and email with the spec's fallbacks.
 * "Phone: Phone not provided" would say it twice, so a missing value shows the fallback alone.
 * `state` is the credit note's place of supply, printed under the address. */
export function Recipient(props: {
  heading: string;
  order: OrderView;
  state?: string;
  label?: Labels;
}) {
  const { order } = props;
  const label = props.label ?? englishLabels;
  const phone = order.phone.trim();
  const email = isErasedAddress(order.email) ? "" : order.email.trim();
  return (
    <div className="box">
      <h2>{props.heading}</h2>
      <p className="buyer-name">
        <UserText>{order.customerName.trim() || ORDER_FALLBACKS.name}</UserText>
      </p>
      <p className="pre">
        <UserText>{deliveryAddressOf(order)}</UserText>
      </p>
      {props.state !== undefined && (
        <p>
          {label(/*i18n*/ "State:")} <UserText>{props.state}</UserText>
        </p>
      )}
      <p>
        {phone ? (
          <>
            {label(/*i18n*/ "Phone:")} <UserText>{phone}</UserText>
          </>
        ) : (
          ORDER_FALLBACKS.phone
        )}
      </p>
      <p>
        {email ? (
          <>
            {label(/*i18n*/ "Email:")} <UserText>{email}</UserText>
          </>
        ) : (
          ORDER_FALLBACKS.email
        )}
      </p>
    </div>
  );
}

/** The supplier's authorised signatory signs here (Rule 46(q), Rule 49(h), Rule 53(1A)(i)). */
export function SignatureBlock({ seller }: { seller: Seller }) {
  return (
    <section className="signature">
      <p className="for">For {seller.name}</p>
      <div className="space"></div>
      <p className="role">Authorised signatory</p>
    </section>
  );
}

/** Where to ask about the document, and the shop's tagline. */
export function DocumentFooter({ seller, documentName }: { seller: Seller; documentName: string }) {
  return (
    <footer>
      <p>
        Questions about this {documentName}? Write to {STORE.supportEmail} or call {STORE.phone} (
        {STORE.supportHours}).
      </p>
      <p className="muted">
        {seller.name} · {STORE.tagline}
      </p>
    </footer>
  );
}
