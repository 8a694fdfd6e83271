// The Inventory table's filters and the product open in a dialog live in the address
// (`/admin/dashboard/1?q=gourd&low=1&stock=bitter-gourd`): a reload keeps them and a link shows a
// colleague the same products. What the address cannot mean is left out, never an error.
import { CATEGORY_IDS } from "../../../shared/catalogue.ts";
import { MAX_SEARCH_LENGTH } from "../../../shared/rules/product-filters.ts";
import {
  DEFAULT_FILTERS,
  SORT_CHOICES,
  type SortChoice,
  type TableFilters,
} from "./components/product-filters.tsx";

/** A product open for its stock or for editing, the form for a new one, or the CSV import. */
export type OpenDialog =
  | { dialog: "stock"; id: string }
  | { dialog: "edit"; id: string }
  | { dialog: "add" }
  | { dialog: "import" }
  | undefined;

export type TableAddress = { filters: TableFilters; open: OpenDialog };

const PRODUCT_ID = /^[a-z0-9][a-z0-9-]{0,79}$/;

const productIn = (value: string | null) => (value && PRODUCT_ID.test(value) ? value : undefined);

function openIn(params: URLSearchParams): OpenDialog {
  const stock = productIn(params.get("stock"));
  if (stock) return { dialog: "stock", id: stock };
  const edit = productIn(params.get("edit"));
  if (edit) return { dialog: "edit", id: edit };
  if (params.get("add") === "1") return { dialog: "add" };
  return params.get("import") === "1" ? { dialog: "import" } : undefined;
}

export function readTableAddress(params: URLSearchParams): TableAddress {
  const category = params.get("category") ?? "";
  const sort = params.get("sort") ?? "";
  return {
    filters: {
      search: (params.get("q") ?? "").slice(0, MAX_SEARCH_LENGTH),
      category: (CATEGORY_IDS as readonly string[]).includes(category) ? category : "",
      order: Object.hasOwn(SORT_CHOICES, sort) ? (sort as SortChoice) : DEFAULT_FILTERS.order,
      lowOnly: params.get("low") === "1",
      includeArchived: params.get("archived") === "1",
    },
    open: openIn(params),
  };
}

/** The address's query for the table: only what differs from its defaults. */
export function tableSearch({ filters, open }: TableAddress): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set("q", filters.search);
  if (filters.category) params.set("category", filters.category);
  if (filters.order !== DEFAULT_FILTERS.order) params.set("sort", filters.order);
  if (filters.lowOnly) params.set("low", "1");
  if (filters.includeArchived) params.set("archived", "1");
  if (open?.dialog === "add" || open?.dialog === "import") params.set(open.dialog, "1");
  else if (open) params.set(open.dialog, open.id);
  return params;
}
