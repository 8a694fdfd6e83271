import type { OrderView } from "../../../shared/contracts/orders.ts";
import type { CreditNoteDocument } from "../invoices/index.ts";
import type { OutgoingMail } from "../mail/index.ts";

/** What a refund after delivery gave back, as its email tells it. */
export type RefundMailDetails = {
  lines: { name: string; unit: string; quantity: number; totalPaise: number }[];
  deliveryFeePaise: number;
  totalPaise: number;
  reasonLabel: string;
  /** A cash order's refund: how it was paid back; undefined when it goes back through the provider. */
  paidBackBy: string | undefined;
  creditNote: CreditNoteDocument;
};

/**
 * A line packed otherwise than ordered: what was ordered and is now charged (grams or units), the
 * scale's reading for a weighed line, and whether it was short for a reason (not just weighed).
 */
export type ShortPickChange = {
  name: string;
  unit: string;
  ordered: number;
  supplied: number;
  packed: number | null;
  short: boolean;
};

/** The emails a shopper gets as their order moves; each goes to the outbox with the move. */
export type StatusMails = {
  confirmed(order: OrderView): OutgoingMail;
  outForDelivery(order: OrderView): OutgoingMail;
  delivered(order: OrderView): OutgoingMail;
  cancelled(
    order: OrderView,
    details: { reasonLabel: string; refundPaise: number; creditNote?: CreditNoteDocument },
  ): OutgoingMail;
  shortPicked(
    order: OrderView,
    details: { changes: ShortPickChange[]; refundPaise: number },
  ): OutgoingMail;
  refunded(order: OrderView, details: RefundMailDetails): OutgoingMail;
};
