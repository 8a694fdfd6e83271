import { Search } from "lucide-react";
import type { InputHTMLAttributes } from "react";
import { MAX_SEARCH_LENGTH } from "../../../../shared/rules/product-filters.ts";
import { Input } from "../../../components/ui/field.tsx";

/**
 * A dashboard's search box: the magnifier, the store's one search length, and the marker `/`
 * focuses (use-shortcuts.ts). Label it with a <label htmlFor> beside it.
 */
export function SearchInput(props: InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="relative">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute left-3.5 top-1/2 h-4 w-4 -translate-y-1/2 text-ink-500"
      />
      <Input
        type="search"
        data-shortcut-search
        maxLength={MAX_SEARCH_LENGTH}
        autoComplete="off"
        className="pl-10"
        {...props}
      />
    </div>
  );
}
