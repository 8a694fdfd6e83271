import { useCallback } from "react";
import type { OrderView } from "../../../shared/contracts/orders.ts";
import { useCart } from "../cart/cart-context.tsx";

/**
 * Empties the cart once the order it became is paid (or will be paid in cash), as checkout does;
 * a cart the shopper has changed since is a new one, and stays.
 */
export function useClearPaidCart() {
  const { items, clearCart } = useCart();
  return useCallback(
    (order: OrderView) => {
      // What was ordered, not what was packed: the cart held the order as it was placed.
      const ordered = new Map(
        order.lines.map((line) => [line.productId, line.orderedQuantity ?? line.quantity]),
      );
      const same =
        items.length === ordered.size &&
        items.every((item) => ordered.get(item.product.id) === item.quantity);
      if (same) clearCart();
    },
    [items, clearCart],
  );
}
