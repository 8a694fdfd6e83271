// An event order joins the shop's orders on its day: from this hour (India time) of the event's
// date, a confirmed event order is placed on the Sales board with its quote's lines, as soon as
// the shelves hold them. Its promise is its day, not the 30-60 minutes of a shop order.
import { formatRupees } from "../money.ts";
import { addDays, SHOP_UTC_OFFSET_MS, shopDate } from "./bulk-delivery-date.ts";
import { type EventType, eventTypeText } from "./event-types.ts";
import { shopDayStart } from "./shop-time.ts";

/** Event orders reach the board at 6 am on their day, when the morning's receipts are in. */
export const EVENT_ORDER_BOARD_HOUR = 6;

/** Whether a confirmed event order for `deliveryDate` belongs on the board at `now`. */
export function eventOrderDue(deliveryDate: string, now: Date): boolean {
  const today = shopDate(now);
  if (deliveryDate < today) return true;
  if (deliveryDate > today) return false;
  const indiaHour = new Date(now.getTime() + SHOP_UTC_OFFSET_MS).getUTCHours();
  return indiaHour >= EVENT_ORDER_BOARD_HOUR;
}

/** An event order is on time until its day ends in India. */
export function eventOrderDeadline(placedAt: Date): Date {
  return shopDayStart(addDays(shopDate(placedAt), 1));
}

export const EVENT_ORDER_TEXT = {
  badge: "Event order",
  /** The order's note: what the board, the pick list and the packing slip show of the event. */
  note: (ticketId: string, eventType: EventType, advancePaise: number, balancePaise: number) =>
    `Event order ${ticketId} (${eventTypeText(eventType)}). Advance of ${formatRupees(advancePaise)} paid; ${balancePaise > 0 ? `collect ${formatRupees(balancePaise)} on delivery` : "nothing to collect"}.`,
  onBoard: (ticketId: string, orderNumber: string) =>
    `${ticketId} is on the Sales board as ${orderNumber}: it is delivered or cancelled there.`,
  waitingForStock: (ticketId: string, short: string) =>
    `Event order ${ticketId} waits for stock: ${short}. It goes to the board once the stock is received.`,
  earlyReasonRequired: "The event's day has not come: please say why it goes to the board now",
  toBoard: "Send to the Sales board",
  toBoardHint:
    "On the event's day it reaches the board by itself at 6 am, once its stock is in. Send it now if it is wanted earlier.",
  sent: (ticketId: string) => `${ticketId} is on the Sales board`,
} as const;
