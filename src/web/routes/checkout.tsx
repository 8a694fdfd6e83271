import { ArrowLeft, ShoppingBasket } from "lucide-react";
import { ButtonLink } from "../components/ui/button.tsx";
import { PriceSummary } from "../features/cart/components/price-summary.tsx";
import { usePricedCart } from "../features/cart/use-priced-cart.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

/** Online payment opens with the checkout release; until then the page shows what will be paid. */
export default function CheckoutPage() {
  usePageTitle("Checkout");
  const { breakdown } = usePricedCart();
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center sm:px-6">
      <ShoppingBasket aria-hidden="true" className="mx-auto h-14 w-14 text-brand-600" />
      <h1 className="mt-6 font-display text-3xl font-bold text-ink-900">Checkout</h1>
      <p className="mt-3 text-ink-500">
        Online checkout is opening soon. Your cart is saved in this browser until then.
      </p>
      <div className="mt-8 rounded-3xl bg-white p-6 text-left shadow-card">
        <PriceSummary breakdown={breakdown} />
      </div>
      <ButtonLink to="/cart" variant="outline" className="mt-8">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to Cart
      </ButtonLink>
    </div>
  );
}
