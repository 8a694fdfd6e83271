import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  BulkChange,
  BulkOrderRequestInput,
  BulkOrderView,
  BulkPaymentInput,
} from "../../../../shared/contracts/bulk-orders.ts";
import type { CheckoutSession, PaymentReport } from "../../../../shared/contracts/payments.ts";
import { api } from "../../../lib/api-client.ts";

/**
 * Who may read a request: this browser (the server's cookie, set when it was sent) or a signed-in
 * requester need only the ticket; the emailed link adds its token.
 */
export type BulkAccess = { ticketId: string; token?: string | undefined };

const bulkPath = ({ ticketId, token }: BulkAccess, action = "") =>
  `/api/bulk-orders/${encodeURIComponent(ticketId)}${action}${
    token ? `?token=${encodeURIComponent(token)}` : ""
  }`;

export const bulkOrderQuery = (access: BulkAccess) =>
  queryOptions({
    queryKey: ["bulk-order", access.ticketId, access.token ?? null],
    queryFn: () => api.get<BulkOrderView>(bulkPath(access)),
    staleTime: 30_000,
    // The quote arrives by email: coming back to the tab shows it without a reload.
    refetchOnWindowFocus: true,
  });

export const useBulkOrder = (access: BulkAccess) => useQuery(bulkOrderQuery(access));

export const submitBulkOrder = (input: BulkOrderRequestInput) =>
  api.post<BulkOrderView>("/api/bulk-orders", input);

export function useSubmitBulkOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitBulkOrder,
    onSuccess: ({ link: _emailedLink, ...view }) => {
      queryClient.setQueryData(bulkOrderQuery({ ticketId: view.ticketId }).queryKey, view);
    },
  });
}

/** The request; an online method's answer comes with the provider checkout that pays it. */
export type AdvanceAnswer = BulkOrderView & { checkout?: CheckoutSession };

export const payBulkAdvance = ({
  access,
  payment,
  idempotencyKey,
}: {
  access: BulkAccess;
  payment: BulkPaymentInput;
  idempotencyKey: string;
}) =>
  api.post<AdvanceAnswer>(bulkPath(access, "/advance"), payment, {
    "idempotency-key": idempotencyKey,
  });

export function usePayBulkAdvance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payBulkAdvance,
    onSuccess: ({ checkout: _session, ...view }, { access }) => {
      queryClient.setQueryData(bulkOrderQuery(access).queryKey, view);
    },
  });
}

/** The provider checkout's answer for the advance, for the store to verify: the paid request. */
export const reportBulkAdvance = ({
  access,
  proof,
}: {
  access: BulkAccess;
  proof: PaymentReport;
}) => api.post<BulkOrderView>(bulkPath(access, "/advance/payment"), proof);

export function useReportBulkAdvance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportBulkAdvance,
    onSuccess: (view, { access }) => {
      queryClient.setQueryData(bulkOrderQuery(access).queryKey, view);
    },
  });
}

/** The planner's change after the advance: the request as it now reads, with the new quote. */
export const changeBulkLines = ({ access, change }: { access: BulkAccess; change: BulkChange }) =>
  api.post<BulkOrderView>(bulkPath(access, "/lines"), change);

export function useChangeBulkLines() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeBulkLines,
    onSuccess: (view, { access }) => {
      queryClient.setQueryData(bulkOrderQuery(access).queryKey, view);
    },
  });
}
