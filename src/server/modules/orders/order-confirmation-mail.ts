import type { OrderView } from "../../../shared/contracts/orders.ts";
import type { Config } from "../../config.ts";
import type { Transaction } from "../../db/client.ts";
import { renderInvoice } from "../invoices/render-invoice.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { orderConfirmationEmail } from "./order-email.ts";

/** Queues the confirmation email, invoice attached, in the order's own transaction. */
export function queueConfirmationMail(config: Config) {
  return async (tx: Transaction, order: OrderView) => {
    const invoiceHtml = renderInvoice(order, config.seller);
    const email = orderConfirmationEmail(order, { publicUrl: config.publicUrl, invoiceHtml });
    await enqueueMail(tx, { to: order.email, ...email });
  };
}
