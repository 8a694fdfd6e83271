import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CategoryList, ProductList } from "../../../../shared/contracts/catalogue.ts";
import { api } from "../../../lib/api-client.ts";

/** The whole catalogue (about 60 items): the shop filters it in the browser with the shared rule. */
export const productsQuery = queryOptions({
  queryKey: ["products"],
  queryFn: () => api.get<ProductList>("/api/products"),
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

export const useProducts = () => useQuery(productsQuery);
export const useFeaturedProducts = () => useQuery(featuredProductsQuery);
export const useCategories = () => useQuery(categoriesQuery);
