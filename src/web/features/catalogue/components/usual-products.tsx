import { useLingui } from "../../../lib/i18n/react-binding.tsx";
import { useCustomer } from "../../account/api/session.ts";
import { useUsualProducts } from "../api/usual-products.ts";
import type { CardCart } from "./product-card.tsx";
import { ProductGrid } from "./product-grid.tsx";

/**
 * "Your usual": what a signed-in customer buys most often, first on the shop page. Nothing for
 * a visitor, a customer with no orders yet, or while it loads (the full list is right below).
 */
export function UsualProducts({ cart }: { cart: CardCart }) {
  const customer = useCustomer();
  const usual = useUsualProducts(Boolean(customer.data));
  const products = usual.data?.products ?? [];
  const { i18n } = useLingui();
  if (!customer.data || products.length === 0) return null;
  return (
    <section aria-labelledby="usual-products-title" className="mb-10" data-testid="usual-products">
      <h2 id="usual-products-title" className="mb-4 font-display text-2xl font-bold text-ink-900">
        {i18n._("Your usual")}
      </h2>
      <ProductGrid products={products} cart={cart} />
    </section>
  );
}
