import * as Popover from "@radix-ui/react-popover";
import { CalendarDays } from "lucide-react";
import { type CSSProperties, type Ref, useContext, useMemo, useState } from "react";
import { DayPicker } from "react-day-picker";
import { DEFAULT_LOCALE, isLocale, LOCALE_INFO } from "../../../shared/i18n/locales.ts";
import { LinguiContext } from "../../lib/i18n/react-binding.tsx";
import "react-day-picker/style.css";
import { formatCalendarDate } from "../../../shared/rules/shop-time.ts";
import { fromLocalDate, toLocalDate } from "../../lib/calendar-date.ts";
import { cn } from "../../lib/cn.ts";
import { calendarWords } from "./calendar-words.ts";

type Props = {
  id: string;
  /** The button that opens the calendar, for a form that focuses the first field in error. */
  ref?: Ref<HTMLButtonElement>;
  /** The button's name, for a plain form that finds its first field in error by name. */
  name?: string;
  label: string;
  required?: boolean;
  /** "YYYY-MM-DD", or "" while none is chosen. */
  value: string;
  onChange(value: string): void;
  /** Called when the calendar closes, so a form can mark the field as visited. */
  onClose?(): void;
  /** The open range and the day marked as today, all "YYYY-MM-DD" from the caller's own rule. */
  first: string;
  last: string;
  today: string;
  placeholder?: string;
  hint?: string;
  error?: string | undefined;
};

// Brand colours for the calendar's own stylesheet, and days small enough for a 320 px phone.
const CALENDAR_STYLE = {
  "--rdp-accent-color": "var(--color-brand-600)",
  "--rdp-accent-background-color": "var(--color-brand-50)",
  "--rdp-day-height": "40px",
  "--rdp-day-width": "40px",
  "--rdp-day_button-height": "38px",
  "--rdp-day_button-width": "38px",
} as CSSProperties;

/**
 * A date field: a button showing the chosen day that opens a calendar in a popover. Days outside
 * `first`..`last` cannot be chosen. Works with the keyboard: Enter opens it, arrows move between
 * days, Enter picks one, Escape closes it and gives the focus back to the button.
 */
export function DatePicker({
  id,
  ref,
  name,
  label,
  required,
  value,
  onChange,
  onClose,
  first,
  last,
  today,
  placeholder,
  hint,
  error,
}: Props) {
  const [open, setOpen] = useState(false);
  // The page's language for the chosen day and the shared checks' messages (English alone when
  // drawn without a translator).
  const i18n = useContext(LinguiContext)?.i18n;
  const locale = isLocale(i18n?.locale) ? i18n.locale : DEFAULT_LOCALE;
  // The calendar's month, weekdays and labels in the page's language; English keeps its own.
  const calendar = useMemo(
    () =>
      i18n && locale !== "en"
        ? { ...calendarWords(locale, i18n), lang: LOCALE_INFO[locale].htmlLang }
        : {},
    [i18n, locale],
  );
  const selected = value ? toLocalDate(value) : undefined;
  const describedBy =
    [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next) onClose?.();
  };

  return (
    <div className="space-y-1.5">
      <label id={`${id}-label`} htmlFor={id} className="block text-sm font-semibold text-ink-700">
        {label}
        {required && (
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </label>
      <Popover.Root open={open} onOpenChange={changeOpen}>
        <Popover.Trigger asChild>
          <button
            type="button"
            id={id}
            ref={ref}
            name={name}
            aria-labelledby={`${id}-label ${id}-value`}
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
            className={cn(
              "flex h-11 w-full items-center gap-3 rounded-xl border border-ink-500/30 bg-white px-4 text-left",
              "focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30",
              "aria-[invalid=true]:border-red-600",
            )}
          >
            <CalendarDays aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-600" />
            <span id={`${id}-value`} className={value ? "text-ink-900" : "text-ink-500"}>
              {value
                ? formatCalendarDate(value, locale)
                : (placeholder ?? (i18n ? i18n._("Pick a date") : "Pick a date"))}
            </span>
          </button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="start"
            sideOffset={6}
            collisionPadding={8}
            aria-label={
              i18n
                ? i18n._("Choose {label}", { label: label.toLowerCase() })
                : `Choose ${label.toLowerCase()}`
            }
            // The calendar puts the focus on the chosen (or first open) day itself.
            onOpenAutoFocus={(event) => event.preventDefault()}
            className="z-50 rounded-2xl border border-cream-200 bg-white p-3 text-ink-900 shadow-card"
          >
            <DayPicker
              mode="single"
              required
              autoFocus
              selected={selected}
              onSelect={(day) => {
                onChange(fromLocalDate(day));
                changeOpen(false);
              }}
              today={toLocalDate(today)}
              defaultMonth={selected ?? toLocalDate(first)}
              startMonth={toLocalDate(today)}
              endMonth={toLocalDate(last)}
              disabled={[{ before: toLocalDate(first) }, { after: toLocalDate(last) }]}
              style={CALENDAR_STYLE}
              {...calendar}
              footer={hint && <p className="mt-2 max-w-64 text-xs text-ink-500">{hint}</p>}
            />
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-ink-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700" role="alert">
          {i18n ? i18n._(error) : error}
        </p>
      )}
    </div>
  );
}
