// Produce sold by weight is weighed again when packed: the scale rarely reads exactly what was
// ordered. Within the shop's tolerance the shopper pays for what was packed; beyond it above,
// the line is capped at the tolerance (never more than the shopper agreed to); a payment taken
// before packing is never charged more, only refunded what was packed less.
import { fill } from "../i18n/fill.ts";
import { formatQuantity, isWeighed } from "./measure.ts";

/** The shop's tolerance when none is set (WEIGHT_TOLERANCE_PERCENT): ±10%. */
export const DEFAULT_WEIGHT_TOLERANCE_PERCENT = 10;
/** A tolerance beyond this is a typo: half as much again is not "about what was ordered". */
export const MAX_WEIGHT_TOLERANCE_PERCENT = 50;

export type PackedLine = { unit: string; ordered: number; packed: number };

/** The most a weighed line may be charged for once packed, in grams. */
export function weightCeiling(ordered: number, tolerancePercent: number): number {
  return Math.floor((ordered * (100 + tolerancePercent)) / 100);
}

/** The least a weighed line may be packed without a reason, in grams. */
export function weightFloor(ordered: number, tolerancePercent: number): number {
  return Math.ceil((ordered * (100 - tolerancePercent)) / 100);
}

/**
 * What a packed line is charged for: what was packed, but a weighed line never above the
 * tolerance, and never above what was ordered when the payment was taken before packing.
 */
export function chargedQuantity(
  line: PackedLine,
  tolerancePercent: number,
  paidBeforePacking: boolean,
): number {
  if (!isWeighed(line.unit)) return Math.min(line.packed, line.ordered);
  const ceiling = paidBeforePacking ? line.ordered : weightCeiling(line.ordered, tolerancePercent);
  return Math.min(line.packed, ceiling);
}

/** Packed short enough that the packer must say why (any unit short; a weight beyond tolerance). */
export function needsShortReason(line: PackedLine, tolerancePercent: number): boolean {
  return isWeighed(line.unit)
    ? line.packed < weightFloor(line.ordered, tolerancePercent)
    : line.packed < line.ordered;
}

/**
 * A reading above this many times what was ordered is a slip of the finger ("10" for 1.0 kg),
 * not a heavy bag: the packer weighs again rather than the shelf losing the difference.
 */
export const MOST_PACKED_PER_ORDERED = 2;

/** More than ordered can be packed only of what is weighed, and not beyond twice as much. */
export const overPackAllowed = (line: PackedLine) =>
  line.packed <= (isWeighed(line.unit) ? line.ordered * MOST_PACKED_PER_ORDERED : line.ordered);

/** PACKED_TEXT.quantitiesText, named for `quantities` to fill before the object is made. */
const PACKED_QUANTITIES = /*i18n*/ "{ordered} ordered, {packed} packed";

export const PACKED_TEXT = {
  /** "1 kg ordered, 1.04 kg packed", in each language's words (the mails'). */
  quantitiesText: PACKED_QUANTITIES,
  /** `quantitiesText` in English. */
  quantities: (unit: string, ordered: number, packed: number) =>
    fill(PACKED_QUANTITIES, {
      ordered: formatQuantity(ordered, unit),
      packed: formatQuantity(packed, unit),
    }),
  /**
   * A packed line as the shopper's order page says it, its quantities in the page's words:
   * "Tomatoes 1 kg ordered, 1.04 kg packed".
   */
  line: /*i18n*/ "{name} {ordered} ordered, {packed} packed",
  /** `line` in English (the staff's packing): "Tomatoes 1 kg ordered, 1.04 kg packed". */
  orderedAndPacked: (name: string, unit: string, ordered: number, packed: number) =>
    fill(PACKED_TEXT.line, {
      name,
      ordered: formatQuantity(ordered, unit),
      packed: formatQuantity(packed, unit),
    }),
  /** Said beside a prepaid line packed heavier than ordered. */
  extraFree: /*i18n*/ "The extra weight is on us: you paid for what you ordered.",
  tooMuch: (name: string, ordered: number) => `${name}: pack at most the ${ordered} ordered.`,
  weighAgain: (name: string, unit: string, ordered: number, packed: number) =>
    `${name}: ${formatQuantity(packed, unit)} is more than twice the ${formatQuantity(ordered, unit)} ordered. Please weigh it again.`,
} as const;
