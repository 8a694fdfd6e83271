import { z } from "zod";
import { type CategoryId, categoryIdSchema, type Product } from "../catalogue.ts";

const MAX_SEARCH_LENGTH = 100;

/** Query-string booleans arrive as text; only "true" and "1" switch a filter on. */
const flag = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0"])])
  .transform((value) => value === true || value === "true" || value === "1")
  .optional();

export const productFiltersSchema = z
  .object({
    category: categoryIdSchema.optional(),
    search: z
      .string()
      .max(MAX_SEARCH_LENGTH, `search must be at most ${MAX_SEARCH_LENGTH} characters`)
      .optional(),
    organic: flag,
    local: flag,
    inSeason: flag,
    featured: flag,
  })
  .strict();

export type ProductFilters = {
  category?: CategoryId | undefined;
  search?: string | undefined;
  organic?: boolean | undefined;
  local?: boolean | undefined;
  inSeason?: boolean | undefined;
  featured?: boolean | undefined;
};

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

export function isCategoryId(value: string | null | undefined): value is CategoryId {
  return categoryIdSchema.safeParse(value).success;
}
