import { useMemo } from "react";
import type { Product } from "../../../shared/catalogue.ts";
import { type PriceBreakdown, priceBreakdown } from "../../../shared/rules/pricing.ts";
import { amountOf, stepsOf } from "../../lib/product-quantity.ts";
import { useProducts } from "../catalogue/api/products.ts";
import { useCart } from "./cart-context.tsx";

export type PricedCartLine = {
  product: Product;
  /** Grams for what is sold by weight, units otherwise. */
  quantity: number;
  linePaise: number;
  /** Gone from the catalogue (or not even its least quantity left) since it was added: shown, but not counted. */
  unavailable: boolean;
};

/**
 * The cart priced with today's catalogue from the server, not with the prices saved in the
 * browser when each item was added.
 */
export function usePricedCart() {
  const cart = useCart();
  const catalogue = useProducts();
  return useMemo(() => {
    const current = new Map(catalogue.data?.products.map((product) => [product.id, product]));
    const lines: PricedCartLine[] = cart.items.map((item) => {
      const fresh = catalogue.data ? current.get(item.product.id) : item.product;
      const product = fresh ?? item.product;
      return {
        product,
        quantity: item.quantity,
        linePaise: amountOf(product, item.quantity),
        unavailable: !fresh || fresh.stock < Math.max(1, stepsOf(fresh).minimum),
      };
    });
    const counted = lines.filter((line) => !line.unavailable);
    const breakdown: PriceBreakdown = priceBreakdown(
      counted.map((line) => ({
        unitPricePaise: line.product.pricePaise,
        quantity: line.quantity,
        unit: line.product.unit,
        gstRateBps: line.product.gstRateBps,
      })),
    );
    return { lines, breakdown, isLoading: catalogue.isLoading, isError: catalogue.isError };
  }, [cart.items, catalogue.data, catalogue.isLoading, catalogue.isError]);
}
