import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type {
  InventoryProduct,
  InventoryProductList,
  InventoryProductListQuery,
  ProductForm,
  UpdateProduct,
} from "../../../../shared/contracts/inventory.ts";
import { api } from "../../../lib/api-client.ts";
import { queryString } from "../../../lib/query-string.ts";
import { INVENTORY_API, inventoryKeys } from "./query-keys.ts";

const productUrl = (id: string) => `${INVENTORY_API}/products/${encodeURIComponent(id)}`;

export const inventoryProductsQuery = (query: InventoryProductListQuery) =>
  queryOptions({
    queryKey: inventoryKeys.productList(query),
    queryFn: () => api.get<InventoryProductList>(`${INVENTORY_API}/products${queryString(query)}`),
    // Typing in the search box keeps the last table on screen instead of a spinner per letter.
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });

export const useInventoryProducts = (query: InventoryProductListQuery) =>
  useQuery(inventoryProductsQuery(query));

export const inventoryProductQuery = (id: string) =>
  queryOptions({
    queryKey: inventoryKeys.product(id),
    queryFn: () => api.get<InventoryProduct>(productUrl(id)),
  });

export const useInventoryProduct = (id: string | undefined) =>
  useQuery({ ...inventoryProductQuery(id ?? ""), enabled: Boolean(id) });

/** After any write: the figures, every table and the product itself may all have moved. */
export function useRefreshInventory() {
  const queryClient = useQueryClient();
  return (product?: InventoryProduct) => {
    if (product) queryClient.setQueryData(inventoryKeys.product(product.id), product);
    // The shop's own catalogue query, for a manager who has the storefront open in this tab too.
    void queryClient.invalidateQueries({ queryKey: ["products"] });
    return queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
  };
}

export function useCreateProduct() {
  const refresh = useRefreshInventory();
  return useMutation({
    mutationFn: (form: ProductForm) =>
      api.post<InventoryProduct>(`${INVENTORY_API}/products`, form),
    onSuccess: (product) => refresh(product),
  });
}

export function useUpdateProduct(id: string) {
  const refresh = useRefreshInventory();
  return useMutation({
    mutationFn: (form: UpdateProduct) => api.put<InventoryProduct>(productUrl(id), form),
    onSuccess: (product) => refresh(product),
  });
}

export function useArchiveProduct(id: string) {
  const refresh = useRefreshInventory();
  return useMutation({
    mutationFn: ({ archive, version }: { archive: boolean; version: number }) =>
      api.post<InventoryProduct>(`${productUrl(id)}/${archive ? "archive" : "restore"}`, {
        version,
      }),
    onSuccess: (product) => refresh(product),
  });
}

export { productUrl };
