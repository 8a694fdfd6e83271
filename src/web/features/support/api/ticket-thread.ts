import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CustomerTicket, MyTickets } from "../../../../shared/contracts/support-inbox.ts";
import { api } from "../../../lib/api-client.ts";

export type TicketAccess = { reference: string; token: string };

const ticketKey = ({ reference, token }: TicketAccess) => ["support", "ticket", reference, token];
const ticketUrl = (reference: string) => `/api/support/tickets/${encodeURIComponent(reference)}`;

/** A ticket's conversation, opened with the signed link's token. */
export const useCustomerTicket = (access: TicketAccess) =>
  useQuery({
    queryKey: ticketKey(access),
    queryFn: () =>
      api.get<CustomerTicket>(
        `${ticketUrl(access.reference)}?${new URLSearchParams({ token: access.token })}`,
      ),
    retry: false,
  });

/** The customer's answer; the conversation comes back with it. */
export function useAnswerTicket(access: TicketAccess) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      api.post<CustomerTicket>(`${ticketUrl(access.reference)}/answers`, {
        token: access.token,
        body,
      }),
    onSuccess: (ticket) => queryClient.setQueryData(ticketKey(access), ticket),
  });
}

/** A signed-in customer's tickets; nothing to show for a visitor. */
export const useMyTickets = (signedIn: boolean) =>
  useQuery({
    queryKey: ["support", "mine"],
    queryFn: () => api.get<MyTickets>("/api/support/my-tickets"),
    enabled: signedIn,
  });
