import { useQuery } from "@tanstack/react-query";
import {
  type LargeOrderDashboard,
  type LargeOrderNotices,
  largeOrdersPath,
} from "../../../../shared/contracts/large-orders.ts";
import { api } from "../../../lib/api-client.ts";

export const largeOrdersKey = (dashboard: LargeOrderDashboard) =>
  ["staff", dashboard, "large-orders"] as const;

/** The orders that lately took a large share of a product's stock, under the dashboard's API. */
export const useLargeOrderNotices = (dashboard: LargeOrderDashboard) =>
  useQuery({
    queryKey: largeOrdersKey(dashboard),
    queryFn: () => api.get<LargeOrderNotices>(largeOrdersPath(dashboard)),
  });
