import { isCalendarDate, SHOP_TIME_ZONE } from "./bulk-delivery-date.ts";

const SHOP_DATE_TIME = new Intl.DateTimeFormat("en-IN", {
  timeZone: SHOP_TIME_ZONE,
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** India Standard Time is UTC+5:30 all year (no daylight saving). */
const IST_OFFSET_MS = 330 * 60 * 1000;

/** An instant's day in India, as invoices print it: "21 Nov 2026". ICU spells September
 * "Sept" for en-IN, so the month names are ours. */
export function formatShopDate(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const ist = new Date(time + IST_OFFSET_MS);
  return `${ist.getUTCDate()} ${MONTHS[ist.getUTCMonth()]} ${ist.getUTCFullYear()}`;
}

/** An instant as the shop reads it, in India time: "23 Nov 2026, 7:45 pm". */
export function formatShopDateTime(iso: string): string {
  return SHOP_DATE_TIME.format(new Date(iso));
}

const SHOP_TIME = new Intl.DateTimeFormat("en-IN", {
  timeZone: SHOP_TIME_ZONE,
  hour: "numeric",
  minute: "2-digit",
});

/** The time of day in India, for a moment today: "7:45 pm". */
export function formatShopTime(iso: string): string {
  return SHOP_TIME.format(new Date(iso));
}

/** Days the shop can have orders on: anything outside is a typing slip, not a query. */
export const ORDER_DAY_RANGE = { first: "2000-01-01", last: "2999-12-31" } as const;

/** A real calendar date within the shop's possible order days. */
export function isOrderDay(text: string): boolean {
  return isCalendarDate(text) && text >= ORDER_DAY_RANGE.first && text <= ORDER_DAY_RANGE.last;
}

const LONG_DATE = new Intl.DateTimeFormat("en-IN", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** A calendar date ("2026-12-05") as "Saturday, 5 December 2026": the same day wherever read. */
export function formatCalendarDate(date: string): string {
  return LONG_DATE.format(new Date(`${date}T00:00:00Z`));
}

/** The instant an India day (YYYY-MM-DD) begins: India keeps +05:30 all year. */
export const shopDayStart = (day: string): Date => new Date(`${day}T00:00:00+05:30`);
