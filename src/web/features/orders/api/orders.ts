import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MyOrders, OrderView } from "../../../../shared/contracts/orders.ts";
import { api } from "../../../lib/api-client.ts";

export const orderQuery = (orderNumber: string) =>
  queryOptions({
    queryKey: ["order", orderNumber],
    queryFn: () => api.get<OrderView>(`/api/orders/${encodeURIComponent(orderNumber)}`),
    staleTime: 30_000,
  });

export const useOrder = (orderNumber: string, initial?: OrderView) =>
  useQuery({ ...orderQuery(orderNumber), initialData: initial });

export const invoiceUrl = (orderNumber: string) =>
  `/api/orders/${encodeURIComponent(orderNumber)}/invoice`;

export function useRateOrder(orderNumber: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rating: number) =>
      api.post<null>(`/api/orders/${encodeURIComponent(orderNumber)}/rating`, { rating }),
    onSuccess: (_nothing, rating) => {
      queryClient.setQueryData<OrderView>(orderQuery(orderNumber).queryKey, (order) =>
        order ? { ...order, rating } : order,
      );
    },
  });
}

export const myOrdersQuery = queryOptions({
  queryKey: ["my-orders"],
  queryFn: () => api.get<MyOrders>("/api/orders"),
  staleTime: 10_000,
});

export const useMyOrders = () => useQuery(myOrdersQuery);
