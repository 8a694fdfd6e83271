import { type DehydratedState, dehydrate, QueryCache } from "@tanstack/react-query";
import type { PageRenderInput } from "../../shared/contracts/page-render.ts";
import { filterProducts } from "../../shared/rules/product-filters.ts";
import { createQueryClient } from "../app/query-client.ts";
import {
  categoriesQuery,
  featuredProductsQuery,
  productsQuery,
} from "../features/catalogue/api/products.ts";
import { siteSettingsQuery } from "../features/site/api/site-settings.ts";

/** Remembers which queries the page's components asked for while it rendered. */
class RecordingQueryCache extends QueryCache {
  readonly asked = new Set<string>();
  override build: QueryCache["build"] = (client, options, state) => {
    const query = super.build(client, options, state);
    this.asked.add(query.queryHash);
    return query;
  };
}

/**
 * A query client holding the catalogue the server caches and the store's settings, under the
 * keys the pages ask for, as the API would answer them. After the render, `pageData` keeps only
 * the queries the page used, so a page without products carries none, and `showsCatalogue` says
 * whether any of them was the catalogue's.
 */
export function seededQueryClient(
  { products, categories, loadedAt }: PageRenderInput["catalogue"],
  site: PageRenderInput["site"],
) {
  const cache = new RecordingQueryCache();
  const client = createQueryClient(cache);
  const featured = filterProducts(products, { featured: true });
  client.setQueryData(
    productsQuery.queryKey,
    { products, total: products.length },
    { updatedAt: loadedAt },
  );
  client.setQueryData(
    featuredProductsQuery.queryKey,
    { products: featured, total: featured.length },
    { updatedAt: loadedAt },
  );
  client.setQueryData(categoriesQuery.queryKey, { categories }, { updatedAt: loadedAt });
  const catalogueHashes = new Set(cache.getAll().map((query) => query.queryHash));
  client.setQueryData(siteSettingsQuery.queryKey, site);
  cache.asked.clear();

  return {
    client,
    showsCatalogue: () => [...cache.asked].some((hash) => catalogueHashes.has(hash)),
    pageData: (): DehydratedState =>
      dehydrate(client, {
        shouldDehydrateQuery: (query) =>
          cache.asked.has(query.queryHash) && query.state.status === "success",
      }),
  };
}
