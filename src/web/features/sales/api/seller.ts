import { queryOptions, useQuery } from "@tanstack/react-query";
import { SALES_API, type SellerHeading } from "../../../../shared/contracts/sales.ts";
import { api } from "../../../lib/api-client.ts";
import { salesKeys } from "./query-keys.ts";

/** The shop's name, address and GSTIN change only with a restart of the store: read once. */
export const sellerQuery = queryOptions({
  queryKey: salesKeys.seller(),
  queryFn: () => api.get<SellerHeading>(`${SALES_API}/seller`),
  staleTime: Number.POSITIVE_INFINITY,
});

/** The shop as its papers name it, for the packing slip's heading. */
export const useSeller = () => useQuery(sellerQuery);
