import { useQueryClient } from "@tanstack/react-query";
import { type Dispatch, useEffect, useRef, useState } from "react";
import { sessionQuery } from "../account/api/session.ts";
import { productsQuery } from "../catalogue/api/products.ts";
import { accountCartMark } from "./account-cart-mark.ts";
import { createAccountCartSync } from "./account-cart-sync.ts";
import { fetchAccountCart, mergeAccountCart, saveAccountCart } from "./api/cart.ts";
import type { CartAction, CartItem } from "./cart-state.ts";
import { useSessionCustomerId } from "./use-session-customer-id.ts";

/** Long enough that tapping plus five times sends one save, short enough to beat a closed tab. */
const SAVE_DELAY_MS = 500;

/** Keeps the cart of the signed-in customer on the server (see createAccountCartSync). */
export function SyncWithAccount({
  items,
  dispatch,
}: {
  items: CartItem[];
  dispatch: Dispatch<CartAction>;
}) {
  const queryClient = useQueryClient();
  const customerId = useSessionCustomerId();
  const latest = useRef(items);
  const [sync] = useState(() =>
    createAccountCartSync({
      read: () => latest.current,
      replace: (next) => dispatch({ type: "replace", items: next }),
      clear: () => dispatch({ type: "clear" }),
      products: async () => (await queryClient.fetchQuery(productsQuery)).products,
      server: { fetch: fetchAccountCart, save: saveAccountCart, merge: mergeAccountCart },
      mark: accountCartMark,
      sessionEnded: () => void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey }),
      saveDelayMs: SAVE_DELAY_MS,
    }),
  );

  useEffect(() => {
    latest.current = items;
    sync.changed();
  }, [items, sync]);

  useEffect(() => sync.sessionIs(customerId), [customerId, sync]);

  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === "hidden") sync.flush();
    };
    document.addEventListener("visibilitychange", onHide);
    return () => {
      document.removeEventListener("visibilitychange", onHide);
      sync.stop();
    };
  }, [sync]);

  return null;
}
