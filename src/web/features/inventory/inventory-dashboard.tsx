// The Inventory Manager's dashboard (/admin/dashboard/1): loaded lazily by the staff shell, so none
// of it, nor its chart library, reaches the storefront.
import { Download, Plus, Upload } from "lucide-react";
import { useMemo, useState } from "react";
import type { BulkAction } from "../../../shared/contracts/inventory-bulk.ts";
import { LARGE_ORDER_TEXT } from "../../../shared/rules/large-order-share.ts";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { LoadError } from "../../components/ui/query-state.tsx";
import { useSearchParams } from "../../lib/router/index.ts";
import { LargeOrderNotices } from "../sales/large-order-notices.tsx";
import { SavedViewsMenu } from "../staff/ui/saved-views-menu.tsx";
import { KeyboardShortcuts } from "../staff/ui/shortcuts-help.tsx";
import { CATALOGUE_EXPORT_URL } from "./api/catalogue-csv.ts";
import { useInventoryProducts } from "./api/products.ts";
import { BulkActionDialog } from "./components/bulk-action-dialog.tsx";
import { BulkBar } from "./components/bulk-bar.tsx";
import { CsvImportDialog } from "./components/csv-import-dialog.tsx";
import { EventOutlookCard } from "./components/event-outlook.tsx";
import { ExpiredLots } from "./components/expired-lots.tsx";
import { ProductFilters, type TableFilters, toListQuery } from "./components/product-filters.tsx";
import { ProductFormDialog } from "./components/product-form-dialog.tsx";
import { ProductTable, ProductTableSkeleton } from "./components/product-table.tsx";
import { SalesChartCard } from "./components/sales-chart-card.tsx";
import { StockDialog } from "./components/stock-dialog.tsx";
import { SummaryFigures } from "./components/summary-figures.tsx";
import {
  type OpenDialog,
  readTableAddress,
  type TableAddress,
  tableSearch,
} from "./table-address.ts";
import { useInventoryLive } from "./use-inventory-live.ts";

