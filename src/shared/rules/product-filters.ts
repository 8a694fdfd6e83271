import type { CategoryId, Product } from "../catalogue.ts";
import { matchesSpellings, searchSpellings } from "./transliterate.ts";

export type ProductFilters = {
  category?: CategoryId | undefined;
  search?: string | undefined;
  organic?: boolean | undefined;
  local?: boolean | undefined;
  inSeason?: boolean | undefined;
  featured?: boolean | undefined;
};

export const MAX_SEARCH_LENGTH = 100;

// Worked out once per product object: the catalogue is the same objects until it is read again.
const spellingsKept = new WeakMap<object, string[]>();

/** What a product is found by: its names in every language (typed in Latin too), its description. */
function spellingsOf(product: Product): string[] {
  let spellings = spellingsKept.get(product);
  if (!spellings) {
    spellings = [
      ...searchSpellings([product.name, product.nameOr, product.nameHi]),
      product.description.toLowerCase(),
    ];
    spellingsKept.set(product, spellings);
  }
  return spellings;
}

/**
 * The shop's rule: category, search text and every switched-on toggle must all match. The search
 * finds a product by any of its names, as written or typed in Latin letters ("tamatar").
 */
export function filterProducts<T extends Product>(products: readonly T[], filters: ProductFilters) {
  const needle = filters.search?.trim() ?? "";
  return products.filter(
    (product) =>
      (!filters.category || product.category === filters.category) &&
      (!needle || matchesSpellings(spellingsOf(product), needle)) &&
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
