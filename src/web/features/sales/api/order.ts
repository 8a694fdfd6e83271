import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RefundRequestList } from "../../../../shared/contracts/refund-requests.ts";
import {
  type CancelOrder,
  type MoveOrder,
  type RefundDelivered,
  SALES_API,
  type SalesOrder,
} from "../../../../shared/contracts/sales.ts";
import type { BulkConfirm, BulkConfirmResult } from "../../../../shared/contracts/sales-bulk.ts";
import { ApiError, api } from "../../../lib/api-client.ts";
import { creditNoteId } from "../../orders/api/orders.ts";
import { salesKeys } from "./query-keys.ts";

const orderUrl = (orderNumber: string) => `${SALES_API}/orders/${encodeURIComponent(orderNumber)}`;

export const salesOrderQuery = (orderNumber: string) =>
  queryOptions({
    queryKey: salesKeys.order(orderNumber),
    queryFn: () => api.get<SalesOrder>(orderUrl(orderNumber)),
  });

/** One order in full: lines, customer, payment, documents, refunds and timeline. */
export const useSalesOrder = (orderNumber: string | undefined) =>
  useQuery({ ...salesOrderQuery(orderNumber ?? ""), enabled: Boolean(orderNumber) });

/** Someone else moved the order first: the server says where it is now. */
export const isMoveConflict = (error: unknown) => error instanceof ApiError && error.status === 409;

/**
 * After a move, or a refusal that says the order had moved: the board and the order refresh
 * (a move sent later, from the offline queue, too).
 */
export function useAfterChange() {
  const queryClient = useQueryClient();
  return {
    saved(order: SalesOrder) {
      queryClient.setQueryData(salesKeys.order(order.orderNumber), order);
      void queryClient.invalidateQueries({ queryKey: salesKeys.boards() });
      void queryClient.invalidateQueries({ queryKey: salesKeys.pickList() });
    },
    refused(error: unknown, orderNumber: string) {
      if (!isMoveConflict(error)) return;
      void queryClient.invalidateQueries({ queryKey: salesKeys.order(orderNumber) });
      void queryClient.invalidateQueries({ queryKey: salesKeys.boards() });
    },
  };
}

/** The store could not be reached: the request may or may not have arrived. */
export const isNetworkFailure = (error: unknown) =>
  error instanceof ApiError && error.code === "NETWORK";

/**
 * One move, under its key when given: sent again with the same key (back online, an answer lost
 * on the way) it is answered as the first time, never made twice.
 */
export const sendMove = (orderNumber: string, move: MoveOrder, key?: string) =>
  api.post<SalesOrder>(
    `${orderUrl(orderNumber)}/moves`,
    move,
    key ? { "idempotency-key": key } : undefined,
  );

export function useMoveOrder() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: ({
      orderNumber,
      move,
      key,
    }: {
      orderNumber: string;
      move: MoveOrder;
      key?: string;
    }) => sendMove(orderNumber, move, key),
    onSuccess: (order) => after.saved(order),
    onError: (error, { orderNumber }) => after.refused(error, orderNumber),
  });
}

/** Confirms the selected orders in one request, under a new key per press. */
export function useConfirmOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orders: string[]) =>
      api.post<BulkConfirmResult>(
        `${SALES_API}/orders/confirmations`,
        { orders } satisfies BulkConfirm,
        { "idempotency-key": crypto.randomUUID() },
      ),
    onSettled: (_result, _error, orders) => {
      void queryClient.invalidateQueries({ queryKey: salesKeys.boards() });
      void queryClient.invalidateQueries({ queryKey: salesKeys.pickList() });
      for (const orderNumber of orders) {
        void queryClient.invalidateQueries({ queryKey: salesKeys.order(orderNumber) });
      }
    },
  });
}

export function useCancelOrder() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: ({ orderNumber, cancel }: { orderNumber: string; cancel: CancelOrder }) =>
      api.post<SalesOrder>(`${orderUrl(orderNumber)}/cancel`, cancel),
    onSuccess: (order) => after.saved(order),
    onError: (error, { orderNumber }) => after.refused(error, orderNumber),
  });
}

/** A refund of a delivered order; its key makes a retried press refund once. */
export function useRefundOrder() {
  const after = useAfterChange();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderNumber, refund }: { orderNumber: string; refund: RefundDelivered }) =>
      api.post<SalesOrder>(`${orderUrl(orderNumber)}/refunds`, refund),
    onSuccess: (order) => {
      after.saved(order);
      void queryClient.invalidateQueries({ queryKey: salesKeys.refundRequests() });
    },
    onError: (error, { orderNumber }) => after.refused(error, orderNumber),
  });
}

/** What Customer Relations asked to refund from tickets, oldest first; kept fresh live. */
export const useRefundRequests = () =>
  useQuery({
    queryKey: salesKeys.refundRequests(),
    queryFn: () => api.get<RefundRequestList>(`${SALES_API}/refund-requests`),
    refetchInterval: 60_000,
  });

/** Declines a refund request, saying why; the list comes back without it. */
export function useDeclineRefundRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note: string }) =>
      api.post<RefundRequestList>(`${SALES_API}/refund-requests/${id}/decline`, { note }),
    onSuccess: (list) => queryClient.setQueryData(salesKeys.refundRequests(), list),
    onError: () => void queryClient.invalidateQueries({ queryKey: salesKeys.refundRequests() }),
  });
}

/** The GST invoice (a proforma until dispatch) and credit notes, as the staff download them. */
export const staffInvoiceUrl = (orderNumber: string) => `${orderUrl(orderNumber)}/invoice`;
export const staffCreditNoteUrl = (orderNumber: string, noteNumber: string) =>
  `${orderUrl(orderNumber)}/credit-notes/${creditNoteId(noteNumber)}`;
/** The same documents as PDF files. */
export const staffInvoicePdfUrl = (orderNumber: string) => `${staffInvoiceUrl(orderNumber)}/pdf`;
export const staffCreditNotePdfUrl = (orderNumber: string, noteNumber: string) =>
  `${staffCreditNoteUrl(orderNumber, noteNumber)}/pdf`;
