import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { type createBrowserRouter, RouterProvider } from "react-router";
import { CartProvider } from "../features/cart/cart-context.tsx";
import { createQueryClient } from "./query-client.ts";

export function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <CartProvider followAccount>
        <RouterProvider router={router} />
      </CartProvider>
    </QueryClientProvider>
  );
}
