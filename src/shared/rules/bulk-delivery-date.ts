// When a bulk order can be delivered. The shop buys from farms for it, so it needs 48 hours'
// notice; days are counted in the shop's time zone, whatever the shopper's device says.

export const SHOP_TIME_ZONE = "Asia/Kolkata";

/** Today, tomorrow and every earlier day are closed: the first open day is the day after tomorrow. */
export const BULK_NOTICE_DAYS = 2;

/** India has kept UTC+05:30 all year since 1945: no daylight saving to look up. */
export const SHOP_UTC_OFFSET_MS = 330 * 60 * 1000;

/**
 * The calendar date (YYYY-MM-DD) in the shop's time zone at `now`. Worked out from the fixed
 * offset rather than with Intl: a page's first date formatter costs a phone about 200 ms of
 * loading locale data, and the shop page needs this one as it first draws.
 */
export function shopDate(now: Date): string {
  return new Date(now.getTime() + SHOP_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

/** `date` (YYYY-MM-DD) moved by whole days. */
export function addDays(date: string, days: number): string {
  const moved = new Date(`${date}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

/** Delivered at `now`, before the event's own India day (YYYY-MM-DD): staff must say why. */
export function deliveredBeforeEvent(deliveryDate: string, now: Date): boolean {
  return shopDate(now) < deliveryDate;
}

export function earliestBulkDeliveryDate(now: Date = new Date()): string {
  return addDays(shopDate(now), BULK_NOTICE_DAYS);
}

/** A real calendar date, not 2026-02-31. */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const parsed = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === text;
}

/** How far ahead a request may be: a year, beyond which no farm price means anything. */
export const BULK_MAX_DAYS_AHEAD = 366;

export function latestBulkDeliveryDate(now: Date = new Date()): string {
  return addDays(shopDate(now), BULK_MAX_DAYS_AHEAD);
}

/** What is wrong with a requested delivery date, if anything. */
export function bulkDeliveryDateProblem(
  date: string,
  now: Date = new Date(),
): "invalid" | "too_soon" | "too_far" | undefined {
  if (!isCalendarDate(date)) return "invalid";
  if (date < earliestBulkDeliveryDate(now)) return "too_soon";
  if (date > latestBulkDeliveryDate(now)) return "too_far";
  return undefined;
}
