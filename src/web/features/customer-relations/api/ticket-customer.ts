import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CustomerHistory,
  RefundRequestInput,
} from "../../../../shared/contracts/refund-requests.ts";
import {
  CUSTOMER_RELATIONS_API,
  type StaffTicket,
} from "../../../../shared/contracts/support-inbox.ts";
import { api } from "../../../lib/api-client.ts";
import { relationsKeys } from "./query-keys.ts";

const ticketUrl = (reference: string) =>
  `${CUSTOMER_RELATIONS_API}/tickets/${encodeURIComponent(reference)}`;

/** The ticket's customer's orders and other tickets, read-only. */
export const useTicketCustomer = (reference: string) =>
  useQuery({
    queryKey: relationsKeys.customer(reference),
    queryFn: () => api.get<CustomerHistory>(`${ticketUrl(reference)}/customer`),
  });

/** Asks Sales to refund one of the customer's delivered orders; answers the ticket. */
export function useAskForRefund(reference: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ask: RefundRequestInput) =>
      api.post<StaffTicket>(`${ticketUrl(reference)}/refund-requests`, ask),
    onSuccess: (ticket) => queryClient.setQueryData(relationsKeys.ticket(reference), ticket),
  });
}
