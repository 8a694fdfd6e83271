import { MAX_LINE_QUANTITY, type Product } from "../../../shared/catalogue.ts";
import { capQuantity } from "../../../shared/rules/order-quantity.ts";

export { MAX_LINE_QUANTITY };

export type CartItem = { product: Product; quantity: number };

export type CartAction =
  | { type: "add"; product: Product; quantity: number }
  | { type: "setQuantity"; productId: string; quantity: number }
  | { type: "remove"; productId: string }
  | { type: "clear" }
  | { type: "replace"; items: CartItem[] };

/** The spec's cart rules: adding merges into an existing line; zero or less removes it. */
export function cartReducer(items: CartItem[], action: CartAction): CartItem[] {
  switch (action.type) {
    case "add": {
      if (!(action.quantity > 0)) return items;
      const existing = items.find((item) => item.product.id === action.product.id);
      if (!existing)
        return [...items, { product: action.product, quantity: capQuantity(action.quantity) }];
      return items.map((item) =>
        item === existing
          ? { product: action.product, quantity: capQuantity(item.quantity + action.quantity) }
          : item,
      );
    }
    case "setQuantity":
      if (!(action.quantity > 0))
        return items.filter((item) => item.product.id !== action.productId);
      return items.map((item) =>
        item.product.id === action.productId
          ? { ...item, quantity: capQuantity(action.quantity) }
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

export function cartItemCount(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

export function cartSubtotalPaise(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.product.pricePaise * item.quantity, 0);
}

function isCartItem(value: unknown): value is CartItem {
  const item = value as CartItem | null;
  return (
    typeof item === "object" &&
    item !== null &&
    typeof item.product?.id === "string" &&
    typeof item.product.name === "string" &&
    Number.isFinite(item.product.pricePaise) &&
    Number.isInteger(item.quantity) &&
    item.quantity > 0
  );
}

/** Whatever is in storage was written by some older version or by hand: keep only sound lines. */
export function parseStoredCart(text: string | null): CartItem[] {
  if (!text) return [];
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value)
      ? value.filter(isCartItem).map((item) => ({ ...item, quantity: capQuantity(item.quantity) }))
      : [];
  } catch {
    return [];
  }
}
