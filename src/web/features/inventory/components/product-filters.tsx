import { Search } from "lucide-react";
import { useEffect, useState } from "react";
import { CATEGORY_IDS, CATEGORY_NAMES } from "../../../../shared/catalogue.ts";
import type {
  InventoryProductListQuery,
  InventorySort,
} from "../../../../shared/contracts/inventory.ts";
import { MAX_SEARCH_LENGTH } from "../../../../shared/rules/product-filters.ts";
import { Input, Select } from "../../../components/ui/field.tsx";
import { useSettled } from "../../../lib/use-settled.ts";

export type TableFilters = {
  search: string;
  category: string;
  order: SortChoice;
  lowOnly: boolean;
  includeArchived: boolean;
};

export const SORT_CHOICES = {
  name: { label: "Name (A to Z)", sort: "name", descending: false },
  "stock-low": { label: "Stock (lowest first)", sort: "stock", descending: false },
  "stock-high": { label: "Stock (highest first)", sort: "stock", descending: true },
  cover: { label: "Days of cover (fewest first)", sort: "cover", descending: false },
  sold: { label: "Sold in 7 days (most first)", sort: "sold", descending: false },
} as const satisfies Record<string, { label: string; sort: InventorySort; descending: boolean }>;
export type SortChoice = keyof typeof SORT_CHOICES;

export const DEFAULT_FILTERS: TableFilters = {
  search: "",
  category: "",
  order: "name",
  lowOnly: false,
  includeArchived: false,
};

export function toListQuery(filters: TableFilters): InventoryProductListQuery {
  const choice = SORT_CHOICES[filters.order];
  return {
    search: filters.search.trim() || undefined,
    category: (CATEGORY_IDS as readonly string[]).includes(filters.category)
      ? (filters.category as InventoryProductListQuery["category"])
      : undefined,
    sort: choice.sort,
    descending: choice.descending || undefined,
    lowOnly: filters.lowOnly || undefined,
    includeArchived: filters.includeArchived || undefined,
  };
}

export function ProductFilters({
  filters,
  onChange,
}: {
  filters: TableFilters;
  onChange(next: TableFilters): void;
}) {
  const [search, setSearch] = useState(filters.search);
  const settled = useSettled(search, 250);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled search is passed on
  useEffect(() => {
    if (settled !== filters.search) onChange({ ...filters, search: settled });
  }, [settled]);

  return (
    // On a phone the two selects share a line, so the products start higher.
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1.3fr)_auto]">
      <div className="relative col-span-2 sm:col-span-1">
        <label htmlFor="inventory-search" className="sr-only">
          Search products
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute left-3.5 top-1/2 h-4 w-4 -translate-y-1/2 text-ink-500"
        />
        <Input
          id="inventory-search"
          type="search"
          data-shortcut-search
          placeholder="Search products"
          value={search}
          maxLength={MAX_SEARCH_LENGTH}
          onChange={(event) => setSearch(event.target.value)}
          className="pl-10"
        />
      </div>
      <div>
        <label htmlFor="inventory-category" className="sr-only">
          Category
        </label>
        <Select
          id="inventory-category"
          value={filters.category}
          onChange={(event) => onChange({ ...filters, category: event.target.value })}
        >
          <option value="">All categories</option>
          {CATEGORY_IDS.map((id) => (
            <option key={id} value={id}>
              {CATEGORY_NAMES[id]}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <label htmlFor="inventory-sort" className="sr-only">
          Sort by
        </label>
        <Select
          id="inventory-sort"
          value={filters.order}
          onChange={(event) => onChange({ ...filters, order: event.target.value as SortChoice })}
        >
          {Object.entries(SORT_CHOICES).map(([value, choice]) => (
            <option key={value} value={value}>
              Sort: {choice.label}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm font-semibold text-ink-700 col-span-2 lg:col-span-1">
        <label className="inline-flex cursor-pointer items-center gap-2">
          <input
            type="checkbox"
            className="h-5 w-5 accent-brand-600"
            checked={filters.lowOnly}
            onChange={(event) => onChange({ ...filters, lowOnly: event.target.checked })}
          />
          Low or out only
        </label>
        <label className="inline-flex cursor-pointer items-center gap-2">
          <input
            type="checkbox"
            className="h-5 w-5 accent-brand-600"
            checked={filters.includeArchived}
            onChange={(event) => onChange({ ...filters, includeArchived: event.target.checked })}
          />
          Show archived
        </label>
      </div>
    </div>
  );
}
