// A product's lots, the lots past their best-before date, and the two ways to deal with one:
// write it off (an ordinary write-off movement naming the lot) or mark it checked.
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type {
  ExpiredLotList,
  StockLot,
  StockLotList,
  StockMovementRequest,
  StockMovementResult,
} from "../../../../shared/contracts/inventory.ts";
import { api } from "../../../lib/api-client.ts";
import { productUrl, useRefreshInventory } from "./products.ts";
import { INVENTORY_API, inventoryKeys } from "./query-keys.ts";

export type ExpiredLot = ExpiredLotList["lots"][number];

/** The product's lots with stock left, oldest first: the order sales take them in. */
export const stockLotsQuery = (id: string) =>
  queryOptions({
    queryKey: inventoryKeys.lots(id),
    queryFn: () => api.get<StockLotList>(`${productUrl(id)}/lots`),
  });

export const useStockLots = (id: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...stockLotsQuery(id), enabled });

/** Lots past their best-before date with stock left and not checked: kept off sale. */
export const expiredLotsQuery = queryOptions({
  queryKey: inventoryKeys.expiredLots(),
  queryFn: () => api.get<ExpiredLotList>(`${INVENTORY_API}/lots/expired`),
  // Kept fresh by the live event stream; a slow poll covers a stream that cannot connect.
  refetchInterval: 60_000,
});

export const useExpiredLots = ({ enabled }: { enabled: boolean }) =>
  useQuery({ ...expiredLotsQuery, enabled });

/** The whole of what is left in the lot, written off as expired. */
export function useWriteOffLot() {
  const refresh = useRefreshInventory();
  return useMutation({
    mutationFn: (lot: Pick<StockLot, "id" | "productId" | "remaining">) => {
      const movement: StockMovementRequest = {
        kind: "write_off",
        quantity: lot.remaining,
        reason: "expired",
        lotId: lot.id,
      };
      return api.post<StockMovementResult>(`${productUrl(lot.productId)}/movements`, movement);
    },
    onSuccess: (result) => refresh(result.product),
  });
}

/** The manager looked at the lot and it is still fit to sell: it goes back on sale. */
export function useCheckLot() {
  const refresh = useRefreshInventory();
  return useMutation({
    mutationFn: ({ lotId, note }: { lotId: number; note?: string }) =>
      api.post<{ lot: StockLot }>(`${INVENTORY_API}/lots/${lotId}/check`, note ? { note } : {}),
    onSuccess: () => refresh(),
  });
}
