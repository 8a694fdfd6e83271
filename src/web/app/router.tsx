import type { ComponentType } from "react";
import { type CatalogueArea, loadPageCatalogues } from "../lib/i18n/shop-i18n.ts";
import type { PageRoute } from "../lib/router/index.ts";
import { createBrowserRouter, loadPage, matchRoute, withoutBase } from "../lib/router/index.ts";
import { RootLayout } from "./layout/root-layout.tsx";

type PageModule = { default: ComponentType };

const PAGE_MODULES = import.meta.glob<PageModule>(["../routes/**/*.tsx", "!**/*.test.tsx"]);

/** What a route tells the server about its page. */
export type PageHandle = {
  /** Its source module ("routes/shop.tsx"): the server preloads the module's chunks. */
  module: string;
  /** The HTTP status its page answers with (the 404 page's). */
  status?: number;
  /**
   * A module the page loads only once the browser's cart has something in it: the server
   * preloads it for a browser that says it holds a cart.
   */
  withCart?: string;
  /** The catalogues of the page's own texts, beside the frame's ("shell"). */
  areas: readonly CatalogueArea[];
};

/**
 * Each screen is its own chunk, loaded when first visited. Storefront pages sit in the header
 * and footer's frame; the staff dashboards, their printable sheets and the test provider's
 * checkout are pages of their own.
 */
function page(
  path: string,
  file: string,
  {
    framed = true,
    status,
    withCart,
    areas = [],
  }: {
    framed?: boolean;
    status?: number;
    withCart?: string;
    areas?: readonly CatalogueArea[];
  } = {},
): PageRoute<PageHandle> {
  const load = PAGE_MODULES[`../routes/${file}`];
  if (!load) throw new Error(`There is no page module routes/${file}`);
  return {
    path,
    // The page's texts come with its code, so it is never drawn in a language half loaded.
    load: async () => (await Promise.all([load(), loadPageCatalogues(areas)]))[0].default,
    layout: framed ? RootLayout : undefined,
    handle: { module: `routes/${file}`, status, withCart, areas },
  };
}

/** Tried in order: every address no route takes is the 404 page. */
export const routes: PageRoute<PageHandle>[] = [
  page("/", "home.tsx", { areas: ["home", "catalogue"] }),
  page("/shop", "shop.tsx", { areas: ["catalogue"] }),
  page("/cart", "cart.tsx", { areas: ["cart"] }),
  page("/checkout", "checkout.tsx", {
    areas: ["cart", "forms", "checkout"],
    withCart: "features/checkout/checkout-form.tsx",
  }),
  page("/order-confirmation", "order-confirmation.tsx", {
    areas: ["cart", "forms", "checkout", "orders"],
  }),
  page("/orders/:orderNumber", "order-tracking.tsx", { areas: ["cart", "forms", "orders"] }),
  page("/about", "about.tsx", { areas: ["pages"] }),
  page("/login", "login.tsx", { areas: ["forms", "account"] }),
  page("/signup", "signup.tsx", { areas: ["forms", "account"] }),
  page("/otp-verification", "otp-verification.tsx", { areas: ["forms", "account"] }),
  page("/forgot-password", "forgot-password.tsx", { areas: ["forms", "account"] }),
  page("/reset-password", "reset-password.tsx", { areas: ["forms", "account"] }),
  page("/my-orders", "my-orders.tsx", { areas: ["cart", "forms", "orders"] }),
  page("/account", "account.tsx", { areas: ["forms", "account"] }),
  page("/account-deleted", "account-deleted.tsx", { areas: ["forms", "account"] }),
  page("/customer-support", "customer-support.tsx", { areas: ["forms", "support"] }),
  page("/support/ticket/:reference", "support-ticket.tsx", { areas: ["forms", "support"] }),
  page("/bulk-order-request", "bulk-order-request.tsx", { areas: ["forms", "bulk"] }),
  page("/bulk-order-confirmation", "bulk-order-confirmation.tsx", {
    areas: ["forms", "bulk"],
  }),
  page("/privacy", "privacy.tsx", { areas: ["pages"] }),
  page("/terms", "terms.tsx", { areas: ["pages"] }),
  page("/dev/mailbox", "dev-mailbox.tsx"),
  page("/admin", "admin/sign-in.tsx"),
  page("/admin/dashboard/:id", "admin/dashboard.tsx", { framed: false }),
  // The sales manager's printable sheets, behind the same guard as dashboard 2.
  page("/admin/dashboard/2/pick-list", "admin/sales-pick-list.tsx", { framed: false }),
  page("/admin/dashboard/2/orders/:orderNumber/packing-slip", "admin/sales-packing-slip.tsx", {
    framed: false,
  }),
  page("/admin/dashboard/2/packing-slips", "admin/sales-packing-slips.tsx", { framed: false }),
  // The test payment provider's checkout, framed by the store's payment window.
  page("/test-checkout/:providerOrderId", "test-checkout.tsx", {
    framed: false,
    areas: ["forms", "checkout"],
  }),
  page("*", "not-found.tsx", { status: 404 }),
];

/**
 * The browser's router, created once the current page's own code is loaded: the page arrives
 * drawn by the server, and hydration must meet the same tree, not a loading frame. A chunk that
 * fails to load is tried again by the router, which then shows the error page.
 */
export async function createRouter(base: string) {
  const match = matchRoute(routes, withoutBase(base, window.location.pathname));
  if (match) await loadPage(match.route).catch(() => undefined);
  return createBrowserRouter(routes, { base });
}

/** The catalogues a page at `path` (without the language's prefix) is drawn with. */
export function pageAreas(path: string): CatalogueArea[] {
  const handle = matchRoute(routes, path)?.route.handle;
  return ["shell", ...(handle?.areas ?? [])];
}
