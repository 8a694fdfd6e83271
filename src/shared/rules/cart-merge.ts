import { capQuantity } from "./order-quantity.ts";

export type CartLine = { productId: string; quantity: number };

/**
 * The cart a customer has after signing in: what they put in the cart in this browser plus what
 * their account kept from before. The same product's quantities add up, capped at the most one
 * shop order takes. The browser's lines keep their order and the account's other lines follow,
 * so the cart on screen does not reshuffle.
 */
export function mergeCartLines(
  browser: readonly CartLine[],
  account: readonly CartLine[],
): CartLine[] {
  const merged = new Map<string, number>();
  for (const line of [...browser, ...account]) {
    if (!(line.quantity > 0)) continue;
    merged.set(line.productId, capQuantity((merged.get(line.productId) ?? 0) + line.quantity));
  }
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
}
