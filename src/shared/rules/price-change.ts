// A price typed with a slip of the finger (₹80 → ₹1,00,000 a kilo of guava) saves like any other:
// beyond this share up or down, the form, the CSV import and the API ask to be told it is meant.
import { formatRupees } from "../money.ts";
import { pricedUnitLabel } from "./measure.ts";

/** A new price more than half above or below the old one is a large change. */
export const LARGE_PRICE_CHANGE_SHARE = 0.5;

export function isLargePriceChange(fromPaise: number, toPaise: number): boolean {
  if (fromPaise <= 0) return false;
  return Math.abs(toPaise - fromPaise) > fromPaise * LARGE_PRICE_CHANGE_SHARE;
}

/** "₹80", "₹1,00,000", "₹45.50": whole rupees without the paise. */
export function rupeesText(paise: number): string {
  return formatRupees(paise).replace(/\.00$/, "");
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
  return `${rupeesText(fromPaise)} → ${rupeesText(toPaise)} ${pricedUnitLabel(unit)}: ${priceChangeShare(fromPaise, toPaise)}.`;
}

export const PRICE_CHANGE_MESSAGES = {
  /** The API's refusal of a large change the request did not confirm. */
  unconfirmed: (sentence: string) =>
    `${sentence} A change of more than half the price must be confirmed: send confirmPriceChange: true to save it.`,
  question: (sentence: string) => `${sentence} Save anyway?`,
} as const;
