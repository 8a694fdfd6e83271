import { type ComponentType, useSyncExternalStore } from "react";
import type { Navigate, Router, RouterState } from "./browser-router.ts";
import { locationFrom } from "./location.ts";
import { loadPage, matchRoute, type PageRoute } from "./match.ts";
import { RouterView } from "./router-view.tsx";
import { useScrollRestoration } from "./scroll-restoration.ts";

/** The app in the browser, following the router. */
export function RouterProvider({
  router,
  errorPage,
}: {
  router: Router;
  /** Drawn in place of a page that failed to load or to draw. */
  errorPage: ComponentType;
}) {
  const state = useSyncExternalStore(router.subscribe, router.getState, router.getState);
  useScrollRestoration(state, router.scroll);
  return <RouterView state={state} navigate={router.navigate} errorPage={errorPage} />;
}

const nowhere: Navigate = () => Promise.reject(new Error("The server's render cannot navigate"));

/**
 * The state the server draws `url` in: its route, with the page's code loaded. `url` is the
 * app's path, without `base`, which the page's links are written under.
 */
export async function staticRouterState(
  routes: readonly PageRoute[],
  url: string,
  base = "",
): Promise<RouterState> {
  const location = locationFrom(url);
  const match = matchRoute(routes, location.pathname);
  return {
    location,
    match,
    page: match && (await loadPage(match.route)),
    error: undefined,
    action: "POP",
    preventScrollReset: false,
    loading: false,
    base,
  };
}

/** The app on the server, drawn once at one address. */
export function StaticRouterProvider({
  state,
  errorPage,
}: {
  state: RouterState;
  errorPage: ComponentType;
}) {
  return <RouterView state={state} navigate={nowhere} errorPage={errorPage} />;
}
