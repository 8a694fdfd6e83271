/**
 * Texts the checkout and order pages show that another area's catalogue translates (decision 56:
 * a text is extracted into one area only). They are written here without the i18n mark,
 * so they are not extracted twice, and shown with `i18n._(TEXT)`: each translates wherever its
 * area is loaded with the page. The words every form says (email, the payment's bank, the
 * default address's badge) are the forms area's `COMMON_TEXTS`.
 */
export const BORROWED_TEXT = {
  // The cart area's (loaded on the checkout and every order page).
  /** What the checkout says when the cart holds nothing to buy. */
  emptyCheckoutHint: "Please add items to your cart before checking out.",
  continueShopping: "Continue Shopping",
  orderSummary: "Order Summary",
  // The shell's (loaded on every page).
  myOrders: "My orders",
} as const;
