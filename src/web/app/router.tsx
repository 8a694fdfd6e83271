import { createBrowserRouter, matchRoutes, type RouteObject } from "react-router";
import { PageLoading } from "./layout/page-loading.tsx";
import { RootLayout } from "./layout/root-layout.tsx";
import { RouteError } from "./layout/route-error.tsx";

type PageModule = { default: React.ComponentType };

/** Each screen is its own chunk, loaded when first visited. */
const page = (load: () => Promise<PageModule>): Pick<RouteObject, "lazy"> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoading,
    children: [
      { index: true, ...page(() => import("../routes/home.tsx")) },
      { path: "shop", ...page(() => import("../routes/shop.tsx")) },
      { path: "cart", ...page(() => import("../routes/cart.tsx")) },
      { path: "checkout", ...page(() => import("../routes/checkout.tsx")) },
      { path: "order-confirmation", ...page(() => import("../routes/order-confirmation.tsx")) },
      { path: "orders/:orderNumber", ...page(() => import("../routes/order-tracking.tsx")) },
      { path: "about", ...page(() => import("../routes/about.tsx")) },
      { path: "login", ...page(() => import("../routes/login.tsx")) },
      { path: "signup", ...page(() => import("../routes/signup.tsx")) },
      { path: "otp-verification", ...page(() => import("../routes/otp-verification.tsx")) },
      { path: "forgot-password", ...page(() => import("../routes/forgot-password.tsx")) },
      { path: "reset-password", ...page(() => import("../routes/reset-password.tsx")) },
      { path: "my-orders", ...page(() => import("../routes/my-orders.tsx")) },
      { path: "account", ...page(() => import("../routes/account.tsx")) },
      { path: "account-deleted", ...page(() => import("../routes/account-deleted.tsx")) },
      { path: "customer-support", ...page(() => import("../routes/customer-support.tsx")) },
      { path: "support/ticket/:reference", ...page(() => import("../routes/support-ticket.tsx")) },
      { path: "bulk-order-request", ...page(() => import("../routes/bulk-order-request.tsx")) },
      {
        path: "bulk-order-confirmation",
        ...page(() => import("../routes/bulk-order-confirmation.tsx")),
      },
      { path: "privacy", ...page(() => import("../routes/privacy.tsx")) },
      { path: "terms", ...page(() => import("../routes/terms.tsx")) },
      { path: "dev/mailbox", ...page(() => import("../routes/dev-mailbox.tsx")) },
      { path: "admin", ...page(() => import("../routes/admin/sign-in.tsx")) },
      { path: "*", ...page(() => import("../routes/not-found.tsx")) },
    ],
  },
  // The staff dashboards have their own frame, without the storefront's header and footer.
  {
    path: "admin/dashboard/:id",
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoading,
    ...page(() => import("../routes/admin/dashboard.tsx")),
  },
  // The test payment provider's checkout, framed by the store's payment window: a page of its own.
  {
    path: "test-checkout/:providerOrderId",
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoading,
    ...page(() => import("../routes/test-checkout.tsx")),
  },
  // The sales manager's printable sheets, behind the same guard as dashboard 2.
  {
    path: "admin/dashboard/2/pick-list",
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoading,
    ...page(() => import("../routes/admin/sales-pick-list.tsx")),
  },
  {
    path: "admin/dashboard/2/orders/:orderNumber/packing-slip",
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoading,
    ...page(() => import("../routes/admin/sales-packing-slip.tsx")),
  },
];

/**
 * The browser's router, created once the current page's own code is loaded: the page arrives
 * prerendered, and rendering a loading frame over it first would make it flicker.
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
