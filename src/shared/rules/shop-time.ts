import { DEFAULT_LOCALE, type Locale } from "../i18n/locales.ts";
import { MONTH_NAMES, WEEKDAY_NAMES } from "../i18n/month-names.ts";
import { isCalendarDate, SHOP_TIME_ZONE, SHOP_UTC_OFFSET_MS } from "./bulk-delivery-date.ts";

/**
 * An en-IN date formatter, made on first use: a page's first formatter costs a phone about
 * 200 ms of loading locale data, which the storefront's pages should not pay as they first draw.
 */
export function lazyFormat(options: Intl.DateTimeFormatOptions): (date: Date) => string {
  let made: Intl.DateTimeFormat | undefined;
  return (date) => {
    made ??= new Intl.DateTimeFormat("en-IN", options);
    return made.format(date);
  };
}

const SHOP_DATE_TIME = lazyFormat({
  timeZone: SHOP_TIME_ZONE,
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/** An instant as India's clock reads it, in UTC fields (India keeps +05:30 all year). */
function inIndia(instant: Date): Date {
  const india = new Date(instant.getTime() + SHOP_UTC_OFFSET_MS);
  if (Number.isNaN(india.getTime())) throw new RangeError("Invalid time value");
  return india;
}

/**
 * An instant's day and month in India: "21 Nov", "21 ନଭେମ୍ବର". Throws on an invalid date, as Intl
 * does. The month names are the store's own (month-names.ts), in every language.
 */
export function formatIndiaDayAndMonth(instant: Date, locale: Locale = DEFAULT_LOCALE): string {
  const india = inIndia(instant);
  return `${india.getUTCDate()} ${MONTH_NAMES[locale][india.getUTCMonth()]}`;
}

/** An instant's day in India: "21 Nov 2026". Throws on an invalid date, as Intl does. */
export function formatIndiaDate(instant: Date, locale: Locale = DEFAULT_LOCALE): string {
  return `${formatIndiaDayAndMonth(instant, locale)} ${inIndia(instant).getUTCFullYear()}`;
}

/** An instant's day in India, as invoices print it: "21 Nov 2026"; not a date, as it came. */
export function formatShopDate(iso: string, locale: Locale = DEFAULT_LOCALE): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : formatIndiaDate(new Date(time), locale);
}

/**
 * An instant as the shop reads it, in India time: "23 Nov 2026, 7:45 pm". Odia and Hindi write
 * their month with the same Latin digits and "am"/"pm", as Indian receipts and UPI apps do.
 */
export function formatShopDateTime(iso: string, locale: Locale = DEFAULT_LOCALE): string {
  if (locale === DEFAULT_LOCALE) return SHOP_DATE_TIME(new Date(iso));
  return `${formatIndiaDate(new Date(iso), locale)}, ${formatShopTime(iso)}`;
}

const SHOP_TIME = lazyFormat({ timeZone: SHOP_TIME_ZONE, hour: "numeric", minute: "2-digit" });

/** The time of day in India, for a moment today: "7:45 pm". */
export function formatShopTime(iso: string): string {
  return SHOP_TIME(new Date(iso));
}

/** Days the shop can have orders on: anything outside is a typing slip, not a query. */
export const ORDER_DAY_RANGE = { first: "2000-01-01", last: "2999-12-31" } as const;

/** A real calendar date within the shop's possible order days. */
export function isOrderDay(text: string): boolean {
  return isCalendarDate(text) && text >= ORDER_DAY_RANGE.first && text <= ORDER_DAY_RANGE.last;
}

const LONG_DATE = lazyFormat({
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** A calendar date ("2026-12-05") as "Saturday, 5 December 2026": the same day wherever read. */
export function formatCalendarDate(date: string, locale: Locale = DEFAULT_LOCALE): string {
  const day = new Date(`${date}T00:00:00Z`);
  if (locale === DEFAULT_LOCALE) return LONG_DATE(day);
  const weekday = WEEKDAY_NAMES[locale][day.getUTCDay()];
  return `${weekday}, ${day.getUTCDate()} ${MONTH_NAMES[locale][day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}

/** The instant an India day (YYYY-MM-DD) begins: India keeps +05:30 all year. */
export const shopDayStart = (day: string): Date => new Date(`${day}T00:00:00+05:30`);
