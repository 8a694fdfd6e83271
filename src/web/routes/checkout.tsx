import { lazy, Suspense, useState } from "react";
import { ORDER_NUMBER_PATTERN } from "../../shared/rules/order-status.ts";
import { useCart } from "../features/cart/cart-context.tsx";
import { CartLoading } from "../features/cart/cart-screen.tsx";
import { EmptyCart } from "../features/cart/empty-cart.tsx";
import {
  CHECKOUT_LOADING,
  EMPTY_CHECKOUT_HINT,
  orderPagePath,
} from "../features/checkout/checkout-page.ts";
import { Navigate, useSearchParams } from "../lib/router/index.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

// The form, its schemas and its form library are most of the page's code, and a shopper with an
// empty cart needs none of it. The server preloads it for a browser with a cart (router.tsx).
const CheckoutForm = lazy(() => import("../features/checkout/checkout-form.tsx"));

export default function CheckoutPage() {
  usePageTitle("Checkout");
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
  // Once shown, the form stays: an order placed here empties the cart while it awaits payment.
  const [formShown, setFormShown] = useState(false);
  if (items.length > 0 && !formShown) setFormShown(true);

  if (!ready) return <CartLoading label={CHECKOUT_LOADING} />;
  if (!formShown) return <EmptyCart hint={EMPTY_CHECKOUT_HINT} />;
  return (
    <Suspense fallback={<CartLoading label={CHECKOUT_LOADING} />}>
      <CheckoutForm />
    </Suspense>
  );
}
