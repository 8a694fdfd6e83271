// A price change the shop asks about before saving: more than half up or down is more often a
// typo (₹80 → ₹1,00,000 for a kilo of guava) than a decision. One share for every place a price
// changes: the product form, the CSV import, the API and the product table's bulk change by a
// percentage.
import { formatRupees, formatRupeesBrief } from "../money.ts";
import { pricedUnitLabel } from "./measure.ts";
import { PRODUCT_FORM_LIMITS } from "./product-form.ts";

/** A change of more than this share of the old price, up or down, needs an explicit confirm. */
export const LARGE_PRICE_CHANGE_SHARE = 0.5;

/** Whether going from one price to another is a large change (needs a confirm). */
export function isLargePriceChange(fromPaise: number, toPaise: number): boolean {
  if (fromPaise <= 0) return false;
  return Math.abs(toPaise - fromPaise) > fromPaise * LARGE_PRICE_CHANGE_SHARE;
}

/** What the percentage of a bulk change may be: never to nothing, never a typo's thousandfold. */
export const PRICE_PERCENT_LIMITS = { min: -90, max: 500, decimals: 2 } as const;

/** Whether a percentage as a number is one the bulk change accepts. */
export function isPricePercent(percent: number): boolean {
  return (
    Number.isFinite(percent) &&
    percent !== 0 &&
    percent >= PRICE_PERCENT_LIMITS.min &&
    percent <= PRICE_PERCENT_LIMITS.max &&
    Math.abs(percent * 100 - Math.round(percent * 100)) < 1e-9
  );
}

/** Whether a percentage moves prices by more than the share that asks for a confirm. */
export const isLargePercent = (percent: number) =>
  Math.abs(percent) > LARGE_PRICE_CHANGE_SHARE * 100;

/**
 * The price after a change of `percent`, to the paisa. Worked in hundredths of a percent so the
 * product is a whole number, then rounded half up as the store rounds money (Math.round).
 */
export function priceAfterPercent(pricePaise: number, percent: number): number {
  const hundredths = Math.round(percent * 100);
  return Math.round((pricePaise * (10_000 + hundredths)) / 10_000);
}

/** Reads what the manager typed ("+10", "-5", "12.5", "10%") as a percentage, or undefined. */
export function parsePricePercent(text: string): number | undefined {
  const match = /^\s*([-+\u2212]?)\s*(\d{1,4}(?:\.\d{1,2})?)\s*%?\s*$/.exec(text);
  if (!match) return undefined;
  const value = Number(match[2]) * (match[1] === "-" || match[1] === "\u2212" ? -1 : 1);
  return isPricePercent(value) ? value : undefined;
}

const times = (ratio: number) =>
  ratio.toLocaleString("en-IN", { maximumFractionDigits: ratio < 10 ? 1 : 0 });

/** How the new price stands to the old: "1,250 times the old price", "70% less than the old price". */
export function priceChangeShare(fromPaise: number, toPaise: number): string {
  const ratio = toPaise / fromPaise;
  if (ratio >= 2) return `${times(ratio)} times the old price`;
  const percent = Math.round(Math.abs(ratio - 1) * 100);
  return ratio > 1 ? `${percent}% more than the old price` : `${percent}% less than the old price`;
}

/** "₹80 → ₹1,00,000 per kg: 1,250 times the old price." */
export function priceChangeSentence(fromPaise: number, toPaise: number, unit: string): string {
  return `${formatRupeesBrief(fromPaise)} → ${formatRupeesBrief(toPaise)} ${pricedUnitLabel(unit)}: ${priceChangeShare(fromPaise, toPaise)}.`;
}

export const PRICE_CHANGE_MESSAGES = {
  percentInvalid: `Type a percentage from ${PRICE_PERCENT_LIMITS.min} to +${PRICE_PERCENT_LIMITS.max}, other than 0, with at most ${PRICE_PERCENT_LIMITS.decimals} decimals: +10 raises prices by a tenth, -5 lowers them by a twentieth`,
  largeChange: `That changes prices by more than ${LARGE_PRICE_CHANGE_SHARE * 100}%: tick the box to confirm it is meant`,
  priceOutOfRange: (name: string) =>
    `${name} would cost less than ₹0.01 or more than ${formatRupees(PRODUCT_FORM_LIMITS.maxPricePaise)}: leave it out of this change`,
  /** The API's refusal of a large change the request did not confirm. */
  unconfirmed: (sentence: string) =>
    `${sentence} A change of more than half the price must be confirmed: send confirmPriceChange: true to save it.`,
  question: (sentence: string) => `${sentence} Save anyway?`,
} as const;
