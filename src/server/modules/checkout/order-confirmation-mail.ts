import type { OrderView } from "../../../shared/contracts/orders.ts";
import type { Config } from "../../config.ts";
import type { OutgoingMail } from "../mail/index.ts";
import { orderLink } from "../orders/index.ts";
import { orderConfirmationEmail } from "./order-email.tsx";

/**
 * The confirmation email, with the signed link that opens the order in any browser; checkout
 * writes it to the outbox with the order.
 */
export function confirmationMailFor(config: Config, orderLinkKey: string) {
  return (order: OrderView): OutgoingMail => {
    const link = orderLink(config.publicUrl, orderLinkKey, order.orderNumber);
    return { to: order.email, ...orderConfirmationEmail(order, { link }) };
  };
}
