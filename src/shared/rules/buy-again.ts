import type { Product } from "../catalogue.ts";
import { floorToSteps, formatQuantity } from "./measure.ts";

/** One product of an earlier order: what the shopper wanted of it (before any short pick). */
export type WantedLine = { productId: string; name: string; unit: string; wanted: number };

export type BuyAgainPlan = {
  /** In the cart's terms: today's product (today's price) and how many go in. */
  items: { product: Product; quantity: number }[];
  /** Products the order had that cannot go in now. */
  left: { productId: string; name: string; reason: "archived" | "sold_out" }[];
  /** Products that go in with fewer units than last time, because that is all there is. */
  reduced: { productId: string; name: string; unit: string; wanted: number; quantity: number }[];
};

/**
 * An earlier order's products for the cart again: today's price, never more than today's stock
 * (less what the cart already holds) or one order's cap, and without what is gone.
 * `today` has only products still sold (not archived).
 */
export function planBuyAgain(
  lines: readonly WantedLine[],
  today: ReadonlyMap<string, Product>,
  inCart: ReadonlyMap<string, number> = new Map(),
): BuyAgainPlan {
  const plan: BuyAgainPlan = { items: [], left: [], reduced: [] };
  const wanted = new Map<string, WantedLine>();
  for (const line of lines) {
    const seen = wanted.get(line.productId);
    wanted.set(line.productId, seen ? { ...seen, wanted: seen.wanted + line.wanted } : line);
  }
  for (const line of wanted.values()) {
    const product = today.get(line.productId);
    if (!product) {
      plan.left.push({ productId: line.productId, name: line.name, reason: "archived" });
      continue;
    }
    const already = inCart.get(product.id) ?? 0;
    const room = Math.max(
      0,
      floorToSteps(product, Math.min(product.stock, already + line.wanted)) - already,
    );
    if (product.stock <= 0 || (room === 0 && already === 0)) {
      plan.left.push({ productId: product.id, name: product.name, reason: "sold_out" });
      continue;
    }
    if (room > 0) plan.items.push({ product, quantity: room });
    if (room < line.wanted) {
      plan.reduced.push({
        productId: product.id,
        name: product.name,
        unit: product.unit,
        wanted: line.wanted,
        quantity: already + room,
      });
    }
  }
  return plan;
}

export const BUY_AGAIN_TEXT = {
  button: /*i18n*/ "Buy again",
  busy: /*i18n*/ "Adding…",
  added:
    /*i18n*/ "{count, plural, one {# product is in your cart again.} other {# products are in your cart again.}}",
  nothingAdded: /*i18n*/ "None of this order's products can be bought today.",
  /** `names` are the products' names, joined with commas. */
  archived: /*i18n*/ "No longer sold: {names}.",
  soldOut: /*i18n*/ "Sold out today: {names}.",
  /** With `reducedValues`. */
  reduced:
    /*i18n*/ "{name}: {quantity} in your cart (you had {wanted}; that is all we can sell you today).",
  failed: /*i18n*/ "We could not read this order again. Please try again.",
};

/**
 * The values of `BUY_AGAIN_TEXT.reduced` for a product put in with less than last time, its
 * quantities written by `quantity` (English's `formatQuantity`, or a page's words for its units).
 */
export const reducedValues = (
  line: BuyAgainPlan["reduced"][number],
  quantity: (amount: number, unit: string) => string = formatQuantity,
) => ({
  name: line.name,
  quantity: quantity(line.quantity, line.unit),
  wanted: quantity(line.wanted, line.unit),
});
