import { floorToSteps, type Steps, UNIT_STEPS } from "./measure.ts";

export type CartLine = { productId: string; quantity: number };

/** A product's unit and steps; a product not known counts whole units. */
export type StepsOf = (productId: string) => Pick<Steps, "unit" | "step" | "minimum">;

export const UNKNOWN_STEPS = { unit: "each", ...UNIT_STEPS } as const;

/**
 * The cart a customer has after signing in: what they put in the cart in this browser plus what
 * their account kept from before. The same product's quantities add up, kept on its steps and at most what one
 * shop order takes. The browser's lines keep their order and the account's other lines follow,
 * so the cart on screen does not reshuffle.
 */
export function mergeCartLines(
  browser: readonly CartLine[],
  account: readonly CartLine[],
  stepsOf: StepsOf,
): CartLine[] {
  const merged = new Map<string, number>();
  for (const line of [...browser, ...account]) {
    if (!(line.quantity > 0)) continue;
    merged.set(
      line.productId,
      floorToSteps(stepsOf(line.productId), (merged.get(line.productId) ?? 0) + line.quantity),
    );
  }
  return [...merged]
    .filter(([, quantity]) => quantity > 0)
    .map(([productId, quantity]) => ({ productId, quantity }));
}
