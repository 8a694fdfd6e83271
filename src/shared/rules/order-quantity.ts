import { formatQuantity, isWeighed, MEASURE_MESSAGES, maxPerOrder } from "./measure.ts";

export type QuantityLine = { productId: string; quantity: number };

/** What a product card or a cart line says once a product reaches the cap. */
export const perOrderNote = (unit: string) =>
  `Up to ${formatQuantity(maxPerOrder(unit), unit)} per order`;

/** The server's refusal, naming the product so the shopper knows which line to change. */
export const overCapMessage = (productName: string, unit: string) =>
  MEASURE_MESSAGES.overCap({ name: productName, unit });

/** Each product's total quantity, in the order products first appear. */
export function totalsByProduct(lines: readonly QuantityLine[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const line of lines) {
    totals.set(line.productId, (totals.get(line.productId) ?? 0) + line.quantity);
  }
  return totals;
}

/**
 * The products whose lines add up to more than one order takes, counted after every line of the
 * product is added together: four lines of 50 bananas are 200 bananas, a bulk order.
 */
export function productsOverCap(
  lines: readonly QuantityLine[],
  unitOf: (productId: string) => string,
): string[] {
  return [...totalsByProduct(lines)]
    .filter(([productId, total]) => total > maxPerOrder(unitOf(productId)))
    .map(([productId]) => productId);
}

/** A quantity brought down to what one order takes (whole grams or units, never below zero). */
export const capQuantity = (quantity: number, unit: string) =>
  Math.max(0, Math.min(Math.floor(quantity), maxPerOrder(unit)));

/** A line as the cash caps and the cart's badge count it: a kilo or part of one is one item. */
export const itemsIn = (quantity: number, unit: string) =>
  isWeighed(unit) ? Math.ceil(quantity / 1000) : quantity;
