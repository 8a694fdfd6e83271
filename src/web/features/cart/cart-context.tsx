import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from "react";
import type { Product } from "../../../shared/catalogue.ts";
import { CART_FILLED_COOKIE } from "../../../shared/contracts/page-render.ts";
import { stepsOf } from "../../lib/product-quantity.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { AccountCart } from "./account-cart.tsx";
import {
  type CartItem,
  cartItemCount,
  cartReducer,
  cartSubtotalPaise,
  parseStoredCart,
} from "./cart-state.ts";

export const CART_STORAGE_KEY = "cart";

/** What changes the cart: the same functions for the page's whole life. */
export type CartActions = {
  /** Grams or units; the product's least quantity when left out. */
  addItem(product: Product, quantity?: number): void;
  setQuantity(productId: string, quantity: number): void;
  removeItem(productId: string): void;
  clearCart(): void;
};

export type CartContextValue = CartActions & {
  /**
   * False until the stored cart has been read (the server, and hydration, see none), unless the
   * browser said it holds no cart.
   */
  ready: boolean;
  items: CartItem[];
  itemCount: number;
  subtotalPaise: number;
};

const CartContext = createContext<CartContextValue | null>(null);
// Apart from the cart itself, so what only adds to it (each card of the shop) is not drawn
// again whenever the cart changes, nor when the stored cart is read after hydration.
const CartActionsContext = createContext<CartActions | null>(null);

/** Tells the server whether there is a cart, so it draws the cart pages' empty state or not. */
function markCartFilled(filled: boolean) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers our shoppers use (Firefox, older Safari).
  document.cookie = filled
    ? `${CART_FILLED_COOKIE}=1; path=/; max-age=31536000; samesite=lax`
    : `${CART_FILLED_COOKIE}=; path=/; max-age=0; samesite=lax`;
}

function readStorage(): CartItem[] {
  try {
    return parseStoredCart(window.localStorage.getItem(CART_STORAGE_KEY));
  } catch {
    return [];
  }
}

/**
 * The cart, kept in localStorage. With `followAccount` (the browser's app) a signed-in customer's
 * cart is kept on the server too, merged at sign-in and emptied at logout. Over server-rendered
 * HTML it starts empty, as the server drew it, and reads the stored cart before the first paint.
 */
export function CartProvider({
  children,
  followAccount = false,
  knownEmpty = false,
}: {
  children: ReactNode;
  followAccount?: boolean;
  /**
   * The server drew the page for a browser without a cart (no `CART_FILLED_COOKIE`): until the
   * stored cart is read it is taken as empty, not as unknown.
   */
  knownEmpty?: boolean;
}) {
  const hydrated = useHydrated();
  const [items, dispatch] = useReducer(cartReducer, hydrated, (ready) =>
    ready ? readStorage() : [],
  );
  // What localStorage already holds: the save below skips it, so loading never writes back.
  const stored = useRef<CartItem[] | undefined>(hydrated ? items : undefined);
  const [loaded, setLoaded] = useState(hydrated);

  useLayoutEffect(() => {
    if (!hydrated || stored.current) return;
    stored.current = readStorage();
    // An empty stored cart leaves the empty one drawn: a new array would redraw every card.
    if (stored.current.length > 0) dispatch({ type: "replace", items: stored.current });
    else stored.current = items;
    setLoaded(true);
  }, [hydrated, items]);

  useEffect(() => {
    if (!stored.current || items === stored.current) return;
    stored.current = items;
    try {
      if (items.length === 0) window.localStorage.removeItem(CART_STORAGE_KEY);
      else window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
    } catch {
      // Private browsing may refuse storage; the cart still works for this visit.
    }
  }, [items]);

  const filled = items.length > 0;
  useEffect(() => {
    if (loaded) markCartFilled(filled);
  }, [loaded, filled]);

  // Another tab changed the cart: show the same cart here.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === CART_STORAGE_KEY || event.key === null) {
        stored.current = readStorage();
        dispatch({ type: "replace", items: stored.current });
      }
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  const addItem = useCallback(
    (product: Product, quantity = stepsOf(product).minimum) =>
      dispatch({ type: "add", product, quantity }),
    [],
  );
  const setQuantity = useCallback(
    (productId: string, quantity: number) => dispatch({ type: "setQuantity", productId, quantity }),
    [],
  );
  const removeItem = useCallback(
    (productId: string) => dispatch({ type: "remove", productId }),
    [],
  );
  const clearCart = useCallback(() => dispatch({ type: "clear" }), []);

  const actions = useMemo(
    () => ({ addItem, setQuantity, removeItem, clearCart }),
    [addItem, setQuantity, removeItem, clearCart],
  );
  const ready = loaded || knownEmpty;
  const value = useMemo(
    () => ({
      ready,
      items,
      itemCount: cartItemCount(items),
      subtotalPaise: cartSubtotalPaise(items),
      ...actions,
    }),
    [ready, items, actions],
  );
  return (
    <CartActionsContext.Provider value={actions}>
      <CartContext.Provider value={value}>
        {/* Only once the stored cart is in: an empty first frame must never reach the account. */}
        {followAccount && loaded && <AccountCart items={items} dispatch={dispatch} />}
        {children}
      </CartContext.Provider>
    </CartActionsContext.Provider>
  );
}

export function useCart(): CartContextValue {
  const context = useContext(CartContext);
  if (!context) throw new Error("useCart must be used within a CartProvider");
  return context;
}

/** The cart's actions alone: a component using only these is not drawn again as the cart changes. */
export function useCartActions(): CartActions {
  const actions = useContext(CartActionsContext);
  if (!actions) throw new Error("useCartActions must be used within a CartProvider");
  return actions;
}
