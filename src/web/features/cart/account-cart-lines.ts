import type { Product } from "../../../shared/catalogue.ts";
import type { CartLine } from "../../../shared/rules/cart-merge.ts";

/** A product's unit, for the cap of one order in grams or units. */
type UnitOf = (productId: string) => string;

import { maxPerOrder } from "../../../shared/rules/measure.ts";
import type { CartItem } from "./cart-state.ts";

export const toLines = (items: readonly CartItem[]): CartLine[] =>
  items.map((item) => ({ productId: item.product.id, quantity: item.quantity }));

/** The same for two carts with the same products in the same quantities, in any order. */
export function linesKey(lines: readonly CartLine[]): string {
  return JSON.stringify(
    lines.map((line) => [line.productId, line.quantity]).sort(([a], [b]) => (a! < b! ? -1 : 1)),
  );
}

const quantities = (lines: readonly CartLine[]) =>
  new Map(lines.map((line) => [line.productId, line.quantity]));

/**
 * The account's answer to `sent`, with whatever the shopper changed on screen while it was on
 * its way (`sent` became `current`) applied on top, so no tap is lost. A line removed meanwhile
 * stays removed. Lines keep the order on screen; the account's others follow. No line goes past
 * one order's cap for its unit (grams or units).
 */
export function rebaseLines(
  answer: readonly CartLine[],
  sent: readonly CartLine[],
  current: readonly CartLine[],
  unitOf: UnitOf,
): CartLine[] {
  const [answered, before, now] = [quantities(answer), quantities(sent), quantities(current)];
  const result: CartLine[] = [];
  for (const productId of new Set([...now.keys(), ...answered.keys()])) {
    if (before.has(productId) && !now.has(productId)) continue;
    const change = (now.get(productId) ?? 0) - (before.get(productId) ?? 0);
    const quantity = Math.min(
      (answered.get(productId) ?? 0) + change,
      maxPerOrder(unitOf(productId)),
    );
    if (quantity > 0) result.push({ productId, quantity });
  }
  return result;
}

/** Lines as cart items; a product the catalogue no longer lists cannot be shown and is left out. */
export function toCartItems(
  lines: readonly CartLine[],
  productOf: (id: string) => Product | undefined,
): CartItem[] {
  return lines.flatMap((line) => {
    const product = productOf(line.productId);
    return product ? [{ product, quantity: line.quantity }] : [];
  });
}
