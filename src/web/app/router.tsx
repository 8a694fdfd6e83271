import type { ComponentType } from "react";
import { FRAME_TEXTS, textsNameOf } from "../lib/i18n/page-texts-names.ts";
import { loadPageTexts } from "../lib/i18n/shop-i18n.ts";
import type { PageRoute } from "../lib/router/index.ts";
import { createBrowserRouter, loadPage, matchRoute, withoutBase } from "../lib/router/index.ts";
import { RootLayout } from "./layout/root-layout.tsx";

type PageModule = {
  default: ComponentType;
  /** What the page needs, for the browser's address, before it is drawn (the shop's search rule). */
  prepare?: (query: URLSearchParams) => Promise<unknown> | undefined;
};

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
  /** A module the page loads only for an address with a search: preloaded for such an address. */
  withSearch?: string;
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
    withSearch,
  }: {
    framed?: boolean;
    status?: number;
    withCart?: string;
    withSearch?: string;
  } = {},
): PageRoute<PageHandle> {
  const load = PAGE_MODULES[`../routes/${file}`];
  if (!load) throw new Error(`There is no page module routes/${file}`);
  return {
    path,
    // The page's texts come with its code, so it is never drawn in a language half loaded; what
    // it needs for the address comes before it too, so the page never waits for it while it
    // hydrates (a wait there would swap the server's results for a skeleton).
    load: async () => {
      const [module] = await Promise.all([load(), loadPageTexts([textsNameOf(`routes/${file}`)])]);
      if (typeof window !== "undefined") {
        await module.prepare?.(new URLSearchParams(window.location.search));
      }
      return module.default;
    },
    layout: framed ? RootLayout : undefined,
    handle: { module: `routes/${file}`, status, withCart, withSearch },
  };
}

/** Tried in order: every address no route takes is the 404 page. */
export const routes: PageRoute<PageHandle>[] = [
  page("/", "home.tsx"),
  page("/shop", "shop.tsx", { withSearch: "../shared/rules/product-search.ts" }),
  page("/cart", "cart.tsx"),
  page("/checkout", "checkout.tsx", { withCart: "features/checkout/checkout-form.tsx" }),
  page("/order-confirmation", "order-confirmation.tsx"),
  page("/orders/:orderNumber", "order-tracking.tsx"),
  page("/about", "about.tsx"),
  page("/login", "login.tsx"),
  page("/signup", "signup.tsx"),
  page("/otp-verification", "otp-verification.tsx"),
  page("/forgot-password", "forgot-password.tsx"),
  page("/reset-password", "reset-password.tsx"),
  page("/my-orders", "my-orders.tsx"),
  page("/account", "account.tsx"),
  page("/account-deleted", "account-deleted.tsx"),
  page("/customer-support", "customer-support.tsx"),
  page("/support/ticket/:reference", "support-ticket.tsx"),
  page("/bulk-order-request", "bulk-order-request.tsx"),
  page("/bulk-order-confirmation", "bulk-order-confirmation.tsx"),
  page("/privacy", "privacy.tsx"),
  page("/terms", "terms.tsx"),
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
  page("/test-checkout/:providerOrderId", "test-checkout.tsx", { framed: false }),
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

/** The texts a page at `path` (without the language's prefix) is drawn with: the frame's and its own. */
export function pageTextsOf(path: string): string[] {
  const handle = matchRoute(routes, path)?.route.handle;
  return handle ? [FRAME_TEXTS, textsNameOf(handle.module)] : [FRAME_TEXTS];
}
