import { ShoppingBasket } from "lucide-react";
import { ButtonLink } from "../../components/ui/button.tsx";
import { useLingui } from "../../lib/i18n/react-binding.tsx";
import { CartScreen } from "./cart-screen.tsx";

/** What the cart and checkout show when there is nothing to buy yet. */
export function EmptyCart({ hint }: { hint: string }) {
  const { i18n } = useLingui();
  return (
    <CartScreen className="mx-auto flex max-w-xl flex-col items-center justify-center px-4 py-24 text-center">
      <ShoppingBasket aria-hidden="true" className="h-16 w-16 text-brand-600" />
      <h1 className="mt-6 font-display text-3xl font-bold text-ink-900">
        {i18n._("Your cart is empty")}
      </h1>
      <p className="mt-2 text-ink-500">{hint}</p>
      <ButtonLink to="/shop" size="lg" className="mt-8">
        {i18n._("Browse Products")}
      </ButtonLink>
    </CartScreen>
  );
}
