import { isCalendarDate, SHOP_TIME_ZONE } from "./bulk-delivery-date.ts";

const SHOP_DATE_TIME = new Intl.DateTimeFormat("en-IN", {
  timeZone: SHOP_TIME_ZONE,
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/** An instant as the shop reads it, in India time: "23 Nov 2026, 7:45 pm". */
export function formatShopDateTime(iso: string): string {
  return SHOP_DATE_TIME.format(new Date(iso));
}

/** Days the shop can have orders on: anything outside is a typing slip, not a query. */
export const ORDER_DAY_RANGE = { first: "2000-01-01", last: "2999-12-31" } as const;

/** A real calendar date within the shop's possible order days. */
export function isOrderDay(text: string): boolean {
  return isCalendarDate(text) && text >= ORDER_DAY_RANGE.first && text <= ORDER_DAY_RANGE.last;
}
