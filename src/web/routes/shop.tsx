import { PackageSearch } from "lucide-react";
import { Suspense, useDeferredValue, useMemo, useState } from "react";
import { CATEGORY_IDS, CATEGORY_NAMES, type Product } from "../../shared/catalogue.ts";
import { filterProducts } from "../../shared/rules/product-filters.ts";
import { SHELL_TEXTS } from "../app/layout/shell-texts.ts";
import { Button } from "../components/ui/button.tsx";
import { LoadError } from "../components/ui/query-state.tsx";
import { useCartForCards } from "../features/cart/use-cart-for-cards.ts";
import { useProducts } from "../features/catalogue/api/products.ts";
import type { CardCart } from "../features/catalogue/components/product-card.tsx";
import {
  ProductGrid,
  ProductGridSkeleton,
} from "../features/catalogue/components/product-grid.tsx";
import { ShopFilters, type ToggleKey } from "../features/catalogue/components/shop-filters.tsx";
import { UsualProducts } from "../features/catalogue/components/usual-products.tsx";
import {
  addressSearches,
  loadSearchMatch,
  useSearchMatch,
} from "../features/catalogue/search-match.ts";
import { type ShopQuery, shopPath, shopQueryOf } from "../features/catalogue/shop-address.ts";
import { cn } from "../lib/cn.ts";
import { useLingui } from "../lib/i18n/react-binding.tsx";
import { Link, useNavigate, useSearchParams } from "../lib/router/index.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

type LocalFilters = Omit<ShopQuery, "category">;

/** An address with a search brings the search rule before the page is drawn (router.tsx). */
export const prepare = (query: URLSearchParams) =>
  addressSearches(query) ? loadSearchMatch() : undefined;

export default function ShopPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const fromAddress = shopQueryOf(params);
  const category = fromAddress.category;
  // Search and toggles answer each keystroke from here; the address follows (below).
  const [local, setLocal] = useState<LocalFilters>(() => {
    const { category: _, ...rest } = fromAddress;
    return rest;
  });
  const { data, isPending, error, refetch } = useProducts();
  const cart = useCartForCards();
  const { i18n } = useLingui();

  const filters: ShopQuery = { ...local, category };
  // The results follow a keystroke when they can: the first search keeps the last results
  // showing while its rule's code arrives, rather than a skeleton.
  const search = useDeferredValue(local.search);
  const title = category ? i18n._(CATEGORY_NAMES[category]) : i18n._("All Products");
  usePageTitle(title);

  // Each change is written to the address at once (replacing it, so Back leaves the shop), so a
  // category link or a reload keeps it. A later, delayed write could undo a link just followed.
  const change = (next: LocalFilters) => {
    setLocal(next);
    navigate(shopPath({ ...next, category }), { replace: true, preventScrollReset: true });
  };
  const toggle = (key: ToggleKey) => change({ ...local, [key]: !local[key] });
  const clearAll = () => change({});

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <header className="mb-8">
        <p className="text-sm font-semibold uppercase tracking-widest text-brand-600">
          {i18n._(SHELL_TEXTS.shop)}
        </p>
        <h1 className="mt-1 font-display text-4xl font-bold text-ink-900">{title}</h1>
      </header>

      {!category && <UsualProducts cart={cart} />}

      <nav aria-label={i18n._(SHELL_TEXTS.categories)} className="mb-6 overflow-x-auto">
        <ul className="flex min-w-max gap-2">
          {[undefined, ...CATEGORY_IDS].map((id) => {
            const active = id === category;
            return (
              <li key={id ?? "all"}>
                <Link
                  to={shopPath({ ...local, category: id })}
                  aria-current={active ? "page" : undefined}
                  className={cn(
                    "inline-block rounded-full px-5 py-2 text-sm font-semibold transition-colors",
                    active
                      ? "bg-brand-600 text-white"
                      : "bg-white text-ink-700 shadow-card hover:text-brand-700",
                  )}
                >
                  {id ? i18n._(CATEGORY_NAMES[id]) : i18n._("All")}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <ShopFilters
        filters={filters}
        onSearch={(search) => change({ ...local, search })}
        onToggle={toggle}
        onClearAll={clearAll}
      />

      <div className="mt-8">
        {error ? (
          <LoadError error={error} onRetry={() => refetch()} />
        ) : isPending ? (
          <ProductGridSkeleton />
        ) : (
          <Suspense fallback={<ProductGridSkeleton />}>
            <ShopResults
              products={data.products}
              filters={{ ...filters, search }}
              cart={cart}
              onClearAll={clearAll}
            />
          </Suspense>
        )}
      </div>
    </div>
  );
}

/**
 * The products the filters let through. A search waits here for its rule, so a page drawn with
 * a search (`?search=tamatar`) keeps the server's results until the rule's code has come.
 */
function ShopResults({
  products,
  filters,
  cart,
  onClearAll,
}: {
  products: Product[];
  filters: ShopQuery;
  cart: CardCart;
  onClearAll: () => void;
}) {
  const { i18n } = useLingui();
  const matches = useSearchMatch(filters.search);
  const { category, search, organic, local, inSeason } = filters;
  const visible = useMemo(
    () => filterProducts(products, { category, search, organic, local, inSeason }, matches),
    [products, category, search, organic, local, inSeason, matches],
  );
  return (
    <>
      <h2 className="sr-only">{i18n._("Products")}</h2>
      <p className="mb-5 text-sm text-ink-500" aria-live="polite" data-testid="result-count">
        {i18n._("Showing {count} product(s)", { count: visible.length })}
      </p>
      {visible.length === 0 ? (
        <div className="flex flex-col items-center rounded-3xl bg-white px-6 py-16 text-center shadow-card">
          <PackageSearch aria-hidden="true" className="h-12 w-12 text-brand-600" />
          <h2 className="mt-4 text-xl font-bold text-ink-900">{i18n._("No products found")}</h2>
          <p className="mt-2 text-ink-500">{i18n._("Try another search or fewer filters.")}</p>
          <Button className="mt-6" onClick={onClearAll}>
            {i18n._("Clear Filters")}
          </Button>
        </div>
      ) : (
        <ProductGrid products={visible} cart={cart} leadsPage />
      )}
    </>
  );
}
