import type { Category, Product } from "../../../shared/catalogue.ts";
import type { PageRenderInput } from "../../../shared/contracts/page-render.ts";
import { filterProducts, type ProductFilters } from "../../../shared/rules/product-filters.ts";
import { matchesSearch } from "../../../shared/rules/product-search.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { notFound } from "../../http/app-error.ts";
import { type CachedBody, toCachedBody } from "../../http/cached-body.ts";
import { readAllProducts, readCategories, readProduct } from "./catalogue-repository.ts";

const MAX_CACHED_QUERIES = 256;

type Snapshot = PageRenderInput["catalogue"];

function queryKey(filters: ProductFilters): string {
  return [
    filters.category ?? "",
    filters.search?.trim().toLowerCase() ?? "",
    filters.organic ? 1 : 0,
    filters.local ? 1 : 0,
    filters.inSeason ? 1 : 0,
    filters.featured ? 1 : 0,
  ].join("|");
}

/**
 * The catalogue (products and categories) is read by every visitor and changes rarely, so each
 * instance keeps it in memory for a few seconds (CATALOGUE_CACHE_SECONDS) and answers from
 * ready-made bytes, refreshing in the background. Stock shown may lag by about that long;
 * checkout re-reads the database, so no order relies on it. With a read replica the list comes
 * from it, except the first load after a staff edit, which reads the primary so the editor's own
 * change is what gets cached.
 */
export function createCatalogueService(
  database: Pick<DatabaseHandle, "db" | "reads">,
  cacheSeconds: number,
) {
  const db = database.reads.db;
  let snapshot: Snapshot | undefined;
  let loading: Promise<Snapshot> | undefined;
  // Bumped by each edit: a list that began loading before an edit is answered but not kept.
  let generation = 0;
  let edited = false;
  const answers = new Map<string, CachedBody>();

  function reload(): Promise<Snapshot> {
    if (loading) return loading;
    const source = edited ? database.db : db;
    const started = generation;
    edited = false;
    loading = Promise.all([readAllProducts(source), readCategories(source)])
      .then(([products, categories]) => {
        const loaded = { products, categories, loadedAt: Date.now() };
        if (started === generation) {
          snapshot = loaded;
          answers.clear();
        }
        return loaded;
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  }

  /** A stale list is answered at once while a fresh one loads, so no request waits on it. */
  function loaded(): Snapshot | undefined {
    if (snapshot && Date.now() - snapshot.loadedAt >= cacheSeconds * 1000) {
      void reload().catch(() => {});
    }
    return snapshot;
  }

  async function current(): Promise<Snapshot> {
    return loaded() ?? reload();
  }

  return {
    /** The whole catalogue as cached, for the pages the server draws. */
    current,

    async listProducts(filters: ProductFilters): Promise<CachedBody> {
      const all = (await current()).products;
      const key = queryKey(filters);
      const hit = answers.get(key);
      if (hit) return hit;
      const matching = filterProducts(all, filters, matchesSearch);
      const answer = toCachedBody({ products: matching, total: matching.length });
      if (answers.size >= MAX_CACHED_QUERIES) answers.clear();
      answers.set(key, answer);
      return answer;
    },

    /**
     * What gives the bytes `listProducts` answered for these filters while they still hold, and
     * nothing once an edit or a reload has dropped them (the next `listProducts` makes them again).
     */
    readyList(filters: ProductFilters): () => CachedBody | undefined {
      const key = queryKey(filters);
      return () => loaded() && answers.get(key);
    },

    async getProduct(id: string): Promise<Required<Product>> {
      const product = await readProduct(db, id);
      if (!product) throw notFound(`No product with id "${id}"`);
      return product;
    },

    async listCategories(): Promise<Category[]> {
      return (await current()).categories;
    },

    /** Staff edits call this so the editing instance shows the change at once. */
    invalidate(): void {
      generation++;
      edited = true;
      snapshot = undefined;
      answers.clear();
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
