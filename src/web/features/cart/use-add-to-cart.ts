import { useCallback } from "react";
import type { Product } from "../../../shared/catalogue.ts";
import { formatQuantity, isWeighed } from "../../../shared/rules/measure.ts";
import { toast } from "../../components/toasts.tsx";
import { priceLabel, quantityAndPrice, stepsOf } from "../../lib/product-quantity.ts";
import { useNavigate } from "../../lib/router/index.ts";
import { useCartActions } from "./cart-context.tsx";

/** Adds to the cart and says so, with the spec's toast and its View Cart action. */
export function useAddToCart() {
  const { addItem } = useCartActions();
  const navigate = useNavigate();
  return useCallback(
    (product: Product, quantity = stepsOf(product).minimum) => {
      addItem(product, quantity);
      const weighed = isWeighed(product.unit);
      // "Added 500 g Tomatoes", with what it costs; "Added 1 Kiwi", with the price of one.
      const how = weighed ? formatQuantity(quantity, product.unit) : String(quantity);
      toast.success(`Added ${how} ${product.name} to cart`, {
        description: weighed
          ? `${quantityAndPrice(product, quantity)} (${priceLabel(product)})`
          : priceLabel(product),
        action: { label: "View Cart", onClick: () => navigate("/cart") },
      });
    },
    [addItem, navigate],
  );
}
