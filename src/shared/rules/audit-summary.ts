// What an edit of a product changed, as lines a person reads on a dashboard: "Price: ₹80.00 →
// ₹95.00". Only the form's fields have a label; bookkeeping (version, archive time, photo hash)
// is never shown, as the archive and photo have their own sentences.
import { CATEGORY_NAMES, type CategoryId } from "../catalogue.ts";
import { formatRupees } from "../money.ts";
import { formatQuantity } from "./measure.ts";
import { gstRateLabel } from "./product-form.ts";

/** The one table of product fields as the dashboard names them, in the form's order. */
export const PRODUCT_FIELD_LABELS = {
  name: "Name",
  category: "Category",
  description: "Description",
  unit: "Unit",
  pricePaise: "Price",
  gstRateBps: "GST",
  hsnCode: "HSN code",
  shelfLocation: "Shelf location",
  organic: "Organic",
  local: "Local",
  inSeason: "In season",
  featured: "Featured",
  lowStockThreshold: "Low-stock alert",
  step: "Sold in steps of",
  minimum: "Least per order",
  stock: "Stock",
} as const;
type ProductField = keyof typeof PRODUCT_FIELD_LABELS;

export const CHANGE_TEXT = {
  line: (label: string, before: string, after: string) => `${label}: ${before} → ${after}`,
  /** A value too long for a line, or one that cannot be read without its unit. */
  changed: (label: string) => `${label} changed`,
  none: "none",
  yes: "Yes",
  no: "No",
  more: (count: number) => (count === 1 ? "1 more change" : `${count} more changes`),
} as const;

/** A dashboard line shows this many details; the rest are counted. */
export const MAX_DETAILS = 4;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Quantities are grams or units: without the unit a number would mislead, so it is not shown. */
const QUANTITY_FIELDS: readonly ProductField[] = ["lowStockThreshold", "step", "minimum", "stock"];

function shown(field: ProductField, value: unknown, unit: string | undefined): string | undefined {
  if (value === undefined || value === null || value === "") return CHANGE_TEXT.none;
  if (typeof value === "boolean") return value ? CHANGE_TEXT.yes : CHANGE_TEXT.no;
  if (field === "description") return undefined;
  if (typeof value === "number") {
    if (field === "pricePaise") return formatRupees(value);
    if (field === "gstRateBps") return gstRateLabel(value);
    if (QUANTITY_FIELDS.includes(field)) return unit ? formatQuantity(value, unit) : undefined;
  }
  if (field === "category" && typeof value === "string") {
    return CATEGORY_NAMES[value as CategoryId] ?? value;
  }
  return typeof value === "string" || typeof value === "number" ? String(value) : undefined;
}

/**
 * The labelled fields recorded on both sides that differ, one line each, in the table's order.
 * Quantities read in the unit the product had after the change.
 */
export function productChanges(before: unknown, after: unknown): string[] {
  const was = isRecord(before) ? before : {};
  const now = isRecord(after) ? after : {};
  const unit = [now.unit, was.unit].find((value): value is string => typeof value === "string");
  const lines: string[] = [];
  for (const field of Object.keys(PRODUCT_FIELD_LABELS) as ProductField[]) {
    // A fact on one side only is context (the name beside an imported price), not a change.
    if (!(field in was) || !(field in now)) continue;
    if (JSON.stringify(was[field]) === JSON.stringify(now[field])) continue;
    const label = PRODUCT_FIELD_LABELS[field];
    const from = shown(field, was[field], unit);
    const to = shown(field, now[field], unit);
    lines.push(
      from === undefined || to === undefined
        ? CHANGE_TEXT.changed(label)
        : CHANGE_TEXT.line(label, from, to),
    );
  }
  return lines;
}

/** At most MAX_DETAILS lines: the last says how many more there were. */
export function capDetails(lines: readonly string[]): string[] {
  if (lines.length <= MAX_DETAILS) return [...lines];
  const kept = lines.slice(0, MAX_DETAILS - 1);
  return [...kept, CHANGE_TEXT.more(lines.length - kept.length)];
}
