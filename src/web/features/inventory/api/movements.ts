import { infiniteQueryOptions, useInfiniteQuery, useMutation } from "@tanstack/react-query";
import type {
  StockLedger,
  StockMovementRequest,
  StockMovementResult,
} from "../../../../shared/contracts/inventory.ts";
import { api } from "../../../lib/api-client.ts";
import { productUrl, useRefreshInventory } from "./products.ts";
import { inventoryKeys } from "./query-keys.ts";

export const stockLedgerQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: inventoryKeys.ledger(id),
    queryFn: ({ pageParam }) =>
      api.get<StockLedger>(`${productUrl(id)}/movements${pageParam ? `?cursor=${pageParam}` : ""}`),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useStockLedger = (id: string) => useInfiniteQuery(stockLedgerQuery(id));

export function useRecordMovement(id: string) {
  const refresh = useRefreshInventory();
  return useMutation({
    mutationFn: (movement: StockMovementRequest) =>
      api.post<StockMovementResult>(`${productUrl(id)}/movements`, movement),
    // Done once the server has answered: the form is cleared for the next movement at once, not
    // after every figure on the dashboard has reloaded, which could wipe what was typed meanwhile.
    onSuccess: (result) => {
      void refresh(result.product);
    },
  });
}
