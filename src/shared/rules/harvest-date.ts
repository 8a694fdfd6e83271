// Shoppers read a harvest date as the day in India, where the farms are, wherever their device is.
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

/** "Harvested 21 Nov", or undefined when the product has no recorded harvest. */
export function harvestedLabel(date: string | null | undefined): string | undefined {
  if (!date) return undefined;
  const instant = asIndiaInstant(date);
  return Number.isNaN(instant.getTime()) ? undefined : `Harvested ${formatHarvestDay(date)}`;
}
