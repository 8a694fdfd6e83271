/**
 * Set while the cart in localStorage is a signed-in customer's copy of their account's cart:
 * the cart the account was last known to hold (as `linesKey`). Absent for a guest's own cart.
 * A page load with a session needs it: a guest's cart is merged in (after signing in with
 * Google, say); the account's untouched copy is brought up to date, where merging it would
 * double it; a copy changed since the last save (a tab closed mid-save) is sent as it is.
 * It says nothing about who is signed in: the session cookie alone does.
 */
export const CART_MARK_KEY = "cart-account";

export const accountCartMark = {
  read(): string | null {
    try {
      return window.localStorage.getItem(CART_MARK_KEY);
    } catch {
      return null;
    }
  },
  write(savedKey: string | null) {
    try {
      if (savedKey === null) window.localStorage.removeItem(CART_MARK_KEY);
      else window.localStorage.setItem(CART_MARK_KEY, savedKey);
    } catch {
      // Without storage the cart lives for this visit only, and so does the mark.
    }
  },
};
