import { useCallback } from "react";
import type { Product } from "../../../shared/catalogue.ts";
import { formatRupees } from "../../../shared/money.ts";
import { toast } from "../../components/toasts.tsx";
import { useNavigate } from "../../lib/router/index.ts";
import { useCartActions } from "./cart-context.tsx";

/** Adds to the cart and says so, with the spec's toast and its View Cart action. */
export function useAddToCart() {
  const { addItem } = useCartActions();
  const navigate = useNavigate();
  return useCallback(
    (product: Product, quantity = 1) => {
      addItem(product, quantity);
      toast.success(`Added ${quantity} ${product.name} to cart`, {
        description: `${formatRupees(product.pricePaise)} / ${product.unit}`,
        action: { label: "View Cart", onClick: () => navigate("/cart") },
      });
    },
    [addItem, navigate],
  );
}
