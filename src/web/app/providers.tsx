import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, StrictMode } from "react";
import { CartProvider } from "../features/cart/cart-context.tsx";

/**
 * What every page sits in, on the server and in the browser alike: hydration needs the same
 * tree on both sides.
 */
export function Providers({
  queryClient,
  followAccount,
  cartEmpty = false,
  children,
}: {
  queryClient: QueryClient;
  /** Keep a signed-in customer's cart on the server too (the browser's app, not its render). */
  followAccount: boolean;
  /** The server drew the page for a browser without a cart (see `CartProvider`). */
  cartEmpty?: boolean;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <CartProvider followAccount={followAccount} knownEmpty={cartEmpty}>
          {children}
        </CartProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
