import type { ComponentType } from "react";
import {
  createKey,
  type HistoryEntryState,
  hrefOf,
  type Location,
  type NavigateOptions,
  withBase,
  withoutBase,
} from "./location.ts";
import { loadedPage, loadPage, matchRoute, type PageRoute, type RouteMatch } from "./match.ts";
import { createScrollMemory, type ScrollMemory } from "./scroll-restoration.ts";

export type NavigationAction = "POP" | "PUSH" | "REPLACE";

/** What the app draws: the location, its route and page, and whether another is on its way. */
export type RouterState = {
  location: Location;
  match: RouteMatch | undefined;
  page: ComponentType | undefined;
  /** Why the page could not be drawn (its code failed to load). */
  error: unknown;
  action: NavigationAction;
  preventScrollReset: boolean;
  /** A page's code is loading: the one before stays until it arrives. */
  loading: boolean;
  /**
   * What the browser's addresses start with and the app's paths leave out (the language's
   * "/or"; "" for none): written back into every link and history entry.
   */
  base: string;
};

export type Navigate = (to: string | number, options?: NavigateOptions) => Promise<void>;

export type Router = {
  getState: () => RouterState;
  subscribe: (listener: () => void) => () => void;
  navigate: Navigate;
  scroll: ScrollMemory;
  /** Stops following the browser's history (tests create more than one). */
  dispose: () => void;
};

function windowLocation(base: string): Location {
  const entry = window.history.state as HistoryEntryState;
  const { pathname, search, hash } = window.location;
  return {
    pathname: withoutBase(base, pathname),
    search,
    hash,
    state: entry?.usr ?? null,
    key: entry?.key ?? "default",
  };
}

/**
 * The browser's router: follows the address bar and history, and loads each page's code before
 * showing it, so a navigation keeps the page before in view (with a progress bar) rather than
 * flashing a loading frame. The page at the start must already be loaded (`loadPage`): hydration
 * meets the server's HTML with it.
 */
export function createBrowserRouter(
  routes: readonly PageRoute[],
  { base = "" }: { base?: string } = {},
): Router {
  const listeners = new Set<() => void>();
  const scroll = createScrollMemory();
  const initial = windowLocation(base);
  const initialMatch = matchRoute(routes, initial.pathname);
  let state: RouterState = {
    location: initial,
    match: initialMatch,
    page: initialMatch && loadedPage(initialMatch.route),
    error: undefined,
    action: "POP",
    preventScrollReset: false,
    loading: false,
    base,
  };
  // Only the newest navigation lands: a slower page's code arriving later is dropped.
  let latest = 0;

  const set = (next: RouterState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  async function go(location: Location, action: NavigationAction, options: NavigateOptions) {
    const id = ++latest;
    const match = matchRoute(routes, location.pathname);
    let page = match && loadedPage(match.route);
    let error: unknown;
    if (match && !page) {
      set({ ...state, loading: true });
      try {
        page = await loadPage(match.route);
      } catch (failure) {
        error = failure;
      }
      if (id !== latest) return;
    }
    const entry: HistoryEntryState = { usr: location.state, key: location.key };
    scroll.remember(state.location.key);
    const address = withBase(base, hrefOf(location));
    if (action === "PUSH") window.history.pushState(entry, "", address);
    if (action === "REPLACE") window.history.replaceState(entry, "", address);
    set({
      location,
      match,
      page,
      error,
      action,
      preventScrollReset: options.preventScrollReset ?? false,
      loading: false,
      base,
    });
  }

  const navigate: Navigate = async (to, options = {}) => {
    if (typeof to === "number") {
      window.history.go(to);
      return;
    }
    // An app path ("/shop") is under the base; a relative one ("?page=2") resolves against the
    // address the browser shows, which already is.
    const url = new URL(to.startsWith("/") ? withBase(base, to) : to, window.location.href);
    if (url.origin !== window.location.origin) {
      window.location.assign(url.href);
      return;
    }
    const location: Location = {
      pathname: withoutBase(base, url.pathname),
      search: url.search,
      hash: url.hash,
      state: options.state ?? null,
      key: createKey(),
    };
    // Going to where the shopper already is replaces the entry rather than adding one.
    const replace = options.replace ?? hrefOf(location) === hrefOf(state.location);
    await go(location, replace ? "REPLACE" : "PUSH", options);
  };

  const onPopState = () => void go(windowLocation(base), "POP", {});
  window.addEventListener("popstate", onPopState);
  // The first page's code did not load before: try again, and show the error page if it fails.
  if (initialMatch && !state.page) void go(initial, "POP", {});

  return {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    navigate,
    scroll,
    dispose: () => {
      window.removeEventListener("popstate", onPopState);
      scroll.dispose();
    },
  };
}
