import { useMemo } from "react";
import { useCart } from "./cart-context.tsx";
import { useAddToCart } from "./use-add-to-cart.ts";

/**
 * What the shop's product cards need of the cart, for the page that shows them to hand in: how
 * many of each product it holds, and the Add button's action, the same function for the page's
 * life (a new one would draw every card again).
 */
export function useCartForCards() {
  const { items } = useCart();
  const add = useAddToCart();
  const quantities = useMemo(
    () => new Map(items.map((item) => [item.product.id, item.quantity])),
    [items],
  );
  return { quantities, add };
}
