import { createBrowserRouter, matchRoutes, type RouteObject } from "react-router";
import { PageLoading } from "./layout/page-loading.tsx";
import { RootLayout } from "./layout/root-layout.tsx";
import { RouteError } from "./layout/route-error.tsx";

type PageModule = { default: React.ComponentType };

const PAGE_MODULES = import.meta.glob<PageModule>(["../routes/**/*.tsx", "!**/*.test.tsx"]);

/** What a route tells the server about its page. */
export type PageHandle = {
  /** Its source module ("routes/shop.tsx"): the server preloads the module's chunks. */
  module: string;
  /** The HTTP status its page answers with (the 404 page's). */
  status?: number;
};

/** Each screen is its own chunk, loaded when first visited. */
function page(file: string, status?: number): Pick<RouteObject, "lazy" | "handle"> {
  const load = PAGE_MODULES[`../routes/${file}`];
  if (!load) throw new Error(`There is no page module routes/${file}`);
  const handle: PageHandle = { module: `routes/${file}`, status };
  return { lazy: async () => ({ Component: (await load()).default }), handle };
}

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoading,
    children: [
      { index: true, ...page("home.tsx") },
      { path: "shop", ...page("shop.tsx") },
      { path: "cart", ...page("cart.tsx") },
      { path: "checkout", ...page("checkout.tsx") },
      { path: "order-confirmation", ...page("order-confirmation.tsx") },
      { path: "orders/:orderNumber", ...page("order-tracking.tsx") },
      { path: "about", ...page("about.tsx") },
      { path: "login", ...page("login.tsx") },
      { path: "signup", ...page("signup.tsx") },
      { path: "otp-verification", ...page("otp-verification.tsx") },
      { path: "forgot-password", ...page("forgot-password.tsx") },
      { path: "reset-password", ...page("reset-password.tsx") },
      { path: "my-orders", ...page("my-orders.tsx") },
      { path: "account", ...page("account.tsx") },
      { path: "account-deleted", ...page("account-deleted.tsx") },
      { path: "customer-support", ...page("customer-support.tsx") },
      { path: "support/ticket/:reference", ...page("support-ticket.tsx") },
      { path: "bulk-order-request", ...page("bulk-order-request.tsx") },
      {
        path: "bulk-order-confirmation",
        ...page("bulk-order-confirmation.tsx"),
      },
      { path: "privacy", ...page("privacy.tsx") },
      { path: "terms", ...page("terms.tsx") },
      { path: "dev/mailbox", ...page("dev-mailbox.tsx") },
      { path: "admin", ...page("admin/sign-in.tsx") },
      { path: "*", ...page("not-found.tsx", 404) },
    ],
  },
  // The staff dashboards have their own frame, without the storefront's header and footer.
  {
    path: "admin/dashboard/:id",
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoading,
    ...page("admin/dashboard.tsx"),
  },
  // The test payment provider's checkout, framed by the store's payment window: a page of its own.
  {
    path: "test-checkout/:providerOrderId",
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoading,
    ...page("test-checkout.tsx"),
  },
  // The sales manager's printable sheets, behind the same guard as dashboard 2.
  {
    path: "admin/dashboard/2/pick-list",
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoading,
    ...page("admin/sales-pick-list.tsx"),
  },
  {
    path: "admin/dashboard/2/orders/:orderNumber/packing-slip",
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoading,
    ...page("admin/sales-packing-slip.tsx"),
  },
];

/**
 * The browser's router, created once the current page's own code is loaded: the page arrives
 * drawn by the server, and hydration must meet the same tree, not a loading frame.
 */
export async function createRouter() {
  const matches = matchRoutes(routes, window.location) ?? [];
  // A chunk that fails to load stays lazy: the router tries it again and shows its error page.
  await Promise.allSettled(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
  return createBrowserRouter(routes);
}
