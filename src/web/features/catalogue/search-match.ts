import { use } from "react";
import type { SearchMatch } from "../../../shared/rules/product-filters.ts";

// The search rule carries the transliteration tables: most visits to the shop never search, so
// its code comes with the first search, or with a shop address that has one.

let loaded: SearchMatch | undefined;
let loading: Promise<SearchMatch> | undefined;

/** Loads the search rule once; a load that failed is tried again next time. */
export function loadSearchMatch(): Promise<SearchMatch> {
  loading ??= import("../../../shared/rules/product-search.ts").then(
    ({ matchesSearch }) => {
      loaded = matchesSearch;
      return matchesSearch;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * The rule for `search`: none while it is empty; the first search waits (suspends) for the
 * rule's code, and a server draws a page after `loadSearchMatch`, so it never waits.
 */
export function useSearchMatch(search: string | undefined): SearchMatch | undefined {
  if (!search?.trim()) return undefined;
  return loaded ?? use(loadSearchMatch());
}
