// The date picker's month grid in Odia and Hindi (decision 56): its caption, weekday heads and
// the labels a screen reader says, from the store's own month and weekday names rather than a
// date-fns locale (a page's JavaScript stays small, and the grid says the dates as the rest of
// the page writes them, in Latin digits). English keeps react-day-picker's own words.

import type { DayPickerProps } from "react-day-picker";
import type { Locale } from "../../../shared/i18n/locales.ts";
import { MONTH_NAMES, WEEKDAY_NAMES } from "../../../shared/i18n/month-names.ts";
import type { I18n } from "../../../shared/i18n/translator.ts";
import { formatCalendarDate } from "../../../shared/rules/shop-time.ts";
import { fromLocalDate } from "../../lib/calendar-date.ts";

/** The grid's weekday heads, Sunday first: each the store's weekday name without its "day". */
export const WEEKDAY_HEADS: Record<Exclude<Locale, "en">, readonly string[]> = {
  or: ["ରବି", "ସୋମ", "ମଙ୍ଗଳ", "ବୁଧ", "ଗୁରୁ", "ଶୁକ୍ର", "ଶନି"],
  hi: ["रवि", "सोम", "मंगल", "बुध", "गुरु", "शुक्र", "शनि"],
};

type CalendarWords = Pick<DayPickerProps, "formatters" | "labels">;

/** The grid's words in `locale`, for DayPicker's `formatters` and `labels`. */
export function calendarWords(locale: Exclude<Locale, "en">, i18n: I18n): CalendarWords {
  // The grid's days are midnight on the device (calendar-date.ts).
  const monthAndYear = (month: Date) =>
    `${MONTH_NAMES[locale][month.getMonth()]} ${month.getFullYear()}`;
  const dayLabel = (date: Date, today: boolean | undefined) => {
    const day = formatCalendarDate(fromLocalDate(date), locale);
    return today ? i18n._("Today, {date}", { date: day }) : day;
  };
  return {
    formatters: {
      formatCaption: monthAndYear,
      formatWeekdayName: (weekday) => WEEKDAY_HEADS[locale][weekday.getDay()] ?? "",
    },
    labels: {
      labelGrid: monthAndYear,
      labelWeekday: (weekday) => WEEKDAY_NAMES[locale][weekday.getDay()] ?? "",
      labelPrevious: () => i18n._("Go to the Previous Month"),
      labelNext: () => i18n._("Go to the Next Month"),
      labelDayButton: (date, modifiers) => {
        const label = dayLabel(date, modifiers.today);
        return modifiers.selected ? i18n._("{date}, selected", { date: label }) : label;
      },
      labelGridcell: (date, modifiers) => dayLabel(date, modifiers?.today),
    },
  };
}
