import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { type createBrowserRouter, RouterProvider } from "react-router";
import { CartProvider } from "../features/cart/cart-context.tsx";
import { createQueryClient } from "./query-client.ts";

/**
 * The test provider's checkout page stands for another site inside the store's payment window:
 * it must not also keep the signed-in customer's cart in step with the server.
 */
const isProviderPage = () => window.location.pathname.startsWith("/test-checkout/");

export function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  const [queryClient] = useState(createQueryClient);
  const [followAccount] = useState(() => !isProviderPage());
  return (
    <QueryClientProvider client={queryClient}>
      <CartProvider followAccount={followAccount}>
        <RouterProvider router={router} />
      </CartProvider>
    </QueryClientProvider>
  );
}
