import { isCategoryId } from "../../../shared/catalogue.ts";
import { MAX_SEARCH_LENGTH, type ProductFilters } from "../../../shared/rules/product-filters.ts";
import { queryString } from "../../lib/query-string.ts";

/** The shop's filters as its address holds them, so a filtered shop can be shared and drawn. */
export type ShopQuery = Omit<ProductFilters, "featured">;

const TOGGLE_NAMES = ["organic", "local", "inSeason"] as const;

/** An unknown category shows everything rather than an empty page; a toggle is on as "1". */
export function shopQueryOf(params: URLSearchParams): ShopQuery {
  const category = params.get("category");
  const search = params.get("search")?.slice(0, MAX_SEARCH_LENGTH);
  const filters: ShopQuery = {
    category: isCategoryId(category) ? category : undefined,
    search: search || undefined,
  };
  for (const name of TOGGLE_NAMES) if (params.get(name) === "1") filters[name] = true;
  return filters;
}

export function shopPath({ category, search, organic, local, inSeason }: ShopQuery): string {
  const on = (value: boolean | undefined) => (value ? 1 : undefined);
  return `/shop${queryString({
    category,
    search: search?.trim() ? search : undefined,
    organic: on(organic),
    local: on(local),
    inSeason: on(inSeason),
  })}`;
}
