import { PRODUCT_UNITS, type Product, type ProductUnit } from "../../../shared/catalogue.ts";
import { GRAMS_PER_KG, onSteps, UNIT_STEPS } from "../../../shared/rules/measure.ts";
import { capQuantity, itemsIn } from "../../../shared/rules/order-quantity.ts";
import { priceBreakdown } from "../../../shared/rules/pricing.ts";
import { stepsOf } from "../../lib/product-quantity.ts";

/** A product and how much of it: grams for what is sold by weight, whole units otherwise. */
export type CartItem = { product: Product; quantity: number };

export type CartAction =
  | { type: "add"; product: Product; quantity: number }
  | { type: "setQuantity"; productId: string; quantity: number }
  | { type: "remove"; productId: string }
  | { type: "clear" }
  | { type: "replace"; items: CartItem[] };

/** A quantity added to the cart, on the product's steps and within one order's cap. */
const fitted = (product: Product, quantity: number) =>
  onSteps(stepsOf(product), capQuantity(quantity, product.unit));

/**
 * The spec's cart rules: adding merges into an existing line (on the product's steps); zero or
 * less removes it. A quantity set directly is the stepper's, already on the steps: only capped.
 */
export function cartReducer(items: CartItem[], action: CartAction): CartItem[] {
  switch (action.type) {
    case "add": {
      if (!(action.quantity > 0)) return items;
      const existing = items.find((item) => item.product.id === action.product.id);
      if (!existing)
        return [
          ...items,
          { product: action.product, quantity: fitted(action.product, action.quantity) },
        ];
      return items.map((item) =>
        item === existing
          ? {
              product: action.product,
              quantity: fitted(action.product, item.quantity + action.quantity),
            }
          : item,
      );
    }
    case "setQuantity":
      if (!(action.quantity > 0))
        return items.filter((item) => item.product.id !== action.productId);
      return items.map((item) =>
        item.product.id === action.productId
          ? { ...item, quantity: capQuantity(action.quantity, item.product.unit) }
          : item,
      );
    case "remove":
      return items.filter((item) => item.product.id !== action.productId);
    case "clear":
      return [];
    case "replace":
      return action.items;
  }
}

/** The header badge's count: units, and a kilo or part of one for each weighed line. */
export function cartItemCount(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + itemsIn(item.quantity, item.product.unit), 0);
}

export function cartSubtotalPaise(items: readonly CartItem[]): number {
  return priceBreakdown(
    items.map((item) => ({
      unitPricePaise: item.product.pricePaise,
      quantity: item.quantity,
      unit: item.product.unit,
      gstRateBps: item.product.gstRateBps ?? 0,
    })),
  ).subtotalPaise;
}

/**
 * Units of carts saved before products were sold by weight (a product without `step`): what one
 * of them was in today's unit, and the steps it was sold in. A kilo was a whole kilo; "500g" and
 * "100g" were packs of that many grams, priced per pack.
 */
const LEGACY_UNITS: Record<string, { unit: ProductUnit; grams: number }> = {
  kg: { unit: "kg", grams: GRAMS_PER_KG },
  "500g": { unit: "kg", grams: 500 },
  "100g": { unit: "kg", grams: 100 },
};

/** A line of a cart saved before weights, in today's terms; undefined for a unit never sold. */
function fromBeforeWeights(item: CartItem): CartItem | undefined {
  const old = item.product as Omit<Product, "unit"> & { unit: string };
  const weighed = LEGACY_UNITS[old.unit];
  if (weighed) {
    const steps = { unit: weighed.unit, step: weighed.grams, minimum: weighed.grams };
    const product: Product = {
      ...old,
      ...steps,
      // Per kilogram now, as the price of a pack of `grams` was.
      pricePaise: Math.round((old.pricePaise * GRAMS_PER_KG) / weighed.grams),
      stock: Number.isFinite(old.stock) ? old.stock * weighed.grams : 0,
    };
    return { product, quantity: onSteps(steps, item.quantity * weighed.grams) };
  }
  const unit = old.unit.toLowerCase() as ProductUnit;
  if (!(PRODUCT_UNITS as readonly string[]).includes(unit)) return undefined;
  const product: Product = { ...old, ...UNIT_STEPS, unit };
  return { product, quantity: onSteps(product, item.quantity) };
}

function isCartItem(value: unknown): value is CartItem {
  const item = value as CartItem | null;
  return (
    typeof item === "object" &&
    item !== null &&
    typeof item.product?.id === "string" &&
    typeof item.product.name === "string" &&
    typeof item.product.unit === "string" &&
    Number.isFinite(item.product.pricePaise) &&
    Number.isInteger(item.quantity) &&
    item.quantity > 0
  );
}

/** A stored line as today's cart holds it, or undefined when it cannot be read. */
function storedLine(item: CartItem): CartItem | undefined {
  if (!("step" in item.product)) return fromBeforeWeights(item);
  if (!(PRODUCT_UNITS as readonly string[]).includes(item.product.unit)) return undefined;
  const quantity = capQuantity(item.quantity, item.product.unit);
  return quantity > 0 ? { ...item, quantity } : undefined;
}

/**
 * Whatever is in storage was written by some older version or by hand: keep only sound lines,
 * and bring a cart saved before weights to grams (a kilo of it was stored as 1).
 */
export function parseStoredCart(text: string | null): CartItem[] {
  if (!text) return [];
  try {
    const value = JSON.parse(text) as unknown;
    if (!Array.isArray(value)) return [];
    return value.filter(isCartItem).flatMap((item) => {
      const line = storedLine(item);
      return line ? [line] : [];
    });
  } catch {
    return [];
  }
}
