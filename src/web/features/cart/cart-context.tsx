import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
} from "react";
import type { Product } from "../../../shared/catalogue.ts";
import {
  type CartItem,
  cartItemCount,
  cartReducer,
  cartSubtotalPaise,
  parseStoredCart,
} from "./cart-state.ts";
import { SyncWithAccount } from "./sync-with-account.tsx";

export const CART_STORAGE_KEY = "cart";

export type CartContextValue = {
  items: CartItem[];
  itemCount: number;
  subtotalPaise: number;
  addItem(product: Product, quantity?: number): void;
  setQuantity(productId: string, quantity: number): void;
  removeItem(productId: string): void;
  clearCart(): void;
};

const CartContext = createContext<CartContextValue | null>(null);

function readStorage(): CartItem[] {
  try {
    return parseStoredCart(window.localStorage.getItem(CART_STORAGE_KEY));
  } catch {
    return [];
  }
}

/**
 * The cart, kept in localStorage. With `followAccount` (the app, not the prerendered pages) a
 * signed-in customer's cart is kept on the server too, merged at sign-in and emptied at logout.
 */
export function CartProvider({
  children,
  followAccount = false,
}: {
  children: ReactNode;
  followAccount?: boolean;
}) {
  const [items, dispatch] = useReducer(cartReducer, undefined, readStorage);
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    try {
      if (items.length === 0) window.localStorage.removeItem(CART_STORAGE_KEY);
      else window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
    } catch {
      // Private browsing may refuse storage; the cart still works for this visit.
    }
  }, [items]);

  // Another tab changed the cart: show the same cart here.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === CART_STORAGE_KEY || event.key === null) {
        dispatch({ type: "replace", items: readStorage() });
      }
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  const addItem = useCallback(
    (product: Product, quantity = 1) => dispatch({ type: "add", product, quantity }),
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

  const value = useMemo(
    () => ({
      items,
      itemCount: cartItemCount(items),
      subtotalPaise: cartSubtotalPaise(items),
      addItem,
      setQuantity,
      removeItem,
      clearCart,
    }),
    [items, addItem, setQuantity, removeItem, clearCart],
  );
  return (
    <CartContext.Provider value={value}>
      {followAccount && <SyncWithAccount items={items} dispatch={dispatch} />}
      {children}
    </CartContext.Provider>
  );
}

export function useCart(): CartContextValue {
  const context = useContext(CartContext);
  if (!context) throw new Error("useCart must be used within a CartProvider");
  return context;
}
