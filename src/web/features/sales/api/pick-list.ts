import { queryOptions, useQuery } from "@tanstack/react-query";
import { type PickList, SALES_API } from "../../../../shared/contracts/sales.ts";
import { api } from "../../../lib/api-client.ts";
import { salesKeys } from "./query-keys.ts";

export const pickListQuery = queryOptions({
  queryKey: salesKeys.pickList(),
  queryFn: () => api.get<PickList>(`${SALES_API}/pick-list`),
});

/** Confirmed orders' lines grouped by product, for one round of the shelves. */
export const usePickList = () => useQuery(pickListQuery);
