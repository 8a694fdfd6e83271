import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MyOrders, OrderView } from "../../../../shared/contracts/orders.ts";
import { api } from "../../../lib/api-client.ts";

/** An order as its buyer sees it, read from the store. */
export const fetchOrder = (orderNumber: string) =>
  api.get<OrderView>(`/api/orders/${encodeURIComponent(orderNumber)}`);

export const orderQuery = (orderNumber: string) =>
  queryOptions({
    queryKey: ["order", orderNumber],
    queryFn: () => fetchOrder(orderNumber),
    staleTime: 30_000,
  });

/** While an order awaits its payment it is read again now and then: it may be paid elsewhere. */
const AWAITING_REFRESH_MS = 15_000;

export const useOrder = (orderNumber: string, initial?: OrderView) =>
  useQuery({
    ...orderQuery(orderNumber),
    initialData: initial,
    refetchInterval: (query) =>
      query.state.data?.status === "awaiting_payment" ? AWAITING_REFRESH_MS : false,
  });

export const invoiceUrl = (orderNumber: string) =>
  `/api/orders/${encodeURIComponent(orderNumber)}/invoice`;

/** A credit note's number as its address names it: "FCN/26-27/000001" is "FCN-26-27-000001". */
export const creditNoteId = (noteNumber: string) => noteNumber.replaceAll("/", "-");

export const creditNoteUrl = (orderNumber: string, noteNumber: string) =>
  `/api/orders/${encodeURIComponent(orderNumber)}/credit-notes/${encodeURIComponent(creditNoteId(noteNumber))}`;

/** The same documents as PDF files, beside the HTML ones. */
export const invoicePdfUrl = (orderNumber: string) => `${invoiceUrl(orderNumber)}/pdf`;
export const creditNotePdfUrl = (orderNumber: string, noteNumber: string) =>
  `${creditNoteUrl(orderNumber, noteNumber)}/pdf`;

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
