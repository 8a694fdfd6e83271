// The words of staff alerts: the notification's line and the digest email's, in one place.
import { formatRupees } from "../money.ts";

export const ALERT_TEXT = {
  newOrder: (orderNumber: string, totalPaise: number) =>
    `New order ${orderNumber}, ${formatRupees(totalPaise)}: waiting to be confirmed`,
  atRisk: (orderNumber: string, minutes: number) =>
    `${orderNumber} is at risk of being late: placed ${minutes} minutes ago and not yet out for delivery`,
  refundRequest: (orderNumber: string, ticket: string) =>
    `Refund requested for ${orderNumber} from ticket ${ticket}`,
  ticketDueSoon: (reference: string, overdue: boolean) =>
    overdue
      ? `Ticket ${reference} is past its 24-hour reply promise`
      : `Ticket ${reference} needs a reply soon: its 24-hour promise is near`,
  newBulkRequest: (ticketId: string, eventDate: string) =>
    `New bulk request ${ticketId} for an event on ${eventDate}: waiting for review`,
} as const;

/** The tab's title with what waits: "(3) Sales Manager". */
export function titleWithCount(title: string, waiting: number): string {
  return waiting > 0 ? `(${waiting > 99 ? "99+" : waiting}) ${title}` : title;
}
