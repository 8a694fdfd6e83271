/** Where the app is: the address, and what the page before handed over with the navigation. */
export type Location = {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  /** Tells history entries apart, for scroll positions. */
  key: string;
};

export type NavigateOptions = {
  replace?: boolean;
  state?: unknown;
  /** Keeps the scroll position (a filter or a query string changed, not the page). */
  preventScrollReset?: boolean;
};

/** What each history entry carries: the navigation's state and the entry's key. */
export type HistoryEntryState = { usr: unknown; key: string } | null;

export const createKey = () => Math.random().toString(36).slice(2, 10);

export const hrefOf = (location: Pick<Location, "pathname" | "search" | "hash">) =>
  `${location.pathname}${location.search}${location.hash}`;

// The app's own paths never carry the base; the browser's address bar and links always do.
export { withBase } from "../../../shared/i18n/locales.ts";

/** The app's path for an address the browser shows: `pathname` without `base`. */
export function withoutBase(base: string, pathname: string): string {
  if (!base) return pathname;
  if (pathname === base) return "/";
  return pathname.startsWith(`${base}/`) ? pathname.slice(base.length) : pathname;
}

/** A location from an address inside the store ("/shop?category=fruits"). */
export function locationFrom(address: string, state: unknown = null, key = "default"): Location {
  const url = new URL(address, "http://storefront.invalid");
  return { pathname: url.pathname, search: url.search, hash: url.hash, state, key };
}
