// When a bulk order can be delivered. The shop buys from farms for it, so it needs 48 hours'
// notice; days are counted in the shop's time zone, whatever the shopper's device says.

export const SHOP_TIME_ZONE = "Asia/Kolkata";

/** Today, tomorrow and every earlier day are closed: the first open day is the day after tomorrow. */
export const BULK_NOTICE_DAYS = 2;

// Made once: making a formatter costs far more than using one, and checkouts, moves and figures
// all ask for the shop's date.
const SHOP_DATE_FORMAT = new Intl.DateTimeFormat("en-CA", {
  timeZone: SHOP_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The calendar date (YYYY-MM-DD) in the shop's time zone at `now`. */
export function shopDate(now: Date): string {
  return SHOP_DATE_FORMAT.format(now);
}

/** `date` (YYYY-MM-DD) moved by whole days. */
export function addDays(date: string, days: number): string {
  const moved = new Date(`${date}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
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
