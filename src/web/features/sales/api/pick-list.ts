import { queryOptions, useQuery } from "@tanstack/react-query";
import {
  type PickList,
  type PickListStatus,
  SALES_API,
} from "../../../../shared/contracts/sales.ts";
import { api } from "../../../lib/api-client.ts";
import { salesKeys } from "./query-keys.ts";

export const pickListQuery = (statuses: readonly PickListStatus[]) =>
  queryOptions({
    queryKey: salesKeys.pickListOf(statuses),
    queryFn: () =>
      api.get<PickList>(`${SALES_API}/pick-list?status=${encodeURIComponent(statuses.join(","))}`),
  });

/** The lines of the orders in the chosen states, grouped by product, for one round of the shelves. */
export const usePickList = (statuses: readonly PickListStatus[]) =>
  useQuery(pickListQuery(statuses));
