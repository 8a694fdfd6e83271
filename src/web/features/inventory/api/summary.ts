import { queryOptions, useQuery } from "@tanstack/react-query";
import type { InventorySummary } from "../../../../shared/contracts/inventory.ts";
import { api } from "../../../lib/api-client.ts";
import { INVENTORY_API, inventoryKeys } from "./query-keys.ts";

export const inventorySummaryQuery = queryOptions({
  queryKey: inventoryKeys.summary(),
  queryFn: () => api.get<InventorySummary>(`${INVENTORY_API}/summary`),
  // Kept fresh by the live event stream; a slow poll covers a stream that cannot connect.
  refetchInterval: 60_000,
});

export const useInventorySummary = () => useQuery(inventorySummaryQuery);
