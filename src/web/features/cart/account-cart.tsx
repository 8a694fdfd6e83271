import { type Dispatch, useEffect, useState } from "react";
import { loadOnce } from "../../lib/load-once.ts";
import { accountCartMark } from "./account-cart-mark.ts";
import type { CartAction, CartItem } from "./cart-state.ts";
import { useSessionCustomerId } from "./use-session-customer-id.ts";

type Sync = typeof import("./sync-with-account.tsx").SyncWithAccount;

/** The sync's code, once: a guest's browser never needs it. */
const accountCartSync = loadOnce<Sync>(() =>
  import("./sync-with-account.tsx").then(({ SyncWithAccount }) => SyncWithAccount),
);

/**
 * Keeps the cart of a signed-in customer on the server (sync-with-account.tsx), loading that
 * code only when there is an account to follow: a customer signed in, or a cart in this browser
 * marked as an account's (whose customer has since signed out, so it must be emptied). Once
 * loaded it stays, to see the customer sign out.
 */
export function AccountCart({
  items,
  dispatch,
}: {
  items: CartItem[];
  dispatch: Dispatch<CartAction>;
}) {
  const customerId = useSessionCustomerId();
  const [SyncWithAccount, setSync] = useState<Sync | undefined>(accountCartSync.loaded);
  const needed =
    typeof customerId === "string" || (customerId === null && accountCartMark.read() !== null);

  // A load that failed is tried again with the cart's next change: the cart meanwhile works in
  // this browser, and the mark keeps what the account last held.
  // biome-ignore lint/correctness/useExhaustiveDependencies: items is there to retry a failed load.
  useEffect(() => {
    if (!needed || SyncWithAccount) return;
    accountCartSync.load().then(
      (sync) => setSync(() => sync),
      () => undefined,
    );
  }, [needed, SyncWithAccount, items]);

  return SyncWithAccount ? <SyncWithAccount items={items} dispatch={dispatch} /> : null;
}
