import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CategoryList, ProductList } from "../../../../shared/contracts/catalogue.ts";
import { api } from "../../../lib/api-client.ts";

/** The whole catalogue (about 60 items): the shop filters it in the browser with the shared rule. */
const PRODUCTS_URL = "/api/products";

export const productsQuery = queryOptions({
  queryKey: ["products"],
  queryFn: () => api.get<ProductList>(PRODUCTS_URL),
  staleTime: 30_000,
});

export const featuredProductsQuery = queryOptions({
  queryKey: ["products", { featured: true }],
  queryFn: () => api.get<ProductList>("/api/products?featured=true"),
  staleTime: 30_000,
});

export const categoriesQuery = queryOptions({
  queryKey: ["categories"],
  queryFn: () => api.get<CategoryList>("/api/categories"),
  staleTime: 5 * 60_000,
});

/** Drawn by the server, the page carries the catalogue with it; in the browser it is fetched. */
export const useProducts = () => useQuery(productsQuery);
export const useFeaturedProducts = () => useQuery(featuredProductsQuery);
export const useCategories = () => useQuery(categoriesQuery);
