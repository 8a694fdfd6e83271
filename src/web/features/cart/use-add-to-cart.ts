import { useCallback } from "react";
import { type Product, productName } from "../../../shared/catalogue.ts";
import { formatQuantity, isWeighed } from "../../../shared/rules/measure.ts";
import { SHELL_TEXTS } from "../../app/layout/shell-texts.ts";
import { toast } from "../../components/toasts.tsx";
import { useLingui } from "../../lib/i18n/react-binding.tsx";
import { priceLabel, quantityAndPrice, stepsOf } from "../../lib/product-quantity.ts";
import { useNavigate } from "../../lib/router/index.ts";
import { useCartActions } from "./cart-context.tsx";

/** Adds to the cart and says so, with the spec's toast and its View Cart action. */
export function useAddToCart() {
  const { addItem } = useCartActions();
  const navigate = useNavigate();
  const { i18n } = useLingui();
  return useCallback(
    (product: Product, quantity = stepsOf(product).minimum) => {
      addItem(product, quantity);
      const weighed = isWeighed(product.unit);
      // "Added 500 g Tomatoes", with what it costs; "Added 1 Kiwi", with the price of one.
      const how = weighed ? formatQuantity(quantity, product.unit) : String(quantity);
      const price = priceLabel(product, (text) => i18n._(text));
      toast.success(
        i18n._("Added {quantity} {name} to cart", {
          quantity: how,
          name: productName(product, i18n.locale),
        }),
        {
          description: weighed ? `${quantityAndPrice(product, quantity)} (${price})` : price,
          action: { label: i18n._(SHELL_TEXTS.viewCart), onClick: () => navigate("/cart") },
        },
      );
    },
    [addItem, navigate, i18n],
  );
}
