import { ArrowLeft } from "lucide-react";
import { PriceSummary } from "../components/price-summary.tsx";
import { toast } from "../components/toasts.tsx";
import { Button, ButtonLink } from "../components/ui/button.tsx";
import { useCart } from "../features/cart/cart-context.tsx";
import { CartLoading, CartScreen } from "../features/cart/cart-screen.tsx";
import { CartLine } from "../features/cart/components/cart-line.tsx";
import { EmptyCart } from "../features/cart/empty-cart.tsx";
import { usePricedCart } from "../features/cart/use-priced-cart.ts";
import { useLingui } from "../lib/i18n/react-binding.tsx";
import { useNavigate } from "../lib/router/index.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

export default function CartPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._("Your Cart"));
  const { ready, items, clearCart } = useCart();
  const { lines, breakdown, isLoading } = usePricedCart();
  const navigate = useNavigate();

  const proceed = () => {
    if (items.length === 0) {
      toast.error(i18n._("Your cart is empty"), {
        description: i18n._("Please add items to your cart before checking out."),
      });
      return;
    }
    navigate("/checkout");
  };

  if (!ready) return <CartLoading label={i18n._("Loading your cart")} />;
  if (items.length === 0) {
    return <EmptyCart hint={i18n._("Fresh produce is waiting for you in the shop.")} />;
  }

  const blocked = lines.some((line) => line.unavailable);
  return (
    <CartScreen className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="font-display text-4xl font-bold text-ink-900">{i18n._("Your Cart")}</h1>
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_380px]">
        <section
          aria-label={i18n._("Items in your cart")}
          className="rounded-3xl bg-white p-6 shadow-card"
        >
          <ul className="divide-y divide-cream-200">
            {lines.map((line) => (
              <CartLine key={line.product.id} line={line} />
            ))}
          </ul>
          <div className="mt-4 flex flex-wrap justify-between gap-3 border-t border-cream-200 pt-5">
            <ButtonLink to="/shop" variant="ghost">
              <ArrowLeft aria-hidden="true" className="h-4 w-4" /> {i18n._("Continue Shopping")}
            </ButtonLink>
            <Button variant="danger" onClick={clearCart}>
              {i18n._("Clear Cart")}
            </Button>
          </div>
        </section>
        <aside
          aria-labelledby="summary-title"
          className="h-fit rounded-3xl bg-white p-6 shadow-card lg:sticky lg:top-24"
        >
          <h2 id="summary-title" className="mb-5 text-xl font-bold text-ink-900">
            {i18n._("Order Summary")}
          </h2>
          <div aria-busy={isLoading}>
            <PriceSummary breakdown={breakdown} />
          </div>
          <Button
            size="lg"
            className="mt-6 w-full"
            onClick={proceed}
            disabled={blocked || isLoading}
          >
            {i18n._("Proceed to Checkout")}
          </Button>
        </aside>
      </div>
    </CartScreen>
  );
}
