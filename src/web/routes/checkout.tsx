import { lazy, Suspense, useState } from "react";
import { ORDER_NUMBER_PATTERN } from "../../shared/rules/order-number.ts";
import { useCart } from "../features/cart/cart-context.tsx";
import { CartLoading } from "../features/cart/cart-screen.tsx";
import { EmptyCart } from "../features/cart/empty-cart.tsx";
import { BORROWED_TEXT } from "../features/checkout/borrowed-texts.ts";
import { CHECKOUT_LOADING, orderPagePath } from "../features/checkout/checkout-page.ts";
import { useLingui } from "../lib/i18n/react-binding.tsx";
import { loadPageTexts } from "../lib/i18n/shop-i18n.ts";
import { Navigate, useSearchParams } from "../lib/router/index.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

// The form, its schemas and its form library are most of the page's code, and a shopper with an
// empty cart needs none of it, nor its words. The server preloads both for a browser with a cart
// (router.tsx); named here, the form's texts are its own, not the page's (scripts/page-texts.ts).
const CheckoutForm = lazy(() =>
  Promise.all([
    import("../features/checkout/checkout-form.tsx"),
    loadPageTexts(["features/checkout/checkout-form"]),
  ]).then(([form]) => form),
);

export default function CheckoutPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._("Checkout"));
  const [params] = useSearchParams();
  // Opened with ?order=, the page was reloaded while an order placed here awaited its payment.
  const [reloadedOrder] = useState(() => params.get("order"));
  if (reloadedOrder && ORDER_NUMBER_PATTERN.test(reloadedOrder)) {
    return <Navigate to={orderPagePath(reloadedOrder)} replace />;
  }
  return <Checkout />;
}

function Checkout() {
  const { ready, items } = useCart();
  const { i18n } = useLingui();
  // Once shown, the form stays: an order placed here empties the cart while it awaits payment.
  const [formShown, setFormShown] = useState(false);
  if (items.length > 0 && !formShown) setFormShown(true);

  const loading = i18n._(CHECKOUT_LOADING);
  if (!ready) return <CartLoading label={loading} />;
  if (!formShown) return <EmptyCart hint={i18n._(BORROWED_TEXT.emptyCheckoutHint)} />;
  return (
    <Suspense fallback={<CartLoading label={loading} />}>
      <CheckoutForm />
    </Suspense>
  );
}
