import type { Config } from "../../config.ts";
import { creditNoteFileName, renderCreditNote, renderInvoice } from "../invoices/index.ts";
import {
  orderCancelledEmail,
  orderConfirmedEmail,
  orderDeliveredEmail,
  orderOutForDeliveryEmail,
  orderShortPickedEmail,
} from "./order-status-email.ts";
import type { StatusMails } from "./order-status-mails.ts";

/** The shopper's emails as an order moves, with the store's address and GST documents. */
export function statusMailsFor(config: Pick<Config, "publicUrl" | "seller">): StatusMails {
  const { publicUrl, seller } = config;
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
        creditNote: creditNote && {
          number: creditNote.number,
          fileName: creditNoteFileName(creditNote.number),
          html: renderCreditNote(creditNote, order, seller),
        },
      }),
    }),
    shortPicked: (order, { changes, refundPaise }) => ({
      to: order.email,
      ...orderShortPickedEmail(order, { publicUrl, changes, refundPaise }),
    }),
  };
}
