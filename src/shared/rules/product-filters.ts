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

/** The shop's rule: category, search text and every switched-on toggle must all match. */
export function filterProducts<T extends Product>(products: readonly T[], filters: ProductFilters) {
  const needle = filters.search?.trim().toLowerCase() ?? "";
  return products.filter(
    (product) =>
      (!filters.category || product.category === filters.category) &&
      (!needle ||
        product.name.toLowerCase().includes(needle) ||
        product.description.toLowerCase().includes(needle)) &&
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
