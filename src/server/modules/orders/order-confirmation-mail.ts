import type { OrderView } from "../../../shared/contracts/orders.ts";
import type { Config } from "../../config.ts";
import { renderInvoice } from "../invoices/invoice-document.tsx";
import type { OutgoingMail } from "../mail/outbox.ts";
import { orderConfirmationEmail } from "./order-email.tsx";

/** The confirmation email with the proforma invoice attached (the order has no invoice serial
 * yet: that comes at dispatch); checkout writes it to the outbox with the order. */
export function confirmationMailFor(config: Config) {
  return (order: OrderView): OutgoingMail => {
    const invoiceHtml = renderInvoice(order, config.seller);
    const email = orderConfirmationEmail(order, { publicUrl: config.publicUrl, invoiceHtml });
    return { to: order.email, ...email };
  };
}
