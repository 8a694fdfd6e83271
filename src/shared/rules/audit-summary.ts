/**
 * How an audit entry reads to a person: which fields changed, from what to what. Values are
 * shown as they were recorded; objects and lists are shortened so a line stays a line.
 */
export type AuditChange = { field: string; before: string; after: string };

import { formatRupees } from "../money.ts";

const MAX_VALUE_CHARS = 60;
/** Money is recorded in paise under a name ending in `Paise`, and read in rupees. */
const MONEY_FIELD = /Paise$/;

function shown(value: unknown, field = ""): string {
  if (value === undefined || value === null || value === "") return "—";
  if (MONEY_FIELD.test(field) && typeof value === "number") return formatRupees(value);
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}…` : text;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Field words for people: `lowStockThreshold` reads "low stock threshold". */
export function fieldLabel(field: string): string {
  return field
    .replace(MONEY_FIELD, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .toLowerCase();
}

/** The fields that differ between before and after (all of them for a creation or removal). */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  if (!isRecord(before) && !isRecord(after)) {
    if (JSON.stringify(before) === JSON.stringify(after)) return [];
    return [{ field: "value", before: shown(before), after: shown(after) }];
  }
  const was = isRecord(before) ? before : {};
  const now = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return fields
    .filter((field) => JSON.stringify(was[field]) !== JSON.stringify(now[field]))
    .map((field) => ({
      field: fieldLabel(field),
      before: shown(was[field], field),
      after: shown(now[field], field),
    }));
}

/** `product.update` reads "product update"; `stock.write_off` reads "stock write off". */
export function actionLabel(action: string): string {
  return fieldLabel(action.replace(/\./g, " "));
}
