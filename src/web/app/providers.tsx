import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, StrictMode } from "react";
import type { I18n } from "../../shared/i18n/translator.ts";
import { CartProvider } from "../features/cart/cart-context.tsx";
import { I18nProvider } from "../lib/i18n/react-binding.tsx";

/**
 * What every page sits in, on the server and in the browser alike: hydration needs the same
 * tree on both sides.
 */
export function Providers({
  i18n,
  queryClient,
  followAccount,
  cartEmpty = false,
  children,
}: {
  /** The page's language, with its catalogues loaded. */
  i18n: I18n;
  queryClient: QueryClient;
  /** Keep a signed-in customer's cart on the server too (the browser's app, not its render). */
  followAccount: boolean;
  /** The server drew the page for a browser without a cart (see `CartProvider`). */
  cartEmpty?: boolean;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <CartProvider followAccount={followAccount} knownEmpty={cartEmpty}>
            {children}
          </CartProvider>
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>
  );
}
