import { use } from "react";
import type { SearchMatch } from "../../../shared/rules/product-filters.ts";
import { loadOnce } from "../../lib/load-once.ts";

// The search rule carries the transliteration tables: most visits to the shop never search, so
// its code comes with the first search, or with a shop address that has one.

const searchRule = loadOnce<SearchMatch>(() =>
  import("../../../shared/rules/product-search.ts").then(({ matchesSearch }) => matchesSearch),
);

/** Loads the search rule once; a load that failed is tried again next time. */
export const loadSearchMatch = searchRule.load;

/** Whether a shop address (its query) searches, so its page needs the search rule at once. */
export const addressSearches = (query: URLSearchParams) => Boolean(query.get("search")?.trim());

/**
 * The rule for `search`: none while it is empty; the first search waits (suspends) for the
 * rule's code, and a server draws a page after `loadSearchMatch`, so it never waits.
 */
export function useSearchMatch(search: string | undefined): SearchMatch | undefined {
  if (!search?.trim()) return undefined;
  return searchRule.loaded() ?? use(searchRule.load());
}
