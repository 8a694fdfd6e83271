import { MAX_LINE_QUANTITY } from "../catalogue.ts";

export type QuantityLine = { productId: string; quantity: number };

/**
 * The most of one product a shop order takes, counted after every line of that product is added
 * together: four lines of 50 bananas are 200 bananas, a bulk order, not a shop order.
 */
export const MAX_PER_ORDER = MAX_LINE_QUANTITY;

/** What a product card or a cart line says once a product reaches the cap. */
export const PER_ORDER_NOTE = `Up to ${MAX_PER_ORDER} per order`;

/** The server's refusal, naming the product so the shopper knows which line to change. */
export const overCapMessage = (productName: string) =>
  `${productName}: at most ${MAX_PER_ORDER} per order. For more, please place a bulk order.`;

/** Each product's total quantity, in the order products first appear. */
export function totalsByProduct(lines: readonly QuantityLine[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const line of lines) {
    totals.set(line.productId, (totals.get(line.productId) ?? 0) + line.quantity);
  }
  return totals;
}

/** The products whose lines add up to more than one order takes. */
export function productsOverCap(lines: readonly QuantityLine[]): string[] {
  return [...totalsByProduct(lines)]
    .filter(([, total]) => total > MAX_PER_ORDER)
    .map(([productId]) => productId);
}

/** A quantity brought down to what one order takes (whole units, never below zero). */
export const capQuantity = (quantity: number) =>
  Math.max(0, Math.min(Math.floor(quantity), MAX_PER_ORDER));
