// Shoppers read a harvest date as the day in India, where the farms are, wherever their device is.
import { shopDate } from "./bulk-delivery-date.ts";
import { formatIndiaDate, formatIndiaDayAndMonth } from "./shop-time.ts";

/** A calendar date ("2026-11-21") or a moment, as the instant it names in India. */
function asIndiaInstant(date: string): Date {
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T12:00:00+05:30` : date);
}

/** "21 Nov": the short form on cards and cart lines, where the date is always recent. */
export function formatHarvestDay(date: string): string {
  return formatIndiaDayAndMonth(asIndiaInstant(date));
}

/** "21 Nov 2026": the full form for the back office's ledger. */
export function formatIndiaDay(date: string): string {
  return formatIndiaDate(asIndiaInstant(date));
}

const DAY_MS = 86_400_000;

/**
 * "Harvested today", "Harvested yesterday", "Harvested 3 days ago" within a week (India days),
 * then "Harvested 21 Nov"; undefined when the product has no recorded harvest.
 */
export function harvestedLabel(
  date: string | null | undefined,
  now: Date = new Date(),
): string | undefined {
  if (!date) return undefined;
  const instant = asIndiaInstant(date);
  if (Number.isNaN(instant.getTime())) return undefined;
  const days = Math.round(
    (asIndiaInstant(shopDate(now)).getTime() - asIndiaInstant(shopDate(instant)).getTime()) /
      DAY_MS,
  );
  if (days <= 0) return "Harvested today";
  if (days === 1) return "Harvested yesterday";
  if (days < 7) return `Harvested ${days} days ago`;
  return `Harvested ${formatHarvestDay(date)}`;
}
