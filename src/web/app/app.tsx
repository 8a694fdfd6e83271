import { type DehydratedState, hydrate } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { splitLocale } from "../../shared/i18n/locales.ts";
import type { I18n } from "../../shared/i18n/translator.ts";
import { type Router, RouterProvider } from "../lib/router/index.ts";
import { RouteError } from "./layout/route-error.tsx";
import { Providers } from "./providers.tsx";
import { createQueryClient } from "./query-client.ts";

/**
 * The test provider's checkout page stands for another site inside the store's payment window:
 * it must not also keep the signed-in customer's cart in step with the server. It is drawn in
 * the shopper's language ("/or/test-checkout/...").
 */
const isProviderPage = () =>
  splitLocale(window.location.pathname).path.startsWith("/test-checkout/");

export function App({
  i18n,
  router,
  pageData,
  cartEmpty,
  onLive,
}: {
  i18n: I18n;
  router: Router;
  /** The queries the server drew the page from: the page shows them without fetching again. */
  pageData?: DehydratedState;
  /** The server drew the page for a browser without a cart: hydration starts from that. */
  cartEmpty?: boolean;
  /** Called once the page is live, after every effect below it has run. */
  onLive?: () => void;
}) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    if (pageData) hydrate(client, pageData);
    return client;
  });
  const [followAccount] = useState(() => !isProviderPage());
  useEffect(() => onLive?.(), [onLive]);
  return (
    <Providers
      i18n={i18n}
      queryClient={queryClient}
      followAccount={followAccount}
      cartEmpty={cartEmpty}
    >
      <RouterProvider router={router} errorPage={RouteError} />
    </Providers>
  );
}
