import type { OrderView } from "../../../shared/contracts/orders.ts";
import type { Config } from "../../config.ts";
import {
  type CreditNoteDocument,
  creditNoteFileName,
  renderCreditNote,
  renderInvoice,
} from "../invoices/index.ts";
import {
  orderCancelledEmail,
  orderConfirmedEmail,
  orderDeliveredEmail,
  orderOutForDeliveryEmail,
  orderRefundedEmail,
  orderShortPickedEmail,
} from "./order-status-email.ts";
import type { StatusMails } from "./order-status-mails.ts";

/** The shopper's emails as an order moves, with the store's address and GST documents. */
export function statusMailsFor(config: Pick<Config, "publicUrl" | "seller">): StatusMails {
  const { publicUrl, seller } = config;
  const attached = (note: CreditNoteDocument, order: OrderView) => ({
    number: note.number,
    fileName: creditNoteFileName(note.number),
    html: renderCreditNote(note, order, seller),
  });
  return {
    confirmed: (order) => ({ to: order.email, ...orderConfirmedEmail(order, { publicUrl }) }),
    outForDelivery: (order) => ({
      to: order.email,
      ...orderOutForDeliveryEmail(order, { publicUrl, invoiceHtml: renderInvoice(order, seller) }),
    }),
    delivered: (order) => ({ to: order.email, ...orderDeliveredEmail(order, { publicUrl }) }),
    cancelled: (order, { reasonLabel, refundPaise, creditNote }) => ({
      to: order.email,
      ...orderCancelledEmail(order, {
        publicUrl,
        reasonLabel,
        refundPaise,
        creditNote: creditNote && attached(creditNote, order),
      }),
    }),
    shortPicked: (order, { changes, refundPaise }) => ({
      to: order.email,
      ...orderShortPickedEmail(order, { publicUrl, changes, refundPaise }),
    }),
    refunded: (order, { creditNote, ...refund }) => ({
      to: order.email,
      ...orderRefundedEmail(order, { publicUrl, refund, creditNote: attached(creditNote, order) }),
    }),
  };
}
