// Stock changes only through recorded movements; these are their kinds and the texts about them.
import { formatHarvestDay } from "./harvest-date.ts";

/** Every kind the ledger holds. The inventory manager records the first three by hand. */
export const STOCK_MOVEMENT_KINDS = [
  "receipt",
  "write_off",
  "count",
  "sale",
  "cancellation",
  "refund",
] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];

export const MANUAL_MOVEMENT_KINDS = ["receipt", "write_off", "count"] as const;
export type ManualMovementKind = (typeof MANUAL_MOVEMENT_KINDS)[number];

export const STOCK_MOVEMENT_LABELS: Record<StockMovementKind, string> = {
  receipt: "Received",
  write_off: "Written off",
  count: "Count correction",
  sale: "Sold",
  cancellation: "Order cancelled",
  refund: "Refunded",
};

export const WRITE_OFF_REASONS = ["spoiled", "damaged", "expired"] as const;
export type WriteOffReason = (typeof WRITE_OFF_REASONS)[number];

export const WRITE_OFF_REASON_LABELS: Record<WriteOffReason, string> = {
  spoiled: "Spoiled",
  damaged: "Damaged",
  expired: "Expired",
};

/**
 * One movement never moves more than this, in grams or units: a typo of extra zeros is refused,
 * not recorded (100,000 units, or 100 tonnes of a product sold by weight).
 */
export const MAX_MOVEMENT_QUANTITY = 100_000_000;

/**
 * No stock on the shelf was harvested before this day: an earlier date is a typo (0025 for 2025),
 * and year 0 is beyond the dates the ledger can store.
 */
export const EARLIEST_HARVEST_DATE = "2000-01-01";

export const STOCK_MESSAGES = {
  quantityPositive: "Quantity must be above 0 (whole grams or whole units)",
  quantityTooLarge: "Quantity is too large: please check for extra zeros",
  countedNonNegative: "Counted quantity must be a whole number, 0 or more",
  supplierRequired: "Please enter the farm or supplier",
  harvestDateInvalid: "Please enter the harvest date",
  harvestDateInFuture: "The harvest date cannot be in the future",
  harvestDateTooOld: "Please check the harvest date: it is too far in the past",
  reasonRequired: "Please choose a reason: spoiled, damaged or expired",
  unitCostInvalid: "Unit cost must be 0 or more",
  bestBeforeInvalid: "Please enter the best-before date as a date",
  bestBeforeBeforeHarvest: "The best-before date cannot be before the harvest date",
  lotInvalid: "Please choose a lot of this product",
  lotUnknown: "That lot is not a lot of this product",
  lotTooSmall: (remaining: number) =>
    `That lot holds only ${remaining}: write off or count no more than it holds.`,
  lotNotExpired: "Only a lot past its best-before date needs checking",
  lotEmpty: "That lot is empty: nothing is left to check",
  belowZero: (available: number) =>
    `Only ${available} in stock: a movement cannot take stock below zero. Count the shelf and record a count correction if the figure is wrong.`,
} as const;

/** Days of cover: how many days the stock lasts at the last 7 days' average daily sales. */
export function daysOfCover(stock: number, soldLast7Days: number): number | null {
  if (soldLast7Days <= 0) return null;
  return Math.round((stock / (soldLast7Days / 7)) * 10) / 10;
}

/** Low means at or below the manager's threshold (out of stock counts as out, not low). */
export function isLowStock(stock: number, threshold: number): boolean {
  return stock > 0 && stock <= threshold;
}

/** Where a lot came from: a receipt, or stock no receipt recorded (opening stock, counts up). */
export const LOT_SOURCES = ["receipt", "unrecorded"] as const;
export type LotSource = (typeof LOT_SOURCES)[number];

/** How a lot is named on the ledger, the pick list and the expiry list. */
export function lotLabel(lot: {
  source: LotSource;
  supplier: string | null;
  harvestedOn: string | null;
}): string {
  if (lot.source === "unrecorded") return "Unrecorded stock";
  const day = lot.harvestedOn ? `, harvested ${formatHarvestDay(lot.harvestedOn)}` : "";
  return `${lot.supplier ?? "Receipt"}${day}`;
}
