import type { CategoryId, Product } from "../catalogue.ts";

export type ProductFilters = {
  category?: CategoryId | undefined;
  search?: string | undefined;
  organic?: boolean | undefined;
  local?: boolean | undefined;
  inSeason?: boolean | undefined;
  featured?: boolean | undefined;
};

export const MAX_SEARCH_LENGTH = 100;

/** How a search finds a product: `matchesSearch` (product-search.ts). */
export type SearchMatch = (product: Product, needle: string) => boolean;

const noSearchRule: SearchMatch = () => {
  throw new Error("A search needs the search rule: pass matchesSearch (product-search.ts)");
};

/**
 * The shop's rule: category, search text and every switched-on toggle must all match. A search
 * is matched by `matches`, which a caller with no search need not load.
 */
export function filterProducts<T extends Product>(
  products: readonly T[],
  filters: ProductFilters,
  matches: SearchMatch = noSearchRule,
) {
  const needle = filters.search?.trim() ?? "";
  return products.filter(
    (product) =>
      (!filters.category || product.category === filters.category) &&
      (!needle || matches(product, needle)) &&
      (!filters.organic || product.organic) &&
      (!filters.local || product.local) &&
      (!filters.inSeason || product.inSeason) &&
      (!filters.featured || product.featured),
  );
}

/** The badge on the filters panel counts the toggles plus a non-empty search. */
export function countActiveFilters(filters: ProductFilters): number {
  return (
    [filters.organic, filters.local, filters.inSeason].filter(Boolean).length +
    (filters.search?.trim() ? 1 : 0)
  );
}