export function InventoryDashboard() {
  useInventoryLive();
  // The filters and the product open in a dialog are the address's: a reload or a shared link
  // keeps them.
  const [params, setParams] = useSearchParams();
  const address = useMemo(() => readTableAddress(params), [params]);
  const { filters, open } = address;
  const go = (next: TableAddress) =>
    void setParams(tableSearch(next), { replace: true, preventScrollReset: true });
  const setFilters = (next: TableFilters) => go({ filters: next, open });
  const setOpen = (next: OpenDialog) => go({ filters, open: next });
  const close = () => setOpen(undefined);
  const editing = open?.dialog === "add" || open?.dialog === "edit" ? open : undefined;
  const stockOf = open?.dialog === "stock" ? open.id : undefined;
  const products = useInventoryProducts(toListQuery(filters));
  // A saved view replaces the filters; the filters' own fields start again from the address.
  const [viewsApplied, setViewsApplied] = useState(0);
  const applyView = (query: string) => {
    setFilters(readTableAddress(new URLSearchParams(query)).filters);
    setViewsApplied((count) => count + 1);
  };
  const shown = products.data?.products ?? [];
  // Ticked rows, by id: only those still shown count, so a filter never acts on hidden rows.
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => new Set());
  const selected = shown.filter((product) => ticked.has(product.id));
  const [bulk, setBulk] = useState<BulkAction>();
  const [bulkDone, setBulkDone] = useState("");
  // Archive acts on the ticked rows on sale, unarchive on the archived ones; the rest on all.
  const bulkProducts = selected.filter((product) =>
    bulk === "archive" ? !product.archived : bulk === "restore" ? product.archived : true,
  );
  const selection = {
    selected: ticked,
    onSelect: (id: string, on: boolean) =>
      setTicked((before) => {
        const next = new Set(before);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    onSelectAll: (on: boolean) =>
      setTicked(on ? new Set(shown.map((product) => product.id)) : new Set()),
  };

  const showLow = () => {
    setFilters({ ...filters, lowOnly: !filters.lowOnly });
    document.getElementById("inventory-products")?.scrollIntoView();
  };
  // Sized for a thumb on a phone, for a pointer on wider screens.
  const headerButton = "sm:h-11 sm:px-5";

  // The products come first in the page's order, as on a phone they come first on screen: the
  // work before the figures. Wider screens draw the figures above the table (md:order-*).
  return (
    <div className="flex flex-col gap-5 md:gap-8">
      {/* The notices' live regions are always there, empty: only a notice shown takes room. */}
      <div className="[&>div:has(>section)]:mt-5 md:[&>div:has(>section)]:mt-8">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between sm:gap-4">
          <div className="hidden sm:block">
            <h2 className="font-display text-2xl font-bold text-ink-900 sm:text-3xl">
              Stock at a glance
            </h2>
            <p className="mt-1 text-sm text-ink-500">
              Figures update by themselves as orders come in and stock moves. Days are India days.
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" className={headerButton} onClick={() => setOpen({ dialog: "add" })}>
              <Plus aria-hidden="true" className="h-4 w-4" /> Add product
            </Button>
            <a
              href={CATALOGUE_EXPORT_URL}
              download
              className={buttonClass({ variant: "outline", size: "sm" }, headerButton)}
            >
              <Download aria-hidden="true" className="hidden h-4 w-4 sm:block" /> Export
              <span className="sr-only sm:not-sr-only"> CSV</span>
            </a>
            <Button
              variant="outline"
              size="sm"
              className={headerButton}
              onClick={() => setOpen({ dialog: "import" })}
            >
              <Upload aria-hidden="true" className="hidden h-4 w-4 sm:block" /> Import
              <span className="sr-only sm:not-sr-only"> CSV</span>
            </Button>
          </div>
        </div>

        <LargeOrderNotices
          dashboard="inventory"
          action={{
            label: LARGE_ORDER_TEXT.openStock,
            nameFor: (notice) => LARGE_ORDER_TEXT.openStockFor(notice.productName),
            run: (notice) => setOpen({ dialog: "stock", id: notice.productId }),
          }}
        />

        <ExpiredLots />
      </div>

      <section
        id="inventory-products"
        aria-labelledby="inventory-products-heading"
        className="scroll-mt-24 space-y-4 md:order-2"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <h2
              id="inventory-products-heading"
              className="font-display text-2xl font-bold text-ink-900"
            >
              Products
            </h2>
            {products.data && (
              <p className="text-sm text-ink-500" aria-live="polite">
                {products.data.total} {products.data.total === 1 ? "product" : "products"}
                {products.isFetching && !products.isPending ? " · updating…" : ""}
                {/* What a bulk action did, read out with the count it changed. */}
                {bulkDone && (
                  <span className="block font-semibold text-brand-700 sm:inline">
                    <span className="hidden sm:inline"> · </span>
                    {bulkDone}
                  </span>
                )}
              </p>
            )}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <SavedViewsMenu
              dashboard="inventory"
              query={tableSearch({ filters, open: undefined }).toString()}
              onApply={applyView}
            />
            <KeyboardShortcuts dashboard="inventory" />
          </div>
        </div>
        <ProductFilters key={viewsApplied} filters={filters} onChange={setFilters} />
        {products.isPending ? (
          <ProductTableSkeleton />
        ) : products.isError && !products.data ? (
          <LoadError error={products.error} onRetry={() => products.refetch()} />
        ) : (
          <ProductTable
            products={shown}
            selection={selection}
            onEdit={(product) => setOpen({ dialog: "edit", id: product.id })}
            onStock={(product) => setOpen({ dialog: "stock", id: product.id })}
          />
        )}
        <BulkBar
          products={selected}
          onAction={(action) => {
            setBulkDone("");
            setBulk(action);
          }}
          onClear={() => setTicked(new Set())}
        />
      </section>

      <div className="md:order-1">
        <SummaryFigures lowOnly={filters.lowOnly} onShowLow={showLow} />
      </div>

      <div className="space-y-5 md:order-3 md:space-y-8">
        <EventOutlookCard />
        <SalesChartCard />
      </div>

      <ProductFormDialog
        open={editing !== undefined}
        productId={editing?.dialog === "edit" ? editing.id : undefined}
        onOpenChange={(isOpen) => !isOpen && close()}
      />
      <StockDialog productId={stockOf} onClose={close} />
      <BulkActionDialog
        action={bulk}
        products={bulkProducts}
        onClose={() => setBulk(undefined)}
        onDone={(message) => {
          setBulk(undefined);
          setTicked(new Set());
          setBulkDone(message);
        }}
      />
      <CsvImportDialog
        open={open?.dialog === "import"}
        onOpenChange={(isOpen) => setOpen(isOpen ? { dialog: "import" } : undefined)}
      />
    </div>
  );
}
