import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import {
  CUSTOMER_RELATIONS_API,
  type InboxPage,
  type StaffTicket,
  type TicketStatus,
} from "../../../../shared/contracts/support-inbox.ts";
import { ApiError, api } from "../../../lib/api-client.ts";
import { queryString } from "../../../lib/query-string.ts";
import { relationsKeys } from "./query-keys.ts";

const TICKETS = `${CUSTOMER_RELATIONS_API}/tickets`;
const ticketUrl = (reference: string) => `${TICKETS}/${encodeURIComponent(reference)}`;

/** One status of the inbox, page after page as the member asks for more. */
export const useInbox = (status: TicketStatus) =>
  useInfiniteQuery({
    queryKey: relationsKeys.inbox({ status }),
    queryFn: ({ pageParam }) =>
      api.get<InboxPage>(`${TICKETS}${queryString({ status, cursor: pageParam })}`),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    // Kept fresh by the live event stream; a slow poll covers a stream that cannot connect.
    refetchInterval: 60_000,
  });

export const useStaffTicket = (reference: string | undefined) =>
  useQuery({
    queryKey: relationsKeys.ticket(reference ?? ""),
    queryFn: () => api.get<StaffTicket>(ticketUrl(reference ?? "")),
    enabled: Boolean(reference),
  });

type Change =
  | { kind: "replies"; body: string; version: number }
  | { kind: "notes"; body: string }
  | { kind: "resolve" | "reopen"; version: number };

/**
 * Every change to a ticket. The answer is the ticket as it is now; a refusal because someone else
 * changed it first refreshes the ticket, so the member sees what changed before trying again.
 */
export function useChangeTicket(reference: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, ...body }: Change) =>
      api.post<StaffTicket>(`${ticketUrl(reference)}/${kind}`, body),
    onSuccess: (ticket) => {
      queryClient.setQueryData(relationsKeys.ticket(reference), ticket);
      void queryClient.invalidateQueries({ queryKey: relationsKeys.inboxes() });
    },
    onError: (error) => {
      if (!(error instanceof ApiError) || error.status !== 409) return;
      void queryClient.invalidateQueries({ queryKey: relationsKeys.ticket(reference) });
      void queryClient.invalidateQueries({ queryKey: relationsKeys.inboxes() });
    },
  });
}
