/** What the checkout page says while the cart is read, and when it holds nothing to buy. */
export const CHECKOUT_LOADING = "Loading checkout";
export const EMPTY_CHECKOUT_HINT = "Please add items to your cart before checking out.";

/** Where an order placed at checkout is shown (and its payment finished). */
export const orderPagePath = (orderNumber: string) =>
  `/order-confirmation?order=${encodeURIComponent(orderNumber)}`;
