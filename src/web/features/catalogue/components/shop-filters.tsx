import { Search, SlidersHorizontal, X } from "lucide-react";
import { useId, useState } from "react";
import type { ProductFilters } from "../../../../shared/rules/product-filters.ts";
import { countActiveFilters, MAX_SEARCH_LENGTH } from "../../../../shared/rules/product-filters.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/field.tsx";
import { cn } from "../../../lib/cn.ts";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";

export type ToggleKey = "organic" | "local" | "inSeason";
export const TOGGLES: { key: ToggleKey; label: string }[] = [
  { key: "organic", label: /*i18n*/ "Organic" },
  { key: "local", label: /*i18n*/ "Local" },
  { key: "inSeason", label: /*i18n*/ "In Season" },
];

type Props = {
  filters: ProductFilters;
  onSearch(text: string): void;
  onToggle(key: ToggleKey): void;
  onClearAll(): void;
};

export function ShopFilters({ filters, onSearch, onToggle, onClearAll }: Props) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const active = countActiveFilters(filters);
  const search = filters.search?.trim();
  const { i18n } = useLingui();

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute left-4 top-3.5 h-4 w-4 text-ink-500"
          />
          <Input
            type="search"
            aria-label={i18n._("Search products")}
            placeholder={i18n._("Search fruits, vegetables, dairy, herbs...")}
            value={filters.search ?? ""}
            maxLength={MAX_SEARCH_LENGTH}
            onChange={(event) => onSearch(event.target.value)}
            className="pl-10"
          />
        </div>
        <Button
          variant="outline"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
        >
          <SlidersHorizontal aria-hidden="true" className="h-4 w-4" /> {i18n._("Filters")}
          {active > 0 && (
            <span
              data-testid="filter-count"
              className="ml-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-600 px-1 text-xs text-white"
            >
              {active}
              <span className="sr-only"> {i18n._("active")}</span>
            </span>
          )}
        </Button>
      </div>

      {open && (
        <fieldset
          id={panelId}
          className="flex flex-wrap gap-3 rounded-2xl bg-white p-4 shadow-card"
        >
          <legend className="sr-only">{i18n._("Filters")}</legend>
          {TOGGLES.map(({ key, label }) => {
            const on = Boolean(filters[key]);
            return (
              <button
                key={key}
                type="button"
                role="switch"
                aria-checked={on}
                onClick={() => onToggle(key)}
                className={cn(
                  "inline-flex items-center gap-2 rounded-full border px-4 py-2 text-sm font-semibold transition-colors",
                  on
                    ? "border-brand-600 bg-brand-600 text-white"
                    : "border-ink-500/30 bg-white text-ink-700 hover:border-brand-600",
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    "h-3 w-3 rounded-full border",
                    on ? "border-white bg-white" : "border-ink-500",
                  )}
                />
                {i18n._(label)}
              </button>
            );
          })}
        </fieldset>
      )}

      {active > 0 && (
        <fieldset className="flex flex-wrap items-center gap-2">
          <legend className="sr-only">{i18n._("Active filters")}</legend>
          {search && (
            <Chip label={i18n._('Search: "{search}"', { search })} onRemove={() => onSearch("")} />
          )}
          {TOGGLES.filter(({ key }) => filters[key]).map(({ key, label }) => (
            <Chip key={key} label={i18n._(label)} onRemove={() => onToggle(key)} />
          ))}
          <Button variant="ghost" size="sm" onClick={onClearAll}>
            {i18n._("Clear All")}
          </Button>
        </fieldset>
      )}
    </div>
  );
}

function Chip({ label, onRemove }: { label: string; onRemove(): void }) {
  const { i18n } = useLingui();
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-brand-100 py-1 pl-3 pr-1 text-sm font-semibold text-brand-800">
      {label}
      <button
        type="button"
        onClick={onRemove}
        aria-label={i18n._("Remove filter {label}", { label })}
        className="rounded-full p-1 hover:bg-brand-200"
      >
        <X aria-hidden="true" className="h-3.5 w-3.5" />
      </button>
    </span>
  );
}
