// Build-time only: renders pages to HTML so a visitor sees the shop before its code arrives.
// The browser then renders the same tree again (main.tsx) and takes over.
import { QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { PageLoading } from "./app/layout/page-loading.tsx";
import { RootLayout } from "./app/layout/root-layout.tsx";
import { createQueryClient } from "./app/query-client.ts";
import { routes } from "./app/router.tsx";
import { CartProvider } from "./features/cart/cart-context.tsx";

/**
 * Pages whose first screen is the same for every visitor. The cart, checkout and order pages
 * depend on what this browser holds, so they get the shell below instead of a wrong first frame.
 */
export const PRERENDERED_PAGES = {
  "/": "home",
  "/shop": "shop",
  "/about": "about",
  "/privacy": "privacy",
  "/terms": "terms",
} as const;

/** Header, footer and the loading indicator: the first frame of every other page. */
const shellRoutes = [
  { path: "*", Component: RootLayout, children: [{ path: "*", Component: PageLoading }] },
];

async function render(routeTable: typeof routes, path: string): Promise<string> {
  const handler = createStaticHandler(routeTable);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answered with a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <QueryClientProvider client={createQueryClient()}>
      <CartProvider>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </CartProvider>
    </QueryClientProvider>,
  );
}

export const renderPage = (path: keyof typeof PRERENDERED_PAGES) => render(routes, path);
export const renderShell = () => render(shellRoutes, "/");
